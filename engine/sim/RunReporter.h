#pragma once

#include "engine/sim/DomainFailureClocks.h"
#include "engine/sim/Event.h"
#include "engine/sim/FailureCategories.h"
#include "engine/sim/FailureClocks.h"
#include "engine/sim/RandomStream.h"
#include "engine/sim/RecoveryPolicy.h"
#include "engine/sim/ReplayState.h"
#include "engine/sim/RunMetrics.h"
#include "engine/sim/Scenario.h"
#include "engine/sim/TimeLedger.h"

#include <deque>
#include <memory>
#include <optional>
#include <vector>

namespace spare {

class FailureDetector;

// What a run tells its observer: every event (counted in RunMetrics::events with or without an
// observer) and, every snapshot interval, a snapshot of the replayed state. A run without an observer
// pays a counter increment per event. Events carry the run's step and the policy's stack number at the
// moment they are emitted, read from the run (`stepsDone` is the run's own counter).
//
// The observer sees events in time order. A failure is found at a check point after it happened, and events
// stamped between the two may have been emitted already, so an observed run holds each event back until
// no failure still to be reported can come before it (FailureDetector::earliestUnreportedS()).
class RunReporter {
public:
    RunReporter(const Scenario& scenario, SimulationObserver* observer, const RecoveryPolicy& policy,
                const TimeLedger& ledger, RunMetrics& metrics, const int& stepsDone);

    // The detector whose unreported failures hold events back; without one, events pass at once.
    void holdEventsFor(const FailureDetector& detector) { detector_ = &detector; }
    // Passes every held event on (the run is over).
    void flush();

    bool observed() const { return observer_ != nullptr; }
    bool stopRequested() const { return observer_ && observer_->stopRequested(); }

    void emit(EventKind kind, double time, double duration = 0.0, int group = -1, int value = 0, int gpu = -1,
              int step = -1);
    // A failure of `group` at timeS (its GPU drawn from the failed-GPU stream when observed).
    void emitFailure(double timeS, int group, const std::shared_ptr<const FailureOrigin>& origin);
    // A reorder decision at `time` (counted by the caller).
    void emitDecision(double time, ReorderDecision&& decision);
    // The category of a per-group clock's failure (observed runs with gpu-level categories), else none.
    std::shared_ptr<const FailureOrigin> groupOrigin(const FailureClocks::Firing& firing) const;
    std::shared_ptr<const FailureOrigin> domainOrigin(const DomainFailureClocks& domains,
                                                      const DomainFailureClocks::Firing& firing) const;

    // Takes a snapshot at `now` when one is due. Called only where the state equals the replay of the
    // events emitted so far (between steps and inside a restart), so a snapshot never holds anything its
    // event index has not yet reported; while events are held back it waits for the next call.
    void maybeSnapshot(double now);
    // A global restart runs from `startS` until restartEnded(): snapshots inside count it so far.
    void restartStarted(double startS);
    void restartEnded() { restarting_ = false; }

private:
    void report(Event&& event);
    // Passes on the held events stamped before `earliest` (no failure still to be reported comes before it).
    void releaseBefore(double earliest);
    void deliver(const Event& event);

    const Scenario& sc_;
    SimulationObserver* observer_;
    const FailureDetector* detector_ = nullptr;
    std::deque<Event> held_;  // in time order; equal times in emission order
    const RecoveryPolicy& policy_;
    const TimeLedger& ledger_;
    RunMetrics& m_;
    const int& stepsDone_;
    FailureCategories categories_;
    std::vector<std::shared_ptr<const FailureOrigin>> categoryOrigins_;  // per category (observed runs)
    RandomStream gpuStream_;
    // The events so far, replayed (runs that take snapshots only).
    std::optional<ReplayState> replay_;
    double snapshotIntervalS_ = 0.0;
    double nextSnapshotS_ = 0.0;
    bool restarting_ = false;
    double restartStartS_ = 0.0;
    double lastRestartEndS_ = 0.0;
};

}  // namespace spare
