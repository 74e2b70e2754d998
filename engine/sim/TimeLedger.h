#pragma once

#include "engine/sim/TimeBreakdown.h"

namespace spare {

// Books a run's time into a TimeBreakdown as the simulator advances its clock. Step work (useful and
// redundant compute, barrier wait, all-reduce) stays provisional until no rollback can discard it: a
// restart turns the interrupted step's work into rework at once, and its rollback turns the work of
// every step from the restored checkpoint's step on into rework. Failure handling, checkpoint and
// restart time is final when booked.
class TimeLedger {
public:
    // A step's compute phase: `nominalS` = pieces x piece time, of which `usefulS` (T_comp) is useful
    // and the rest redundant; the phase lasted `phaseS` (the excess is barrier wait).
    void computePhase(double usefulS, double nominalS, double phaseS);
    void allReduce(double seconds) { current_.allReduceS += seconds; }
    void failedAllReduce(double seconds) { booked_.failedAllReduceS += seconds; }
    void patchCompute(double seconds) { booked_.redundantComputeS += seconds; }
    void shrink(double seconds) { booked_.shrinkS += seconds; }
    void reconfigure(double seconds) { booked_.reconfigureS += seconds; }
    // The step in progress is lost (elastic, rebalance): its work is rework.
    void stepDiscarded() { discard(current_); }
    // An in-memory checkpoint after the last committed step: the work since the persistent checkpoint is
    // kept by a restore from memory.
    void memoryCheckpointTaken();
    void checkpointWait(double seconds) { booked_.checkpointS += seconds; }
    // A global restart of `seconds` in all, of which the first `preludeS` went to detection, diagnosis and
    // queueing (split as the scenario's parts, in that order, each at most its share of the prelude).
    void restart(double seconds, double detectS, double diagnoseS, double queueS);
    void maintenance(double seconds) { booked_.maintenanceS += seconds; }

    void stepCommitted();
    // The write of a checkpoint ended. `includingLastStep`: a rollback to it resumes after the last
    // committed step (checkpoint.semantics exact); else it executes that step again (paper). The work stays
    // provisional until checkpointPersisted().
    void checkpointWritten(bool includingLastStep);
    // The checkpoint written last is a rollback target: its work is kept.
    void checkpointPersisted();
    // The checkpoint written last was voided: its work is provisional again, as if it were never written.
    void checkpointVoided();
    void restartStarted();
    // A rollback to the persistent checkpoint, or (fromMemory) to the in-memory one.
    void rolledBack(bool fromMemory = false);

    // Everything booked so far, provisional work included (it is kept when the run ends).
    TimeBreakdown breakdown() const;

private:
    struct StepWork {
        double usefulS = 0.0;
        double redundantS = 0.0;
        double barrierS = 0.0;
        double allReduceS = 0.0;

        void addTo(TimeBreakdown& out) const;
        StepWork& operator+=(const StepWork& other);
    };

    void discard(StepWork& work);

    TimeBreakdown booked_;
    StepWork written_;          // work a written, not yet persisted checkpoint holds
    StepWork inMemory_;         // work since the persistent checkpoint that the in-memory checkpoint holds
    StepWork sinceCheckpoint_;  // from the restored checkpoint's step to the last committed one, excluded
    StepWork lastCommitted_;    // the last committed step
    StepWork current_;          // the step in progress
};

}  // namespace spare
