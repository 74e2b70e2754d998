#include "engine/sim/CheckpointInterval.h"

#include "engine/analysis/ClosedForms.h"
#include "engine/base/InputError.h"

#include <algorithm>
#include <cmath>

namespace spare {

namespace {

double maskedFailures(const Scenario& sc)
{
    // Elastic and rebalance go on while enough groups live: without repair a global restart comes after
    // N - min_replicas + 1 failures.
    if (sc.policy == Policy::Elastic)
        return sc.groups - sc.elastic.value_or(ElasticSettings{}).minReplicas;
    if (sc.policy == Policy::Rebalance)
        return sc.groups - 1.0;
    if (sc.policy == Policy::Spare)
        return muAsymptotic(sc.groups, sc.redundancy);
    const auto mu = muExactReplicaSets(sc.groups, sc.redundancy);
    if (!mu)
        throw ScenarioError({{{}, "checkpoint.interval_steps",
                              "\"auto\" has no Rep+CKPT value for these groups and redundancy; give an integer"}});
    return *mu;
}

}  // namespace

double policyStepS(const Scenario& sc)
{
    switch (sc.policy) {
    case Policy::Spare: return 2.0 * sc.computeS + sc.allReduceS;
    case Policy::Rep: return sc.redundancy * sc.computeS + sc.allReduceS;
    case Policy::Ckpt:
    case Policy::Elastic:
    case Policy::Rebalance: break;
    }
    return sc.computeS + sc.allReduceS;
}

double interruptionMtbfS(const Scenario& sc)
{
    const double m = sc.systemMtbfS;
    if (sc.policy == Policy::Ckpt)
        return m;
    const double mu = maskedFailures(sc);
    if (sc.checkpointAutoRule == CheckpointAutoRule::Paper)
        return (sc.policy == Policy::Spare ? std::min(mu, sc.groups / 2.0) : mu) * m;
    const double n = sc.groups;
    return m * n * std::log(n / (n - std::min(mu + 1.0, n - 0.5)));
}

int autoCheckpointIntervalSteps(const Scenario& sc)
{
    const double stepS = policyStepS(sc);
    long long steps = 1;
    const bool shrinks = sc.policy == Policy::Elastic || sc.policy == Policy::Rebalance;
    if (sc.checkpointAutoRule == CheckpointAutoRule::Renewal || shrinks) {
        const double exact = renewalOptimalCheckpointPeriod(sc.checkpointWriteS, interruptionMtbfS(sc)) / stepS;
        steps = std::llround(std::clamp(exact, 1.0, 2e9));
    } else if (sc.policy == Policy::Spare) {
        steps = spareCheckpointSteps(sc.groups, sc.redundancy, sc.systemMtbfS, sc.checkpointWriteS, sc.restartS, stepS)
                    .rounded;
    } else if (sc.policy == Policy::Rep) {
        maskedFailures(sc);  // throws where Rep+CKPT has no interval
        steps = repCheckpointSteps(sc.groups, sc.redundancy, sc.systemMtbfS, sc.checkpointWriteS, sc.restartS, stepS)
                    ->rounded;
    } else {
        steps = std::lround(optimalCheckpointPeriod(sc.checkpointWriteS, sc.restartS, sc.systemMtbfS) / stepS);
    }
    return static_cast<int>(std::clamp<long long>(steps, 1, std::max(1, sc.steps)));
}

}  // namespace spare
