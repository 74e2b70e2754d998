#pragma once

#include "layout/Layout.h"
#include "topology/ClusterPlacement.h"
#include "playback/DisplayedFigures.h"
#include "sim/Event.h"
#include "sim/Scenario.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace spare {

// Everything the views draw at one point of a recorded run. The state is the engine's own
// SimulationSnapshot, advanced by apply() under the replay rules of its contract (sim/Event.h): so
// restore(snapshot taken after i events) is exactly the state that applying events 0 .. i-1 gives, and
// seeking equals stepping. On top of it only what the contract leaves to viewers: the step phase of live
// groups (computing which stack position, checkpointing) and whether the run has ended.
class PlaybackState {
public:
    PlaybackState() = default;
    PlaybackState(const Scenario& scenario, std::shared_ptr<const Layout> layout);

    void restore(const SimulationSnapshot& snapshot);
    void apply(const Event& event);

    int groups() const { return groups_; }
    int redundancy() const { return redundancy_; }
    int gpusPerGroup() const { return gpusPerGroup_; }
    int totalSteps() const { return totalSteps_; }
    const Layout* layout() const { return layout_.get(); }
    // Where the groups sit (nullptr when the scenario has no topology).
    const ClusterPlacement* placement() const { return placement_.get(); }

    // The engine's state at this point (contract fields).
    const SimulationSnapshot& snapshot() const { return s_; }
    DisplayedFigures figures() const;

    double time() const { return s_.time; }
    // Moves the clock past the last applied event (between events nothing else changes).
    void setTime(double t) { s_.time = t; }
    int step() const { return s_.step; }
    int stepsDone() const { return s_.stepsDone; }
    int stackNumber() const { return s_.stackNumber; }
    int aliveGroups() const { return s_.aliveGroups; }
    int restarts() const { return s_.restarts; }
    int failures() const { return s_.failures; }
    // Completed restarts and shrinks, plus the restart in progress so far.
    double downTimeS() const { return s_.downTimeS() + (s_.restarting ? s_.time - s_.restartStartS : 0.0); }
    double availability() const;  // (time - down) / time, 1 at time 0
    bool restarting() const { return s_.restarting; }
    bool finished() const { return finished_; }

    GroupState groupState(int group) const { return s_.groupStates[static_cast<std::size_t>(group)]; }
    const std::vector<GroupState>& groupStates() const { return s_.groupStates; }
    // GPU inside the group whose failure took the group out (-1 when none since the last restart).
    int failedGpu(int group) const { return s_.failedGpus[static_cast<std::size_t>(group)]; }
    // Stack position the group is computing (meaningful while Computing).
    int computePosition(int group) const { return computePosition_[static_cast<std::size_t>(group)]; }
    const std::vector<std::uint8_t>& computePositions() const { return computePosition_; }
    // Current stack order of a group (r entries, position 0 first).
    std::vector<int> stack(int group) const;
    const std::vector<int>& stacks() const { return s_.stacks; }
    // Latest controller decision since the last restart (nullptr when none).
    const std::shared_ptr<const ReorderDecision>& lastDecision() const { return s_.lastDecision; }
    // Types lost in the wipe-out being restarted from (empty otherwise).
    const std::vector<int>& lostTypes() const { return s_.lostTypes; }

private:
    bool isOut(std::size_t g) const;
    void setLive(GroupState state);
    void resetStacks();

    std::shared_ptr<const Layout> layout_;
    std::shared_ptr<const ClusterPlacement> placement_;
    int groups_ = 0;
    int redundancy_ = 0;
    int gpusPerGroup_ = 0;
    int totalSteps_ = 0;
    bool writerOnlyWaits_ = false;

    SimulationSnapshot s_;
    bool finished_ = false;
    std::vector<std::uint8_t> computePosition_;
};

}  // namespace spare
