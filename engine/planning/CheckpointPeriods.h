#pragma once

#include "engine/sim/CheckpointInterval.h"
#include "engine/sim/Scenario.h"

#include "engine/base/RunControl.h"

#include <cstddef>
#include <vector>

namespace spare {

// Checkpoint periods under a failure model: the published closed forms, and the period a simulation
// finds best. C = checkpoint write time, M = mean time between interruptions (interruptionMtbfS), R =
// restart time (seconds).
// Young's first-order period sqrt(2 C M).
double youngPeriod(double checkpointS, double mtbfS);
// Daly's higher-order period: sqrt(2 C M) [1 + sqrt(C / 2M) / 3 + (C / 2M) / 9] - C for C < 2M, else M.
double dalyPeriod(double checkpointS, double mtbfS);
// Daly's first-order period with the restart time: sqrt(2 C (R + M)).
double dalyPeriodWithRestart(double checkpointS, double restartS, double mtbfS);

struct CheckpointPeriodCandidate {
    int intervalSteps = 1;
    double periodS = 0.0;        // intervalSteps x policyStepS
    double meanTttRatio = 0.0;   // over the seeds (common to every candidate)
    double sdTttRatio = 0.0;
    int runs = 0;
    int completedRuns = 0;
};

struct CheckpointPeriodStudy {
    double interruptionMtbfS = 0.0;
    double stepS = 0.0;
    double youngS = 0.0;
    double dalyS = 0.0;
    double dalyWithRestartS = 0.0;
    int autoSteps = 1;                 // the scenario's "auto" interval
    std::vector<CheckpointPeriodCandidate> candidates;  // ascending intervalSteps
    std::size_t best = 0;              // lowest mean TTT/T0 among candidates whose runs all completed
    bool cancelled = false;
    // TTT/T0 of a period in seconds: the candidate at the nearest interval (closed forms vs simulation).
    const CheckpointPeriodCandidate& nearest(double periodS) const;
};

struct CheckpointStudyOptions {
    std::vector<int> intervalSteps;  // empty: a log-spaced grid around the closed forms (0.25x .. 4x)
    int seeds = 8;                   // run.seed, run.seed + 1, ... for every candidate
    RunControl control;              // progress: runs
};

// The closed forms alone (no candidates): the interruption MTBF, the step, Young, Daly and the "auto" interval.
CheckpointPeriodStudy checkpointClosedForms(const Scenario& scenario);

// Simulates the scenario at each candidate interval (common random numbers across candidates) and
// reports the closed forms beside the simulated best. Deterministic whatever the thread count.
CheckpointPeriodStudy studyCheckpointPeriods(const Scenario& scenario, const CheckpointStudyOptions& options);

}  // namespace spare
