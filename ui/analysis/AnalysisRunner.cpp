#include "analysis/AnalysisRunner.h"

#include <QMetaObject>


namespace spare {

AnalysisRunner::AnalysisRunner(QObject* parent) : QObject(parent)
{
    qRegisterMetaType<spare::AnalysisResults>("spare::AnalysisResults");
    qRegisterMetaType<spare::AnalysisProgress>("spare::AnalysisProgress");
}

AnalysisRunner::~AnalysisRunner() = default;

void AnalysisRunner::start(const AnalysisRequest& request)
{
    cancel();
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
    jobs_.start([this, request, generation](const std::atomic<bool>& cancel) {
        AnalysisResults final = AnalysisComputation::run(
            request, cancel, [this, generation](const AnalysisResults& partial, const AnalysisProgress& progress) {
                QMetaObject::invokeMethod(
                    this, [this, generation, partial, progress] { deliver(generation, partial, progress, false); },
                    Qt::QueuedConnection);
            });
        const int total = AnalysisComputation::totalUnits(request);
        QMetaObject::invokeMethod(
            this,
            [this, generation, final, total] { deliver(generation, final, AnalysisProgress{total, total, QString()}, true); },
            Qt::QueuedConnection);
    }, QStringLiteral("spare-analysis"));
}

void AnalysisRunner::cancel()
{
    jobs_.cancelAll();
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

}  // namespace spare
