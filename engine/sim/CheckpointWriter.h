#pragma once

#include "engine/sim/FailureDetector.h"
#include "engine/sim/GroupRoster.h"
#include "engine/sim/RunMetrics.h"
#include "engine/sim/RunReporter.h"
#include "engine/sim/Scenario.h"
#include "engine/sim/TimeLedger.h"
#include "engine/sim/TrainingProgress.h"

namespace spare {

// A run's checkpoints (docs/simulator-model.md, "Checkpoints"): the write after every T_c-th step, the
// two-stage persist, what voids a checkpoint, and the rollback target. The checkpoint of step k (the step
// just committed) is written after it. Under checkpoint.semantics exact a rollback to it resumes at step
// k + 1 and a failure of any group before it is written (and persisted) voids it; under paper a rollback
// re-executes step k, and only the writer (lowest-numbered live group) is checked. Everyone waits T_s, or
// under writer_only_waits only the writer: its write then ends T_s later, inside the next step's compute.
// Methods that take `now` by reference advance the run's clock.
class CheckpointWriter {
public:
    CheckpointWriter(const Scenario& scenario, FailureDetector& detector, const GroupRoster& roster,
                     RunReporter& reporter, TimeLedger& ledger, RunMetrics& metrics);

    // The write after `stepsDone` committed steps (`progress` so far). A write due while the one before is
    // still being persisted waits for it.
    void write(double& now, int stepsDone, const TrainingProgress& progress);
    // Ends a write in progress once `now` has reached its end. Under the paper's semantics without a
    // persist stage the checkpoint is a rollback target at once; otherwise it waits for settle().
    void endPending(double now);
    // A written checkpoint becomes the rollback target when it is persisted with no live group failing
    // from the start of its write (exact; paper: from the end of the write) to the end of its persist;
    // a failure in that span voids it, and its work is rolled back with the steps after it.
    void settle(double now);
    // A restart loses what is not persisted: under exact semantics a write in progress and a checkpoint
    // still persisting are voided (the failures behind the restart came before their end); under the
    // paper's a write in progress ends after the restart as before.
    void settleBeforeRestart(double start);
    // A planned stop: the write in progress completes, then a checkpoint of the last committed step that
    // the orderly drain always completes (none when there is one already).
    void drainForStop(double& now, int stepsDone, const TrainingProgress& progress);

    // The writer of a write still in progress under writer_only_waits (-1: none) and its end.
    int pendingWriter() const { return pendingWriter_; }
    double pendingEndS() const { return pendingEndS_; }
    // The step a rollback resumes at, and the progress it restores (under the paper's semantics, only for
    // policies whose every step is a full batch: the step count).
    int rollbackStep() const { return lastCheckpointStep_; }
    TrainingProgress rollbackProgress() const;

private:
    const Scenario& sc_;
    FailureDetector& detector_;
    const GroupRoster& roster_;
    RunReporter& reporter_;
    TimeLedger& ledger_;
    RunMetrics& m_;
    bool exact_;  // checkpoint.semantics exact (else the paper's)

    int lastCheckpointStep_ = 0;
    int pendingWriter_ = -1;
    int pendingStep_ = 0;
    TrainingProgress pendingProgress_;
    TrainingProgress lastProgress_;
    double pendingEndS_ = 0.0;
    // A written checkpoint waiting for its persist stage (or, under exact semantics, for the check that no
    // group failed during its write).
    bool persisting_ = false;
    int persistWriter_ = -1;
    double persistEndS_ = 0.0;
};

}  // namespace spare
