#include "layoutlab/LayoutRefiner.h"

#include "analysis/ClosedForms.h"
#include "layout/Layout.h"

#include <QMetaObject>

#include <algorithm>

namespace spare {

LayoutRefiner::LayoutRefiner(QObject* parent) : QObject(parent)
{
    qRegisterMetaType<spare::LayoutRefinement>("spare::LayoutRefinement");
}

LayoutRefiner::~LayoutRefiner()
{
    for (auto& job : jobs_)
        job->cancel = true;
    for (auto& job : jobs_)
        job->thread.join();
}

LayoutRefinement LayoutRefiner::refine(const LayoutRefineTask& task, const LayoutLabSettings& settings,
                                       const std::atomic<bool>& cancel,
                                       const std::function<void(std::uint64_t)>& progress)
{
    LayoutRefinement result;
    result.key = task.key;
    if (task.exactMu)
        result.muExact = muExactConsecutive(task.layout->groups(), task.layout->redundancy());
    MonteCarloOptions options;
    options.trials = settings.trials;
    options.seed = settings.seed;
    options.device = Device::Cpu;  // the same numbers on every machine
    options.cancel = &cancel;
    if (progress)
        options.progress = [&progress](std::uint64_t done, std::uint64_t) { progress(done); };
    result.monteCarlo = MonteCarlo::run(*task.layout, options);
    result.complete = result.monteCarlo.trials == settings.trials;
    return result;
}

void LayoutRefiner::start(std::vector<LayoutRefineTask> tasks, const LayoutLabSettings& settings)
{
    cancel();
    joinFinishedJobs();
    if (tasks.empty())
        return;
    running_ = true;
    const std::uint64_t generation = ++generation_;
    auto job = std::make_unique<Job>();
    Job* raw = job.get();
    jobs_.push_back(std::move(job));
    raw->thread = std::thread([this, raw, generation, tasks = std::move(tasks), settings] {
        // Runs on the GUI thread; drops whatever a newer start() or cancel() superseded.
        const auto post = [this, generation](auto deliver) {
            QMetaObject::invokeMethod(
                this, [this, generation, deliver] {
                    if (generation == generation_)
                        deliver();
                },
                Qt::QueuedConnection);
        };
        const quint64 total = settings.trials * tasks.size();
        quint64 before = 0;
        for (const LayoutRefineTask& task : tasks) {
            if (raw->cancel)
                break;
            const LayoutRefinement result = refine(task, settings, raw->cancel, [&](std::uint64_t done) {
                const quint64 sofar = before + done;
                post([this, sofar, total] { emit progress(sofar, total); });
            });
            before += settings.trials;
            if (result.complete)
                post([this, result] { emit refined(result); });
        }
        post([this] {
            running_ = false;
            emit finished(false);
        });
        raw->done = true;
    });
}

void LayoutRefiner::cancel()
{
    for (auto& job : jobs_)
        job->cancel = true;
    ++generation_;
    if (running_) {
        running_ = false;
        emit finished(true);
    }
}

void LayoutRefiner::joinFinishedJobs()
{
    const auto finished = std::stable_partition(jobs_.begin(), jobs_.end(), [](const auto& job) { return !job->done; });
    for (auto it = finished; it != jobs_.end(); ++it)
        (*it)->thread.join();
    jobs_.erase(finished, jobs_.end());
}

}  // namespace spare
