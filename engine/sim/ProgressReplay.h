#pragma once

#include "engine/sim/Event.h"
#include "engine/sim/Scenario.h"
#include "engine/sim/TrainingProgress.h"

#include <vector>

namespace spare {

// A run's progress by each measure (docs/progress.md) as its recording plays: a fold of the event stream
// that counts each committed step at the batch fraction of the groups in the run at its end (only
// elastic's batch shrinks) and takes a rollback back to the progress of the step it resumes at. At the
// end of a recording it equals the run's samplesCommitted and effectiveProgress (RunMetrics).
class ProgressReplay {
public:
    ProgressReplay() = default;
    explicit ProgressReplay(const Scenario& scenario);

    void apply(const Event& event);
    // Events applied so far.
    std::size_t applied() const { return applied_; }
    const TrainingProgress& progress() const { return progress_; }
    // The progress by the scenario's measure (progress.measure): steps, samples or effective.
    double measured() const;
    // The batch fraction of the step in progress.
    double batchFraction() const;

private:
    Scenario scenario_;
    ProgressModel model_;
    std::size_t applied_ = 0;
    int stepsDone_ = 0;  // StepEnd(step k) -> k + 1, Rollback(step k) -> k, as ReplayState folds it
    // Groups in the batch: a Reconfigure sets it, a Rejoin adds one, a restart's end brings all back. A
    // failure the run has not found yet still counts (its Failure event comes earlier, in time order).
    int batchGroups_ = 0;
    TrainingProgress progress_;
    std::vector<TrainingProgress> atStep_;  // progress after k committed steps, k = 0 .. the furthest reached
};

}  // namespace spare
