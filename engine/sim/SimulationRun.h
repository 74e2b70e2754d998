#pragma once

#include "engine/sim/CheckpointWriter.h"
#include "engine/sim/ComputeJitter.h"
#include "engine/sim/DomainFailureClocks.h"
#include "engine/sim/FailureClocks.h"
#include "engine/sim/FailureDetector.h"
#include "engine/sim/GroupRoster.h"
#include "engine/sim/HostPopulation.h"
#include "engine/sim/MemoryCheckpointTier.h"
#include "engine/sim/RecoveryPolicy.h"
#include "engine/sim/RepairTracker.h"
#include "engine/sim/RestartCause.h"
#include "engine/sim/RestartWindows.h"
#include "engine/sim/RunMetrics.h"
#include "engine/sim/RunReporter.h"
#include "engine/sim/Simulator.h"
#include "engine/sim/TimeLedger.h"
#include "engine/sim/TrainingProgress.h"

#include <memory>
#include <optional>
#include <vector>

namespace spare {

// One run's step loop (docs/simulator-model.md): compute, all-reduce and the failure cycle of each step,
// global restarts and planned stops. The rules it composes are classes of their own: the recovery
// policy (what a failure does), the failure detector (clocks and check points), the checkpoint writer,
// the restart windows, the repair tracker, the reporter (events and snapshots) and the time ledger.
class SimulationRun {
public:
    SimulationRun(const Scenario& scenario, const Layout* layout, FailureClocks clocks, DomainFailureClocks domains,
                  const HostPopulation& hosts, int checkpointInterval, SimulationObserver* observer,
                  const SimulationLimits& limits);

    RunMetrics run();

private:
    StopReason limitReached(double now) const;
    // progress.measure has reached workload.steps (for a policy whose every step is a full batch: the
    // committed step count has).
    bool targetReached() const;
    void takeMemoryCheckpoint();
    void runStep();
    bool leaveBeforeStep();
    double computePhaseSeconds(int pieces, double pieceS);
    double slowFactor() const;
    void evictSlowHosts(double now);
    void allReduceUntilCommitted();
    void commitStep();
    void maintenanceStop();
    double nextMaintenanceAfter(double now) const;
    void allGroupsBack(double end);
    void shrink();
    void rejoinReadyGroups();
    void globalRestart(RestartCause cause);
    void countDecision(const ReorderDecision& decision);
    void countStepPhase();
    void reportDecision(std::optional<ReorderDecision> decision);
    double t0S() const { return sc_.steps * (sc_.computeS + sc_.allReduceS); }
    RunMetrics finish();

    const Scenario& sc_;
    ComputeJitter jitter_;
    std::unique_ptr<RecoveryPolicy> policy_;
    SimulationLimits limits_;
    int checkpointInterval_;
    double t_ = 0.0;
    int stepsDone_ = 0;
    RunMetrics m_;
    TimeLedger ledger_;
    GroupRoster roster_;
    std::optional<RepairTracker> repair_;  // scenarios with a repair section
    std::optional<MemoryCheckpointTier> memory_;  // scenarios with a memory_checkpoint section
    RunReporter reporter_;
    FailureDetector detector_;
    CheckpointWriter checkpoints_;
    RestartWindows windows_;

    double nextMaintenanceS_;
    ProgressModel progressModel_;
    TrainingProgress progress_;
    double batchSum_ = 0.0;  // batch fractions of executed steps
    double minBatch_ = 1.0;
    // Groups holding a slow node (hosts section), until evicted.
    std::vector<int> slowGroups_;
    int slowNodes_ = 0;
    bool slowEvicted_ = false;
    double stackSum_ = 0.0;
    double capS_ = 0.0;  // maxTttRatio x T0
    // The reorder controller's most demanding phase in the step in progress (RunMetrics::stepsReordered).
    enum class StepPhase { NoDecision, FixedCheckOnly, Reordered };
    StepPhase stepPhase_ = StepPhase::NoDecision;
};

}  // namespace spare
