#include "ui/analysis/AnalysisRunner.h"

namespace spare {

AnalysisRunner::AnalysisRunner(QObject* parent) : QObject(parent)
{
    qRegisterMetaType<spare::AnalysisResults>("spare::AnalysisResults");
    qRegisterMetaType<spare::AnalysisProgress>("spare::AnalysisProgress");
}

void AnalysisRunner::start(const AnalysisRequest& request)
{
    runner_.abandon();
    request_ = request;
    const auto hit = cache_.constFind(QString::fromStdString(request.cacheKey()));
    if (hit != cache_.constEnd()) {
        results_ = *hit;
        const int total = AnalysisStudy::totalUnits(request);
        emit updated(results_, AnalysisProgress{total, total, tr("cached").toStdString()});
        emit finished(results_);
        return;
    }
    results_ = AnalysisResults{};
    runner_.start({}, [this, request](AnalysisResults& results, const auto& job) {
        results = AnalysisStudy::run(request, job.cancelFlag(), [this, &job](const AnalysisResults& partial, const AnalysisProgress& progress) {
            job.post([this, partial, progress] {
                results_ = partial;
                emit updated(results_, progress);
            });
        });
    }, [this](const AnalysisResults& results) { finish(results); });
}

void AnalysisRunner::finish(const AnalysisResults& results)
{
    results_ = results;
    if (results_.complete)
        cache_.insert(QString::fromStdString(request_.cacheKey()), results_);
    const int total = AnalysisStudy::totalUnits(request_);
    emit updated(results_, AnalysisProgress{total, total, {}});
    emit finished(results_);
}

}  // namespace spare
