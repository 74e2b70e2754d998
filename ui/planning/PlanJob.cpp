#include "planning/PlanJob.h"

#include <exception>

namespace spare {

PlanJob::~PlanJob()
{
    jobs_.cancelAll();
}

bool PlanJob::start(std::shared_ptr<const PlanSpec> spec, int threads)
{
    if (running_)
        return false;
    running_ = true;
    cancel_ = jobs_.start([this, spec, threads](const std::atomic<bool>& cancel) {
        PlanOutcome outcome;
        outcome.spec = spec;
        try {
            LocalPlanRoundRunner runner(threads, &cancel, [this](std::size_t done, std::size_t total) {
                emit progressed(done, total);
            });
            PlanOptions options;
            options.cancel = &cancel;
            options.progress = [this](const PlanResult& result) {
                QMetaObject::invokeMethod(this, [this, result] { emit roundFinished(result); }, Qt::QueuedConnection);
            };
            outcome.result = runPlan(*spec, runner, options);
            outcome.result.cancelled = outcome.result.cancelled || cancel.load();
        } catch (const std::exception& e) {
            outcome.error = QString::fromUtf8(e.what());
        }
        QMetaObject::invokeMethod(this, [this, outcome] {
            running_ = false;
            emit finished(outcome);
        }, Qt::QueuedConnection);
    }, QStringLiteral("spare-plan"));
    return true;
}

void PlanJob::cancel()
{
    if (cancel_)
        *cancel_ = true;
}

}  // namespace spare
