#include "playback/PlaybackState.h"

#include <algorithm>

namespace spare {

PlaybackState::PlaybackState(const Scenario& scenario, std::shared_ptr<const Layout> layout)
    : layout_(std::move(layout)),
      groups_(layout_->groups()),
      redundancy_(layout_->redundancy()),
      gpusPerGroup_(scenario.gpusPerGroup),
      totalSteps_(scenario.steps),
      writerOnlyWaits_(scenario.writerOnlyWaits),
      aliveGroups_(groups_),
      groupStates_(static_cast<std::size_t>(groups_), GroupState::Idle),
      failedGpu_(static_cast<std::size_t>(groups_), -1),
      computePosition_(static_cast<std::size_t>(groups_), 0)
{
    resetStacks();
}

void PlaybackState::resetStacks()
{
    stacks_.resize(static_cast<std::size_t>(groups_) * static_cast<std::size_t>(redundancy_));
    for (int g = 0; g < groups_; ++g)
        std::copy(layout_->stack(g).begin(), layout_->stack(g).end(),
                  stacks_.begin() + static_cast<std::ptrdiff_t>(g) * redundancy_);
}

void PlaybackState::restore(const SimulationSnapshot& s)
{
    time_ = s.time;
    step_ = s.step;
    stepsDone_ = s.stepsDone;
    stackNumber_ = s.stackNumber;
    aliveGroups_ = s.aliveGroups;
    restarts_ = s.restarts;
    failures_ = s.failures;
    downTimeS_ = s.downTimeS;
    finished_ = false;
    if (s.groupStates.size() == groupStates_.size())
        groupStates_ = s.groupStates;
    if (s.stacks.size() == stacks_.size())
        stacks_ = s.stacks;
    // The engine takes a restart's snapshot just before its RestartStart event, with the restart
    // already counted (restarts, down time): that event must not count it again.
    restarting_ = false;
    restartCountedBySnapshot_ = std::any_of(groupStates_.begin(), groupStates_.end(),
                                            [](GroupState st) { return st == GroupState::Restarting; });
    for (std::size_t g = 0; g < failedGpu_.size(); ++g)
        if (!isOut(g))
            failedGpu_[g] = -1;
    lastDecision_.reset();
    lostTypes_.clear();
}

bool PlaybackState::isOut(std::size_t g) const
{
    return groupStates_[g] == GroupState::Failed || groupStates_[g] == GroupState::MaskedOut;
}

void PlaybackState::setLive(GroupState state)
{
    for (std::size_t g = 0; g < groupStates_.size(); ++g)
        if (!isOut(g))
            groupStates_[g] = state;
}

double PlaybackState::availability() const
{
    return time_ > 0.0 ? std::clamp((time_ - downTimeS()) / time_, 0.0, 1.0) : 1.0;
}

std::vector<int> PlaybackState::stack(int group) const
{
    auto first = stacks_.begin() + static_cast<std::ptrdiff_t>(group) * redundancy_;
    return {first, first + redundancy_};
}

void PlaybackState::apply(const Event& e)
{
    time_ = std::max(time_, e.time);
    const auto g = static_cast<std::size_t>(e.group);
    const bool validGroup = e.group >= 0 && e.group < groups_;
    switch (e.kind) {
    case EventKind::StepStart:
        step_ = e.step;
        stackNumber_ = e.stackNumber;
        setLive(GroupState::Idle);
        break;
    case EventKind::StackCompute:
        setLive(GroupState::Computing);
        std::fill(computePosition_.begin(), computePosition_.end(), static_cast<std::uint8_t>(std::max(0, e.value)));
        break;
    case EventKind::PatchCompute:
        if (lastDecision_) {
            for (const PatchCompute& p : lastDecision_->patches)
                if (p.group >= 0 && p.group < groups_ && !isOut(static_cast<std::size_t>(p.group))) {
                    groupStates_[static_cast<std::size_t>(p.group)] = GroupState::Computing;
                    computePosition_[static_cast<std::size_t>(p.group)] = static_cast<std::uint8_t>(p.position);
                }
        }
        break;
    case EventKind::AllReduce:
    case EventKind::FailedAllReduce:
    case EventKind::CheckpointEnd:
    case EventKind::CheckpointVoided:
        setLive(GroupState::Idle);
        break;
    case EventKind::StepEnd:
        stepsDone_ = std::max(stepsDone_, e.step + 1);
        break;
    case EventKind::Failure:
        ++failures_;
        if (validGroup) {
            failedGpu_[g] = e.gpu;
            if (!restarting_) {
                if (!isOut(g))
                    --aliveGroups_;
                groupStates_[g] = GroupState::Failed;
            }
        }
        break;
    case EventKind::Decision:
        if (e.decision) {
            lastDecision_ = e.decision;
            stackNumber_ = e.decision->stackNumber;
            for (const StackUpdate& u : e.decision->changedStacks)
                if (u.group >= 0 && u.group < groups_ && static_cast<int>(u.stack.size()) == redundancy_)
                    std::copy(u.stack.begin(), u.stack.end(),
                              stacks_.begin() + static_cast<std::ptrdiff_t>(u.group) * redundancy_);
            if (e.decision->wipeout)
                lostTypes_ = e.decision->lostTypes;
            else
                for (int f : e.decision->failedGroups)
                    if (f >= 0 && f < groups_)
                        groupStates_[static_cast<std::size_t>(f)] = GroupState::MaskedOut;
        }
        break;
    case EventKind::Shrink:
        downTimeS_ += e.duration;
        for (GroupState& st : groupStates_)
            if (st == GroupState::Failed)
                st = GroupState::MaskedOut;
        break;
    case EventKind::RestartStart:
        if (restartCountedBySnapshot_)
            downTimeS_ -= e.duration;
        else
            ++restarts_;
        restartCountedBySnapshot_ = false;
        restarting_ = true;
        restartStart_ = e.time;
        std::fill(groupStates_.begin(), groupStates_.end(), GroupState::Restarting);
        break;
    case EventKind::RestartEnd:
        if (restarting_)
            downTimeS_ += e.time - restartStart_;
        restarting_ = false;
        aliveGroups_ = groups_;
        stackNumber_ = 1;
        std::fill(groupStates_.begin(), groupStates_.end(), GroupState::Idle);
        std::fill(failedGpu_.begin(), failedGpu_.end(), -1);
        resetStacks();
        lastDecision_.reset();
        lostTypes_.clear();
        break;
    case EventKind::Rollback:
        stepsDone_ = e.step;
        step_ = e.step;
        break;
    case EventKind::CheckpointStart:
        if (writerOnlyWaits_) {
            if (validGroup && !isOut(g))
                groupStates_[g] = GroupState::Checkpointing;
        } else {
            setLive(GroupState::Checkpointing);
        }
        break;
    case EventKind::RunEnd:
        finished_ = true;
        setLive(GroupState::Idle);
        break;
    case EventKind::Detection:
        break;
    }
}

}  // namespace spare
