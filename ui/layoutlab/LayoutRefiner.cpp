#include "ui/layoutlab/LayoutRefiner.h"

#include "engine/analysis/ClosedForms.h"
#include "engine/layout/Layout.h"

namespace spare {

LayoutRefiner::LayoutRefiner(QObject* parent) : QObject(parent)
{
    qRegisterMetaType<spare::LayoutRefinement>("spare::LayoutRefinement");
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
    options.control.cancel = &cancel;
    if (progress)
        options.control.progress = [&progress](std::size_t done, std::size_t) { progress(done); };
    result.monteCarlo = MonteCarlo::run(*task.layout, options);
    result.complete = result.monteCarlo.trials == settings.trials;
    return result;
}

void LayoutRefiner::start(std::vector<LayoutRefineTask> tasks, const LayoutLabSettings& settings)
{
    cancel();
    if (tasks.empty())
        return;
    runner_.start(false, [this, tasks = std::move(tasks), settings](bool& cancelled, const auto& job) {
        const quint64 total = settings.trials * tasks.size();
        quint64 before = 0;
        for (const LayoutRefineTask& task : tasks) {
            if (job.cancelled())
                break;
            const LayoutRefinement result = refine(task, settings, job.cancelFlag(), [&](std::uint64_t done) {
                job.post([this, sofar = before + done, total] { emit progress(sofar, total); });
            });
            before += settings.trials;
            if (result.complete)
                job.post([this, result] { emit refined(result); });
        }
        cancelled = job.cancelled();
    }, [this](bool cancelled) { emit finished(cancelled); });
}

void LayoutRefiner::cancel()
{
    if (!runner_.running())
        return;
    runner_.abandon();
    emit finished(true);
}

}  // namespace spare
