#include "analysis/AnalysisRunner.h"

#include <QMetaObject>

#include <algorithm>

namespace spare {

AnalysisRunner::AnalysisRunner(QObject* parent) : QObject(parent)
{
    qRegisterMetaType<spare::AnalysisResults>("spare::AnalysisResults");
    qRegisterMetaType<spare::AnalysisProgress>("spare::AnalysisProgress");
}

AnalysisRunner::~AnalysisRunner()
{
    for (auto& job : jobs_)
        job->cancel = true;
    for (auto& job : jobs_)
        if (job->thread.joinable())
            job->thread.join();
}

void AnalysisRunner::start(const AnalysisRequest& request)
{
    cancel();
    reapFinishedJobs();
    request_ = request;
    const std::uint64_t generation = ++generation_;
    const auto hit = cache_.constFind(request.cacheKey());
    if (hit != cache_.constEnd()) {
        results_ = *hit;
        running_ = false;
        const int total = AnalysisComputation::totalUnits(request);
        emit updated(results_, AnalysisProgress{total, total, tr("cached")});
        emit finished(results_);
        return;
    }
    results_ = AnalysisResults{};
    running_ = true;
    auto job = std::make_unique<Job>();
    Job* raw = job.get();
    jobs_.push_back(std::move(job));
    raw->thread = std::thread([this, raw, request, generation] {
        AnalysisResults final = AnalysisComputation::run(
            request, raw->cancel, [this, generation](const AnalysisResults& partial, const AnalysisProgress& progress) {
                QMetaObject::invokeMethod(
                    this, [this, generation, partial, progress] { deliver(generation, partial, progress, false); },
                    Qt::QueuedConnection);
            });
        const int total = AnalysisComputation::totalUnits(request);
        QMetaObject::invokeMethod(
            this,
            [this, generation, final, total, raw] {
                finishedJobs_.push_back(raw);
                deliver(generation, final, AnalysisProgress{total, total, QString()}, true);
            },
            Qt::QueuedConnection);
    });
}

void AnalysisRunner::cancel()
{
    for (auto& job : jobs_)
        job->cancel = true;
}

void AnalysisRunner::adopt(const AnalysisRequest& request, const AnalysisResults& results)
{
    cancel();
    request_ = request;
    ++generation_;
    if (results.complete)
        cache_.insert(request.cacheKey(), results);
    const int total = AnalysisComputation::totalUnits(request);
    deliver(generation_, results, AnalysisProgress{total, total, QString()}, true);
}

void AnalysisRunner::deliver(std::uint64_t generation, const AnalysisResults& results, const AnalysisProgress& progress,
                             bool done)
{
    if (generation != generation_)
        return;  // a superseded request
    results_ = results;
    if (!done) {
        emit updated(results_, progress);
        return;
    }
    running_ = false;
    if (results_.complete)
        cache_.insert(request_.cacheKey(), results_);
    emit updated(results_, progress);
    emit finished(results_);
}

void AnalysisRunner::reapFinishedJobs()
{
    for (Job* done : finishedJobs_) {
        auto it = std::find_if(jobs_.begin(), jobs_.end(), [done](const auto& job) { return job.get() == done; });
        if (it == jobs_.end())
            continue;
        (*it)->thread.join();
        jobs_.erase(it);
    }
    finishedJobs_.clear();
}

}  // namespace spare
