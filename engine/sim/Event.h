#pragma once

#include "reorder/ReorderDecision.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace spare {

enum class EventKind : std::uint8_t {
    StepStart,         // step begins; stackNumber = S
    StackCompute,      // all live groups compute stack position `value`; duration = barrier time
    AllReduce,         // successful all-reduce; duration = T_a
    FailedAllReduce,   // all-reduce that failed at detection; duration = factor x T_a
    StepEnd,           // step committed (step = its index)
    Failure,           // a group's clock fired: group, gpu (the GPU inside the group that failed)
    Detection,         // failures noticed at a check point; value = how many
    Decision,          // SPARe reorder controller decision (decision != nullptr)
    PatchCompute,      // survivors recompute one stack each; duration = barrier time; value = #groups
    Shrink,            // communicator shrink; duration
    RestartStart,      // global restart begins; value = 1 wipe-out, 2 rep set lost, 3 ckpt-only failure
    RestartEnd,        // global restart done, all groups back
    Rollback,          // training resumes at step `step`; value = rework steps lost
    CheckpointStart,   // checkpoint of step `step` begins; group = writer
    CheckpointEnd,     // checkpoint written
    CheckpointVoided,  // writer had failed: checkpoint not written
    RunEnd,            // all steps done
};

const char* eventKindName(EventKind kind);

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
};

// Per-group state for views.
enum class GroupState : std::uint8_t { Computing, Idle, Failed, MaskedOut, Restarting, Checkpointing };

// A periodic copy of the whole simulation state, for viewers that seek or draw without replaying.
struct SimulationSnapshot {
    double time = 0.0;
    int step = 0;             // current step index
    int stepsDone = 0;        // committed steps (progress)
    int lastCheckpointStep = 0;
    int stackNumber = 1;
    int aliveGroups = 0;
    int restarts = 0;
    int failures = 0;
    double downTimeS = 0.0;   // restart + shrink time so far
    std::vector<GroupState> groupStates;  // N entries
    std::vector<int> stacks;              // N x r current stack orders (SPARe only; empty for Rep/CKPT)
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
