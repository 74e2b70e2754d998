#include "engine/sim/ReplayState.h"

#include "engine/sim/RestartCause.h"

#include <algorithm>

namespace spare {

ReplayState::ReplayState(const Scenario& scenario, int groups, int redundancy, std::vector<int> baseStacks)
    : groups_(groups),
      redundancy_(redundancy),
      totalSteps_(scenario.steps),
      writerOnlyWaits_(scenario.writerOnlyWaits),
      baseStacks_(std::move(baseStacks)),
      computePosition_(static_cast<std::size_t>(groups), 0)
{
    s_.aliveGroups = groups_;
    // Before the first event: Rep+CKPT computes its r replicas' stacks every step, the others one.
    s_.stackNumber = scenario.policy == Policy::Rep ? redundancy_ : 1;
    s_.groupStates.assign(static_cast<std::size_t>(groups_), GroupState::Idle);
    s_.failedGpus.assign(static_cast<std::size_t>(groups_), -1);
    s_.stacks = baseStacks_;
}

void ReplayState::restore(const SimulationSnapshot& snapshot)
{
    if (snapshot.groupStates.size() != s_.groupStates.size() || snapshot.failedGpus.size() != s_.failedGpus.size())
        return;  // not a snapshot of this run
    std::vector<int> stacks = std::move(s_.stacks);
    s_ = snapshot;
    // Rep+CKPT and CKPT-only snapshots carry no stacks: theirs never change from the layout's.
    if (s_.stacks.size() != stacks.size())
        s_.stacks = std::move(stacks);
    finished_ = false;
    std::fill(computePosition_.begin(), computePosition_.end(), std::uint8_t{0});
    outAtRestartEnd_.clear();
}

bool ReplayState::isOut(std::size_t g) const
{
    return s_.groupStates[g] == GroupState::Failed || s_.groupStates[g] == GroupState::MaskedOut;
}

void ReplayState::setLive(GroupState state)
{
    for (std::size_t g = 0; g < s_.groupStates.size(); ++g)
        if (!isOut(g))
            s_.groupStates[g] = state;
}

double ReplayState::availability() const
{
    return s_.time > 0.0 ? std::clamp((s_.time - downTimeS()) / s_.time, 0.0, 1.0) : 1.0;
}

RunFigures ReplayState::figures() const
{
    RunFigures f;
    f.timeS = s_.time;
    f.step = s_.step;
    f.stepsDone = s_.stepsDone;
    f.totalSteps = totalSteps_;
    f.stackNumber = s_.stackNumber;
    f.aliveGroups = s_.aliveGroups;
    f.groups = groups_;
    f.restarts = s_.restarts;
    f.failures = s_.failures;
    f.rejoins = s_.rejoins;
    f.downTimeS = downTimeS();
    f.availability = availability();
    f.restarting = s_.restarting;
    f.finished = finished_;
    return f;
}

// The replay rules of SimulationSnapshot's contract (sim/Event.h), plus the live groups' step phase.
void ReplayState::apply(const Event& e)
{
    s_.time = std::max(s_.time, e.time);
    s_.stackNumber = e.stackNumber;
    const auto g = static_cast<std::size_t>(e.group);
    const bool validGroup = e.group >= 0 && e.group < groups_;
    switch (e.kind) {
    case EventKind::StepStart:
        s_.step = e.step;
        setLive(GroupState::Idle);
        break;
    case EventKind::StackCompute:
        setLive(GroupState::Computing);
        std::fill(computePosition_.begin(), computePosition_.end(), static_cast<std::uint8_t>(std::max(0, e.value)));
        break;
    case EventKind::PatchCompute:
        if (s_.lastDecision)
            forEachPatch(
                *s_.lastDecision, groups_, [&](int group) { return !isOut(static_cast<std::size_t>(group)); },
                [&](const PatchCompute& p) {
                    if (p.group >= 0 && p.group < groups_ && !isOut(static_cast<std::size_t>(p.group))) {
                        s_.groupStates[static_cast<std::size_t>(p.group)] = GroupState::Computing;
                        computePosition_[static_cast<std::size_t>(p.group)] = static_cast<std::uint8_t>(p.position);
                    }
                });
        break;
    case EventKind::AllReduce:
    case EventKind::FailedAllReduce:
    case EventKind::CheckpointVoided:
        setLive(GroupState::Idle);
        break;
    case EventKind::CheckpointEnd:
        s_.lastCheckpointStep = e.step;
        setLive(GroupState::Idle);
        break;
    case EventKind::StepEnd:
        s_.stepsDone = e.step + 1;
        s_.step = e.step + 1;
        break;
    case EventKind::Failure:
        ++s_.failures;
        if (validGroup) {
            s_.failedGpus[g] = e.gpu;
            if (!s_.restarting) {
                if (!isOut(g))
                    --s_.aliveGroups;
                s_.groupStates[g] = GroupState::Failed;
            } else if (e.value == 1) {
                outAtRestartEnd_.emplace_back(e.group, e.gpu);
            }
        }
        break;
    case EventKind::Decision:
        if (e.decision) {
            s_.lastDecision = e.decision;
            for (const StackUpdate& u : e.decision->changedStacks)
                if (u.group >= 0 && u.group < groups_ && static_cast<int>(u.stack.size()) == redundancy_
                    && !s_.stacks.empty())
                    std::copy(u.stack.begin(), u.stack.end(),
                              s_.stacks.begin() + static_cast<std::ptrdiff_t>(u.group) * redundancy_);
            if (e.decision->wipeout)
                s_.lostTypes = e.decision->lostTypes;
            else if (e.decision->phase != ReorderDecision::Phase::Readmit)
                for (int f : e.decision->failedGroups)
                    if (f >= 0 && f < groups_)
                        s_.groupStates[static_cast<std::size_t>(f)] = GroupState::MaskedOut;
        }
        break;
    case EventKind::Shrink:
        s_.shrinkTimeS += e.duration;
        for (GroupState& st : s_.groupStates)
            if (st == GroupState::Failed)
                st = GroupState::MaskedOut;
        break;
    case EventKind::RestartStart:
        if (restartCauseFromValue(e.value) == RestartCause::Maintenance)
            ++s_.maintenanceStops;
        else
            ++s_.restarts;
        s_.restarting = true;
        s_.restartStartS = e.time;
        std::fill(s_.groupStates.begin(), s_.groupStates.end(), GroupState::Restarting);
        break;
    case EventKind::RestartEnd:
        s_.restartTimeS += e.time - s_.restartStartS;
        s_.restarting = false;
        s_.restartStartS = 0.0;
        s_.aliveGroups = groups_;
        std::fill(s_.groupStates.begin(), s_.groupStates.end(), GroupState::Idle);
        std::fill(s_.failedGpus.begin(), s_.failedGpus.end(), -1);
        s_.stacks = baseStacks_;
        s_.lastDecision.reset();
        s_.lostTypes.clear();
        for (const auto& [group, gpu] : outAtRestartEnd_) {
            const auto out = static_cast<std::size_t>(group);
            if (!isOut(out))
                --s_.aliveGroups;
            s_.groupStates[out] = GroupState::Failed;
            s_.failedGpus[out] = gpu;
        }
        outAtRestartEnd_.clear();
        break;
    case EventKind::Rollback:
        s_.stepsDone = e.step;
        s_.step = e.step;
        break;
    case EventKind::CheckpointStart:
        if (writerOnlyWaits_) {
            if (validGroup && !isOut(g))
                s_.groupStates[g] = GroupState::Checkpointing;
        } else {
            setLive(GroupState::Checkpointing);
        }
        break;
    case EventKind::Rejoin:
        ++s_.rejoins;
        if (validGroup && isOut(g)) {
            ++s_.aliveGroups;
            s_.groupStates[g] = GroupState::Idle;
            s_.failedGpus[g] = -1;
        }
        break;
    case EventKind::RunEnd:
        finished_ = true;
        setLive(GroupState::Idle);
        break;
    case EventKind::Reconfigure:
        for (GroupState& st : s_.groupStates)
            if (st == GroupState::Failed)
                st = GroupState::MaskedOut;
        break;
    case EventKind::Detection:
    case EventKind::Restore:
        break;
    }
}

}  // namespace spare
