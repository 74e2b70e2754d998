#pragma once

#include "engine/sim/Scenario.h"

namespace spare {

// The "auto" checkpoint interval (docs/simulator-model.md, "Checkpoints") and the two quantities it
// rests on, as checkpoint.auto_rule defines them; `fit --checkpoint-sweep` and `plan --checkpoint auto`
// use the same rule.

// Seconds of one training step under the scenario's policy: T_comp + T_a (CKPT-only), 2 T_comp + T_a
// (SPARe+CKPT, as the paper counts it), r T_comp + T_a (Rep+CKPT).
double policyStepS(const Scenario& scenario);

// Mean time between the interruptions the policy cannot mask (global restarts): every failure (m) for
// CKPT-only. SPARe+CKPT and Rep+CKPT: under the renewal rule the mean time to the failure that ends a
// masked stretch of mu failures while the rate falls with each group out, m N ln(N / (N - mu - 1)), mu the
// mean failures masked before a wipe-out (muAsymptotic) or a lost replica set (muExactReplicaSets); under
// the paper's rule min(mu, N / 2) m and mu_sets m. Throws ScenarioError at checkpoint.interval_steps when
// Rep+CKPT has no mu for these groups and redundancy.
double interruptionMtbfS(const Scenario& scenario);

// renewal: the exact renewal optimum (renewalOptimalCheckpointPeriod) of interruptionMtbfS with the
// write time; paper: the paper's availability-optimal T_c* with the restart time. In policyStepS steps,
// rounded, 1 .. workload.steps.
int autoCheckpointIntervalSteps(const Scenario& scenario);

}  // namespace spare
