#include "ui/planning/FitJob.h"

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
        const std::atomic<bool>& cancel = job.cancelFlag();
        stage(tr("reading"), 0, 0);
        auto log = std::make_shared<FailureLog>(readFailureLog(request.logPath.toStdString(), request.readOptions(), &cancel));
        outcome.log = log;
        if (!cancel.load()) {
            FitOptions options;
            options.bootstrapSamples = request.bootstrap;
            options.seed = request.seed;
            options.threads = threads;
            options.cancel = &cancel;
            options.progress = [&stage](std::size_t done, std::size_t total) { stage(tr("bootstrap"), done, total); };
            auto fits = std::make_shared<FailureLogFits>(fitFailureLog(*log, options));
            if (!fits->cancelled)
                outcome.fits = fits;
        }
        if (outcome.fits && log->locations.size() == log->timesS.size() && !log->levelNames.empty() && !cancel.load()) {
            stage(tr("clustering"), 0, 0);
            FailureClusteringOptions clustering;
            clustering.windowS = request.clusterWindowS;
            clustering.seed = request.seed;
            clustering.threads = threads;
            outcome.clustering = std::make_shared<FailureClustering>(clusterFailures(*log, clustering));
        }
        outcome.cancelled = cancel.load();
    }, [this](const FitOutcome& outcome) { emit finished(outcome); });
    return true;
}

}  // namespace spare
