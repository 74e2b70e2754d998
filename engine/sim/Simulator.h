#pragma once

#include "engine/sim/CheckpointInterval.h"
#include "engine/sim/Event.h"
#include "engine/sim/FailureTrace.h"
#include "engine/sim/PreparedRun.h"
#include "engine/sim/RunMetrics.h"
#include "engine/sim/Scenario.h"

#include <atomic>
#include <cstdint>
#include <limits>
#include <vector>

namespace spare {

// Early stops. A stopped run reports completed = false and RunMetrics::stopReason. Every loop of the
// run respects them: limits are checked at each step start and at each failure inside a global
// restart (a restart window can grow without end when failures keep extending it), so a run never
// passes a time limit by more than one step, and memory stays bounded whatever the failure rate.
struct SimulationLimits {
    double untilS = std::numeric_limits<double>::infinity();          // stop at this simulated time
    // Stop a run that is still unfinished at this multiple of T0 (CKPT-only in the paper's regime
    // never finishes: it restarts before reaching a checkpoint). Must be > 0 (the run's bound).
    double maxTttRatio = 100.0;
    std::int64_t maxFailures = std::numeric_limits<std::int64_t>::max();  // stop after this many failures
    const std::atomic<bool>* cancel = nullptr;  // polled with the limits (sweeps; no observer needed)
};

// Discrete-event simulator of one training run under scenario.policy (SPARe+CKPT, Rep+CKPT or
// CKPT-only), following docs/simulator-model.md. A Simulator is a cheap, reusable description: each
// run() starts from time 0 with fresh clocks, so the same scenario always gives the same metrics and
// event stream (byte for byte).
class Simulator {
public:
    // With a trace the run replays it (scenario.failureModel is then taken as trace).
    explicit Simulator(PreparedRun run);
    // prepareRun(scenario): for FailureModel::Trace the scenario's trace file is loaded.
    explicit Simulator(const Scenario& scenario);
    // The trace model with the failures given directly (tests, the GUI); scenario.failureModel is
    // ignored.
    Simulator(const Scenario& scenario, std::vector<TraceFailure> trace);

    const Scenario& scenario() const { return run_.scenario; }
    // T_c in steps: scenario.checkpointIntervalSteps, or the "auto" rule (docs/simulator-model.md).
    int checkpointIntervalSteps() const { return run_.checkpointIntervalSteps; }

    // Runs to the end (or a limit / observer stop). With an observer, every event is reported in time
    // order and a snapshot every observer->snapshotIntervalS() simulated seconds. A snapshot handed
    // over after i events is exactly the state after replaying those i events (the contract and the
    // replay rules are in sim/Event.h, SimulationSnapshot). Throws std::invalid_argument when
    // limits.maxTttRatio <= 0.
    RunMetrics run(SimulationObserver* observer = nullptr, const SimulationLimits& limits = {}) const;

private:
    PreparedRun run_;
};


}  // namespace spare
