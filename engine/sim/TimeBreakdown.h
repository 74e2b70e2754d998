#pragma once

#include <span>

namespace spare {

// Where a run's simulated time went (docs/simulator-model.md, "Where the time goes"). The fourteen parts
// are accumulated where the simulator advances its clock, so they sum to RunMetrics::tttS up to
// floating-point rounding.
struct TimeBreakdown {
    double usefulComputeS = 0.0;     // T_comp per kept step: the one stack a step needs
    double redundantComputeS = 0.0;  // the other stacks of kept steps (S - 1 or r - 1) and every patch compute
    double barrierWaitS = 0.0;       // kept steps' compute phases beyond their nominal compute (jitter, slow hosts)
    double allReduceS = 0.0;         // kept steps' successful all-reduces
    double failedAllReduceS = 0.0;   // every failed all-reduce
    double shrinkS = 0.0;            // every communicator shrink
    double reconfigureS = 0.0;       // elastic and rebalance: detection and re-planning after a failure
    double checkpointS = 0.0;        // the step loop's checkpoint waits (RunMetrics::checkpointS)
    double detectS = 0.0;            // global restarts: noticing the failure (restart.detect_s each)
    double diagnoseS = 0.0;          // global restarts: diagnosis (restart.diagnose_s each)
    double queueS = 0.0;             // global restarts: the scheduler's queue (restart.queue_s each)
    double restartS = 0.0;           // global restarts: the restart windows, their extensions and spare waits
    double maintenanceS = 0.0;       // planned maintenance stops (the maintenance section)
    double reworkS = 0.0;            // compute, barrier wait and all-reduce of steps a restart discarded

    // Every part of a global restart (RunMetrics::restartS): detect + diagnose + queue + restart.
    double globalRestartS() const { return detectS + diagnoseS + queueS + restartS; }

    double totalS() const;

    friend bool operator==(const TimeBreakdown&, const TimeBreakdown&) = default;
};

// One part of a TimeBreakdown: its JSON / CSV key, its label and its field.
struct TimeBreakdownPart {
    const char* key;
    const char* label;
    double TimeBreakdown::*seconds;
};

// The fourteen parts in display order (useful compute first, rework last).
std::span<const TimeBreakdownPart> timeBreakdownParts();

}  // namespace spare
