#pragma once

#include "engine/reorder/ReorderDecision.h"
#include "engine/sim/TimeBreakdown.h"
#include "engine/topology/DomainLevel.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace spare {

enum class EventKind : std::uint8_t {
    StepStart,         // step begins; stackNumber = S
    StackCompute,      // all live groups compute stack position `value`; duration = barrier time
    AllReduce,         // successful all-reduce; duration = T_a
    FailedAllReduce,   // all-reduce that failed at detection; duration = factor x T_a
    StepEnd,           // step committed (step = its index)
    Failure,           // a group's clock fired: group, gpu (the GPU inside the group that failed); value = 1
                       // when it fell inside a global restart after its group's window had ended: the group
                       // is out from that restart's RestartEnd on (else 0)
    Detection,         // failures noticed at a check point; value = how many
    Decision,          // SPARe reorder controller decision (decision != nullptr)
    PatchCompute,      // survivors recompute one stack each; duration = barrier time; value = #groups
    Shrink,            // communicator shrink; duration
    RestartStart,      // global restart begins; value = its RestartCause (sim/RestartCause.h);
                       // duration 0: the restart's length is known at its RestartEnd
    RestartEnd,        // global restart done, all groups back (a run stopped inside a restart has none)
    Rollback,          // training resumes at step `step`; value = rework steps lost
    CheckpointStart,   // checkpoint of step `step` begins; group = writer
    CheckpointEnd,     // checkpoint written
    CheckpointVoided,  // writer had failed: checkpoint not written
    RunEnd,            // all steps done
    Rejoin,            // a group whose nodes were replaced is back (repair.rejoin at_step), at a step
                       // boundary before the StepStart; SPARe's re-admission follows as a Decision
    Reconfigure,       // elastic or rebalance: the step in flight is lost, the failed groups leave; duration =
                       // detection and re-planning; value = live groups now
    Restore,           // a global restart loads its checkpoint (memory_checkpoint section); value = 1 from
                       // memory, 0 from storage; step = the step it resumes at
};
constexpr EventKind kLastEventKind = EventKind::Restore;

const char* eventKindName(EventKind kind);

// What a failure came from, in runs with failure categories or domain processes: the category (empty
// when it has none) and, for a domain failure, the domain that took every group in it down.
struct FailureOrigin {
    std::string category;
    std::optional<DomainLevel> level;
    int domain = -1;
};

struct Event {
    double time = 0.0;       // simulated seconds when it starts
    double duration = 0.0;   // seconds (0 for instants)
    EventKind kind = EventKind::StepStart;
    int group = -1;
    int gpu = -1;
    int step = 0;            // training step index (0-based) it belongs to
    int stackNumber = 1;     // S at the time
    int value = 0;           // kind-specific, see above
    std::shared_ptr<const ReorderDecision> decision;  // Decision events only
    // Failure events of runs with failure categories or domain processes (one object for all the groups
    // of a domain failure); nullptr otherwise.
    std::shared_ptr<const FailureOrigin> origin;
};

// Per-group state for views.
enum class GroupState : std::uint8_t { Computing, Idle, Failed, MaskedOut, Restarting, Checkpointing };

// A periodic copy of the whole simulation state, for viewers that seek or draw without replaying.
//
// Contract: a snapshot delivered after the run has emitted i events is exactly the state that replaying
// events 0 .. i-1 from the initial state gives, field by field, under these replay rules:
//   time          the largest event time so far
//   stepsDone     StepEnd(step k) -> k + 1; Rollback(step k) -> k
//   step          StepStart(step k) -> k; StepEnd(step k) -> k + 1; Rollback(step k) -> k
//   stackNumber   every event's stackNumber is S in force after it (RestartEnd carries the reset S)
//   lastCheckpointStep  CheckpointEnd(step k) -> k
//   aliveGroups   N, minus one for each Failure outside a restart of a group not yet out, plus one for
//                 each Rejoin; at RestartEnd N minus the groups of that restart's value-1 Failures
//   restarts      number of RestartStart events after failures; maintenanceStops: those of a planned
//                 stop (value RestartCause::Maintenance); failures: number of Failure events; rejoins:
//                 number of Rejoin events
//   shrinkTimeS   sum of Shrink durations
//   restartTimeS  sum of (RestartEnd.time - its RestartStart.time), maintenance stops included; a restart in progress is not
//                 included: it has lasted time - restartStartS
//   downTimeS()   restartTimeS + shrinkTimeS (the two kept apart and added, so replay is bit for bit)
//   restarting    between RestartStart and RestartEnd; restartStartS = that RestartStart's time
//   groupStates   Restarting for all while restarting; otherwise a group with a Failure since the last
//                 RestartEnd (or a value-1 Failure in the restart it ended) is Failed, and MaskedOut after a failure Decision naming it or a Shrink, until a
//                 Rejoin of it (Idle); the
//                 others follow the step phases (Idle after StepStart, AllReduce, FailedAllReduce,
//                 CheckpointEnd/Voided, RestartEnd, RunEnd; Computing in StackCompute, ...)
//   failedGpus    the gpu of each group's latest Failure since the last RestartEnd (or its value-1 Failure
//                 before it) and its last Rejoin, else -1
//   stacks        base layout stacks, changed by each Decision's changedStacks, reset at RestartEnd
//   lastDecision  the latest Decision since the last RestartEnd; lostTypes its lost types if a wipe-out
// Snapshots are taken only between steps (just before a StepStart: live groups Idle, out groups
// MaskedOut) and inside a restart (after its RestartStart or after one of its Failure events), the
// first at time >= k x snapshotIntervalS() for each k at which every event up to then has been delivered
// (events arrive in time order: sim/RunReporter.h).
struct SimulationSnapshot {
    double time = 0.0;
    int step = 0;             // current step index
    int stepsDone = 0;        // committed steps (progress)
    int lastCheckpointStep = 0;
    int stackNumber = 1;
    int aliveGroups = 0;
    int restarts = 0;
    int maintenanceStops = 0;
    int failures = 0;
    int rejoins = 0;
    double shrinkTimeS = 0.0;
    double restartTimeS = 0.0;  // completed restarts only
    bool restarting = false;
    double restartStartS = 0.0;           // start of the restart in progress (restarting only)
    std::vector<GroupState> groupStates;  // N entries
    std::vector<int> failedGpus;          // N entries, -1 where none
    std::vector<int> stacks;              // N x r current stack orders (SPARe only; empty for Rep/CKPT)
    std::shared_ptr<const ReorderDecision> lastDecision;  // nullptr when none since the last restart
    std::vector<int> lostTypes;           // types lost in the wipe-out being restarted from
    // The run's time breakdown so far (parts sum to `time`; work a later rollback discards still counts
    // as done). Outside the replay contract: events do not carry it, so a replayed state keeps the
    // value of the snapshot it was restored from.
    TimeBreakdown timeBreakdown;

    double downTimeS() const { return restartTimeS + shrinkTimeS; }
};

// Receives every event and, every snapshotIntervalS() simulated seconds (0 = never), a snapshot.
// A run without an observer pays nothing for this.
class SimulationObserver {
public:
    virtual ~SimulationObserver() = default;
    virtual void onEvent(const Event& event) = 0;
    virtual void onSnapshot(const SimulationSnapshot&) {}
    virtual double snapshotIntervalS() const { return 0.0; }
    // Polled between events: return true to stop the run early (cancel).
    virtual bool stopRequested() const { return false; }
};

}  // namespace spare
