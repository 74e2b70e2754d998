#pragma once

#include "engine/sim/Event.h"
#include "engine/sim/RunFigures.h"
#include "engine/sim/Scenario.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace spare {

// The replay rules of SimulationSnapshot's contract (sim/Event.h), in one place: the simulator's
// snapshots and the window's playback are both this fold of the event stream, so restore(snapshot taken
// after i events) is exactly the state that applying events 0 .. i-1 gives. On top of the contract fields
// only what the contract leaves to viewers: the stack position each live group computes and whether the
// run has ended.
class ReplayState {
public:
    ReplayState() = default;
    // The state before the first event. baseStacks: the layout's groups x redundancy stack orders, or
    // empty for a run whose snapshots carry none.
    ReplayState(const Scenario& scenario, int groups, int redundancy, std::vector<int> baseStacks);

    void restore(const SimulationSnapshot& snapshot);
    void apply(const Event& event);
    // Moves the clock past the last applied event (between events nothing else changes).
    void setTime(double t) { s_.time = t; }

    const SimulationSnapshot& snapshot() const { return s_; }
    bool finished() const { return finished_; }
    // Stack position each group is computing (meaningful while Computing).
    const std::vector<std::uint8_t>& computePositions() const { return computePosition_; }
    // Completed restarts and shrinks, plus the restart in progress so far.
    double downTimeS() const { return s_.downTimeS() + (s_.restarting ? s_.time - s_.restartStartS : 0.0); }
    double availability() const;  // (time - down) / time, 1 at time 0
    RunFigures figures() const;

private:
    bool isOut(std::size_t g) const;
    void setLive(GroupState state);

    int groups_ = 0;
    int redundancy_ = 0;
    int totalSteps_ = 0;
    bool writerOnlyWaits_ = false;
    std::vector<int> baseStacks_;

    SimulationSnapshot s_;
    bool finished_ = false;
    std::vector<std::uint8_t> computePosition_;
    // Value-1 Failures of the restart in progress: {group, gpu}, out when it ends. Outside the snapshot: no
    // snapshot falls between such a Failure and its RestartEnd (both are delivered at the first check point
    // after the restart).
    std::vector<std::pair<int, int>> outAtRestartEnd_;
};

}  // namespace spare
