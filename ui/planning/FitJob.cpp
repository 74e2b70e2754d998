#include "ui/planning/FitJob.h"

#include "engine/planning/FailureLogStudy.h"

namespace spare {

bool FitJob::start(const FitRequest& request, int threads)
{
    if (runner_.running())
        return false;
    FitOutcome seed;
    seed.request = request;
    runner_.start(std::move(seed), [this, request, threads](FitOutcome& outcome, const auto& job) {
        const auto stage = [this, &job](const QString& name, std::size_t done, std::size_t total) {
            job.post([this, name, done, total] { emit progressed(name, done, total); });
        };
        FailureLogStudyOptions options = request.studyOptions(threads);
        options.control.cancel = &job.cancelFlag();
        options.bootstrapProgress = [&stage](std::size_t done, std::size_t total) { stage(tr("bootstrap"), done, total); };
        stage(tr("reading"), 0, 0);
        FailureLogStudy study = runFailureLogStudy(request.logPath.toStdString(), options);
        outcome.log = std::make_shared<const FailureLog>(std::move(study.log));
        if (!study.stoppedWhile)
            outcome.fits = std::make_shared<const FailureLogFits>(std::move(study.fits));
        if (study.clustering)
            outcome.clustering = std::make_shared<const FailureClustering>(std::move(*study.clustering));
        outcome.cancelled = job.cancelFlag().load();
    }, [this](const FitOutcome& outcome) { emit finished(outcome); });
    return true;
}

}  // namespace spare
