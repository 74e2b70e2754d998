#pragma once

#include "engine/layout/Layout.h"
#include "engine/sim/Event.h"
#include "engine/sim/HostPopulation.h"
#include "engine/sim/ReplayState.h"
#include "engine/sim/RunFigures.h"
#include "engine/sim/Scenario.h"
#include "engine/topology/ClusterPlacement.h"

#include <memory>
#include <vector>

namespace spare {

// One point of a recorded run as the views draw it: the engine's replayed state (sim/ReplayState.h, the
// fold the simulator's snapshots are made by, so seeking equals stepping), read through snapshot() and
// figures(), plus what the views need besides: the run's shape, layout and placement (shared with the
// run's PreparedRun), hosts, and per-group reads of the replay.
class PlaybackState {
public:
    PlaybackState() = default;
    // placement: the run's (PreparedRun::placement); null for a scenario without a topology.
    PlaybackState(const Scenario& scenario, std::shared_ptr<const Layout> layout,
                  std::shared_ptr<const ClusterPlacement> placement = nullptr);

    void restore(const SimulationSnapshot& snapshot) { replay_.restore(snapshot); }
    void apply(const Event& event) { replay_.apply(event); }

    // The run's shape, which the replayed state does not carry.
    int groups() const { return groups_; }
    int redundancy() const { return redundancy_; }
    int gpusPerGroup() const { return gpusPerGroup_; }
    Policy policy() const { return policy_; }
    const Layout* layout() const { return layout_.get(); }
    // Where the groups sit (nullptr when the scenario has no topology).
    const ClusterPlacement* placement() const { return placement_.get(); }
    // The failure-prone and slow nodes of the run's hosts section (nullptr without one).
    const HostPopulation* hosts() const { return hosts_.get(); }

    // The engine's state at this point (contract fields) and the run's figures there.
    const SimulationSnapshot& snapshot() const { return replay_.snapshot(); }
    RunFigures figures() const { return replay_.figures(); }
    // Moves the clock past the last applied event (between events nothing else changes).
    void setTime(double t) { replay_.setTime(t); }

    // Stack position the group is computing (meaningful while Computing).
    int computePosition(int group) const { return replay_.computePositions()[static_cast<std::size_t>(group)]; }
    // Current stack order of a group (r entries, position 0 first).
    std::vector<int> stack(int group) const;

private:
    std::shared_ptr<const Layout> layout_;
    std::shared_ptr<const ClusterPlacement> placement_;
    std::shared_ptr<const HostPopulation> hosts_;
    int groups_ = 0;
    int redundancy_ = 0;
    int gpusPerGroup_ = 0;
    Policy policy_ = Policy::Spare;
    ReplayState replay_;
};

}  // namespace spare
