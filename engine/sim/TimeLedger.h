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
    void checkpointWait(double seconds) { booked_.checkpointS += seconds; }
    void restart(double seconds) { booked_.restartS += seconds; }

    void stepCommitted();
    // The checkpoint of the last committed step is complete: a rollback now re-executes from that step.
    void checkpointEnded();
    void restartStarted();
    void rolledBack();

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
    StepWork sinceCheckpoint_;  // from the restored checkpoint's step to the last committed one, excluded
    StepWork lastCommitted_;    // the last committed step
    StepWork current_;          // the step in progress
};

}  // namespace spare
