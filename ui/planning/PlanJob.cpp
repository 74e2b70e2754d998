#include "ui/planning/PlanJob.h"

namespace spare {

bool PlanJob::start(std::shared_ptr<const PlanSpec> spec, int threads)
{
    if (runner_.running())
        return false;
    PlanOutcome seed;
    seed.spec = spec;
    runner_.start(std::move(seed), [this, spec, threads](PlanOutcome& outcome, const auto& job) {
        const auto progress = [this, &job](std::size_t done, std::size_t total) {
            job.post([this, done, total] { emit progressed(done, total); });
        };
        LocalPlanRoundRunner runner(RunControl{threads, progress, &job.cancelFlag()});
        PlanOptions options;
        options.control.cancel = &job.cancelFlag();
        options.roundDone = [this, &job](const PlanResult& result) { job.post([this, result] { emit roundFinished(result); }); };
        outcome.result = runPlan(*spec, runner, options);
        outcome.result.cancelled = outcome.result.cancelled || job.cancelled();
    }, [this](const PlanOutcome& outcome) { emit finished(outcome); });
    return true;
}

}  // namespace spare
