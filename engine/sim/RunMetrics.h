#pragma once

#include "engine/sim/TimeBreakdown.h"

#include <cstdint>
#include <optional>

namespace spare {

// Why a run ended before its last step (SimulationLimits).
enum class StopReason : std::uint8_t {
    None,         // not stopped: completed (or still running)
    Until,        // reached SimulationLimits::untilS
    MaxTttRatio,  // still unfinished at SimulationLimits::maxTttRatio x T0
    MaxFailures,  // reached SimulationLimits::maxFailures
    Cancelled,    // the cancel flag or the observer asked to stop
};

// What the repair model did in a run (scenarios with a "repair" section only).
struct RepairMetrics {
    std::int64_t nodesFailed = 0;       // nodes sent to repair (a domain failure takes several)
    std::int64_t rejoins = 0;           // groups re-admitted at a step boundary (rejoin at_step)
    double meanRejoinDelayS = 0.0;      // failure to rejoin, averaged over rejoins
    std::int64_t spareWaits = 0;        // restarts that outlasted T_r waiting for spares
    double spareWaitS = 0.0;            // time restarts waited for spares beyond their window (part of restartS)
    int minFreeSpares = 0;              // fewest spares the pool held at any time
};

// What one simulated run measured. A plain value; every field is a deterministic function of the
// scenario, the policy, r and the seed.
struct RunMetrics {
    bool completed = false;          // all steps done (false: stopped by a limit or a cancel)
    StopReason stopReason = StopReason::None;  // which limit stopped an incomplete run
    int steps = 0;                   // steps asked for
    int stepsDone = 0;               // committed steps when the run ended (progress kept)
    int checkpointIntervalSteps = 0; // T_c used

    double tttS = 0.0;               // total simulated time
    double t0S = 0.0;                // steps x (T_comp + T_a): failure-free, redundancy-free time
    double tttRatio = 0.0;           // tttS / t0S
    double effectiveThroughput = 0.0; // t0S / tttS
    double availability = 0.0;       // (total - down) / total
    // Effective training time ratio as the published reports of large runs define it: productive training
    // time / wall-clock time, productive being the compute (all stacks), barrier wait and all-reduce of
    // the steps that are kept. Rework, restarts, maintenance, checkpoint stalls, failed all-reduces,
    // shrinks and patch computes are not productive. Redundant stacks count as productive: ETTR measures
    // interruptions, TTT/T0 measures interruptions and redundancy together.
    double ettr = 0.0;
    double productiveS = 0.0;        // the numerator of ettr
    double downS = 0.0;              // restartS + shrinkS + maintenanceS
    // The next five are copies of timeBreakdown's parts or sums of them (the TimeLedger books them).
    double restartS = 0.0;           // time in global restarts, every part (TimeBreakdown::globalRestartS)
    double maintenanceS = 0.0;       // time in planned maintenance stops
    double shrinkS = 0.0;            // time in communicator shrinks
    double checkpointS = 0.0;        // time the step loop waited for checkpoint writes
    double failedAllReduceS = 0.0;   // time in failed all-reduces
    double patchS = 0.0;             // time in patch computes
    // Of the barrier wait, the time steps waited for slow hosts (hosts.slow_factor): productive, so ETTR
    // does not see it; TTT/T0 does.
    double slowHostS = 0.0;

    std::int64_t executedSteps = 0;   // committed steps including those later rolled back
    std::int64_t reworkSteps = 0;     // committed steps lost to rollbacks
    std::int64_t checkpointsWritten = 0;
    std::int64_t checkpointsVoided = 0;
    std::int64_t failures = 0;        // failures of live groups (in training and during restarts)
    std::int64_t restartFailures = 0; // of which inside a restart window (they extend the restart)
    std::int64_t maskedFailures = 0;  // failures the policy survived without a restart
    std::int64_t restarts = 0;         // global restarts after failures (unplanned interruptions)
    std::int64_t maintenanceStops = 0; // planned interruptions (the maintenance section)
    // Elastic and rebalance: steps lost to a failure and computed again, and the time their detection and
    // re-planning took (TimeBreakdown::reconfigureS).
    std::int64_t discardedSteps = 0;
    double reconfigureS = 0.0;
    // Progress when the batch can shrink (docs/progress.md): the committed steps' batch fractions summed
    // (samples) and their worth w(b) summed (effective); both equal stepsDone when every step is a full
    // batch. Batch statistics over executed steps.
    double samplesCommitted = 0.0;
    double effectiveProgress = 0.0;
    double meanBatchFraction = 1.0;
    double minBatchFraction = 1.0;
    std::int64_t stepsBelowFullBatch = 0;
    // GPU-seconds the run held per step of workload.steps: N x M x TTT / steps (charges redundant compute
    // and idle spares alike).
    double gpuSecondsPerStep = 0.0;
    // The in-memory checkpoint tier (memory_checkpoint section): checkpoints taken, and restarts that loaded
    // from memory or fell back to storage.
    std::int64_t memoryCheckpoints = 0;
    std::int64_t memoryRestores = 0;
    std::int64_t storageRestores = 0;
    std::int64_t proneNodesRemoved = 0; // failure-prone nodes removed (hosts.remove_after)
    std::int64_t slowHostsEvicted = 0;  // slow nodes replaced (hosts.evict_after_s)
    double meanRestartS = 0.0;
    double meanStackNumber = 0.0;     // S at commit, averaged over executed steps
    std::int64_t patchComputes = 0;   // patch-compute rounds (SPARe)
    std::int64_t phase0Decisions = 0; // SPARe decisions that kept the stacks
    std::int64_t phase2Decisions = 0; // SPARe decisions that reordered
    std::int64_t wipeouts = 0;        // SPARe decisions that found a lost type
    // Executed steps by the reorder controller's work in them (the other policies have no decisions):
    // none, only fixed checks (Phase 0), at least one reorder. The three sum to executedSteps.
    std::int64_t stepsWithoutDecision = 0;
    std::int64_t stepsFixedCheckOnly = 0;
    std::int64_t stepsReordered = 0;
    TimeBreakdown timeBreakdown;      // TTT split into parts that sum to tttS
    std::int64_t events = 0;          // simulated events (each Event kind occurrence), observed or not
    std::optional<RepairMetrics> repair;  // engaged exactly when the scenario has a repair section
};

}  // namespace spare
