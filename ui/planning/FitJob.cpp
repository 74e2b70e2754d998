#include "planning/FitJob.h"

#include <exception>

namespace spare {

FitJob::~FitJob()
{
    jobs_.cancelAll();
}

bool FitJob::start(const FitRequest& request, int threads)
{
    if (running_)
        return false;
    running_ = true;
    cancel_ = jobs_.start([this, request, threads](const std::atomic<bool>& cancel) {
        FitOutcome outcome;
        outcome.request = request;
        try {
            emit progressed(tr("reading"), 0, 0);
            auto log = std::make_shared<FailureLog>(readFailureLog(request.logPath.toStdString(), request.readOptions(), &cancel));
            outcome.log = log;
            if (!cancel.load()) {
                FitOptions options;
                options.bootstrapSamples = request.bootstrap;
                options.seed = request.seed;
                options.threads = threads;
                options.cancel = &cancel;
                options.progress = [this](std::size_t done, std::size_t total) { emit progressed(tr("bootstrap"), done, total); };
                auto fits = std::make_shared<FailureLogFits>(fitFailureLog(*log, options));
                if (!fits->cancelled)
                    outcome.fits = fits;
            }
            if (outcome.fits && log->locations.size() == log->timesS.size() && !log->levelNames.empty() && !cancel.load()) {
                emit progressed(tr("clustering"), 0, 0);
                FailureClusteringOptions clustering;
                clustering.windowS = request.clusterWindowS;
                clustering.seed = request.seed;
                clustering.threads = threads;
                outcome.clustering = std::make_shared<FailureClustering>(clusterFailures(*log, clustering));
            }
            outcome.cancelled = cancel.load();
        } catch (const std::exception& e) {
            outcome.error = QString::fromUtf8(e.what());
        }
        QMetaObject::invokeMethod(this, [this, outcome] {
            running_ = false;
            emit finished(outcome);
        }, Qt::QueuedConnection);
    }, QStringLiteral("spare-fit"));
    return true;
}

void FitJob::cancel()
{
    if (cancel_)
        *cancel_ = true;
}

}  // namespace spare
