#pragma once

#include "engine/layout/Layout.h"
#include "engine/sim/Event.h"
#include "engine/sim/HostPopulation.h"
#include "engine/sim/ReplayState.h"
#include "engine/sim/RunFigures.h"
#include "engine/sim/Scenario.h"
#include "engine/topology/ClusterPlacement.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace spare {

// Everything the views draw at one point of a recorded run: the engine's replayed state (sim/ReplayState.h,
// the fold the simulator's snapshots are made by, so seeking equals stepping) with the run's layout and
// placement (shared with the run's PreparedRun).
class PlaybackState {
public:
    PlaybackState() = default;
    // placement: the run's (PreparedRun::placement); null for a scenario without a topology.
    PlaybackState(const Scenario& scenario, std::shared_ptr<const Layout> layout,
                  std::shared_ptr<const ClusterPlacement> placement = nullptr);

    void restore(const SimulationSnapshot& snapshot) { replay_.restore(snapshot); }
    void apply(const Event& event) { replay_.apply(event); }

    int groups() const { return groups_; }
    int redundancy() const { return redundancy_; }
    int gpusPerGroup() const { return gpusPerGroup_; }
    int totalSteps() const { return totalSteps_; }
    Policy policy() const { return policy_; }
    const Layout* layout() const { return layout_.get(); }
    // Where the groups sit (nullptr when the scenario has no topology).
    const ClusterPlacement* placement() const { return placement_.get(); }
    // The failure-prone and slow nodes of the run's hosts section (nullptr without one).
    const HostPopulation* hosts() const { return hosts_.get(); }

    // The engine's state at this point (contract fields).
    const SimulationSnapshot& snapshot() const { return replay_.snapshot(); }
    RunFigures figures() const { return replay_.figures(); }

    double time() const { return snapshot().time; }
    // Moves the clock past the last applied event (between events nothing else changes).
    void setTime(double t) { replay_.setTime(t); }
    int step() const { return snapshot().step; }
    int stepsDone() const { return snapshot().stepsDone; }
    int stackNumber() const { return snapshot().stackNumber; }
    int aliveGroups() const { return snapshot().aliveGroups; }
    int restarts() const { return snapshot().restarts; }
    int failures() const { return snapshot().failures; }
    // Completed restarts and shrinks, plus the restart in progress so far.
    double downTimeS() const { return replay_.downTimeS(); }
    double availability() const { return replay_.availability(); }  // (time - down) / time, 1 at time 0
    bool restarting() const { return snapshot().restarting; }
    bool finished() const { return replay_.finished(); }

    GroupState groupState(int group) const { return snapshot().groupStates[static_cast<std::size_t>(group)]; }
    const std::vector<GroupState>& groupStates() const { return snapshot().groupStates; }
    // GPU inside the group whose failure took the group out (-1 when none since the last restart).
    int failedGpu(int group) const { return snapshot().failedGpus[static_cast<std::size_t>(group)]; }
    // Stack position the group is computing (meaningful while Computing).
    int computePosition(int group) const { return computePositions()[static_cast<std::size_t>(group)]; }
    const std::vector<std::uint8_t>& computePositions() const { return replay_.computePositions(); }
    // Current stack order of a group (r entries, position 0 first).
    std::vector<int> stack(int group) const;
    const std::vector<int>& stacks() const { return snapshot().stacks; }
    // Latest controller decision since the last restart (nullptr when none).
    const std::shared_ptr<const ReorderDecision>& lastDecision() const { return snapshot().lastDecision; }
    // Types lost in the wipe-out being restarted from (empty otherwise).
    const std::vector<int>& lostTypes() const { return snapshot().lostTypes; }

private:
    std::shared_ptr<const Layout> layout_;
    std::shared_ptr<const ClusterPlacement> placement_;
    std::shared_ptr<const HostPopulation> hosts_;
    int groups_ = 0;
    int redundancy_ = 0;
    int gpusPerGroup_ = 0;
    int totalSteps_ = 0;
    Policy policy_ = Policy::Spare;
    ReplayState replay_;
};

}  // namespace spare
