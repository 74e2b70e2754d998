#pragma once

#include "engine/sim/Scenario.h"

namespace spare {

// Tiny exact scenario: T_comp = 10, T_a = 1 (failed all-reduce 0.5), shrink 0.1, T_r = 100, T_s = 5,
// no jitter, so every time of a run is hand-computable.
inline Scenario tinyScenario(Policy policy, int groups, int redundancy, int steps, int checkpointInterval)
{
    Scenario s;
    s.name = "tiny";
    s.groups = groups;
    s.gpusPerGroup = 8;
    s.redundancy = redundancy;
    s.layout = "golomb";
    s.steps = steps;
    s.computeS = 10.0;
    s.allReduceS = 1.0;
    s.failedAllReduceFactor = 0.5;
    s.shrinkS = 0.1;
    s.jitterSd = 0.0;
    s.restartS = 100.0;
    s.restartRule = RestartRule::ExtendOnFailure;
    s.checkpointIntervalSteps = checkpointInterval;
    s.checkpointWriteS = 5.0;
    s.policy = policy;
    return s;
}

// CKPT-only with whole-second steps, no jitter and free failure handling (no all-reduce, shrink or
// checkpoint write; a fixed restart of T_r = 100 s; interval "auto"), exponential failures that never
// come (MTBF 1e12 s) until a test sets one: the simulator's clock is the renewal model's.
inline Scenario renewalCkptScenario(int groups, int steps)
{
    Scenario s = tinyScenario(Policy::Ckpt, groups, 1, steps, 1);
    s.checkpointIntervalSteps.reset();
    s.computeS = 1.0;
    s.allReduceS = 0.0;
    s.failedAllReduceFactor = 0.0;
    s.shrinkS = 0.0;
    s.failureModel = FailureModel::Exponential;
    s.systemMtbfS = 1e12;
    s.restartRule = RestartRule::Fixed;
    s.checkpointWriteS = 0.0;
    return s;
}

}  // namespace spare
