#pragma once

#include "layout/Layout.h"
#include "sim/Event.h"
#include "sim/Scenario.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace spare {

// Everything the views draw at one point of a recorded run: a value rebuilt from the nearest engine
// snapshot plus the events since. apply() follows the event semantics of sim/Event.h.
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

    double time() const { return time_; }
    void setTime(double t) { time_ = t; }
    int step() const { return step_; }
    int stepsDone() const { return stepsDone_; }
    int stackNumber() const { return stackNumber_; }
    int aliveGroups() const { return aliveGroups_; }
    int restarts() const { return restarts_; }
    int failures() const { return failures_; }
    double downTimeS() const { return downTimeS_ + (restarting_ ? time_ - restartStart_ : 0.0); }
    double availability() const;  // (time - down) / time, 1 at time 0
    bool restarting() const { return restarting_; }
    // Restored from a snapshot taken at the start of a restart whose RestartStart event is next.
    bool restartPending() const { return restartCountedBySnapshot_; }
    bool finished() const { return finished_; }

    GroupState groupState(int group) const { return groupStates_[static_cast<std::size_t>(group)]; }
    const std::vector<GroupState>& groupStates() const { return groupStates_; }
    // GPU inside the group whose failure took the group out (-1 when the group is not out).
    int failedGpu(int group) const { return failedGpu_[static_cast<std::size_t>(group)]; }
    // Stack position the group is computing (meaningful while Computing).
    int computePosition(int group) const { return computePosition_[static_cast<std::size_t>(group)]; }
    // Current stack order of a group (r entries, position 0 first).
    std::vector<int> stack(int group) const;
    const std::vector<int>& stacks() const { return stacks_; }
    // Latest controller decision since the last restart (nullptr when none).
    const std::shared_ptr<const ReorderDecision>& lastDecision() const { return lastDecision_; }
    // Types lost in the wipe-out being restarted from (empty otherwise).
    const std::vector<int>& lostTypes() const { return lostTypes_; }

private:
    bool isOut(std::size_t g) const;
    void setLive(GroupState state);
    void resetStacks();

    std::shared_ptr<const Layout> layout_;
    int groups_ = 0;
    int redundancy_ = 0;
    int gpusPerGroup_ = 0;
    int totalSteps_ = 0;
    bool writerOnlyWaits_ = false;

    double time_ = 0.0;
    int step_ = 0;
    int stepsDone_ = 0;
    int stackNumber_ = 1;
    int aliveGroups_ = 0;
    int restarts_ = 0;
    int failures_ = 0;
    double downTimeS_ = 0.0;
    double restartStart_ = 0.0;
    bool restarting_ = false;
    bool restartCountedBySnapshot_ = false;
    bool finished_ = false;
    std::vector<GroupState> groupStates_;
    std::vector<int> failedGpu_;
    std::vector<std::uint8_t> computePosition_;
    std::vector<int> stacks_;
    std::shared_ptr<const ReorderDecision> lastDecision_;
    std::vector<int> lostTypes_;
};

}  // namespace spare
