#include "engine/sim/MemoryCheckpointTier.h"

#include <cmath>

namespace spare {

MemoryCheckpointTier::MemoryCheckpointTier(const MemoryCheckpoint& settings, int groups, std::uint64_t seed)
    : settings_(settings),
      groups_(groups),
      stream_(seed, StreamPurpose::MemoryLoss),
      members_(static_cast<std::size_t>((groups + settings.copies - 1) / settings.copies), 0),
      lostMembers_(members_.size(), 0),
      lost_(static_cast<std::size_t>(groups), 0)
{
    for (int g = 0; g < groups; ++g)
        ++members_[static_cast<std::size_t>(placementGroup(g))];
}

int MemoryCheckpointTier::placementGroup(int group) const
{
    if (settings_.placement == MemoryPlacement::DomainSeparated)
        return group % static_cast<int>((groups_ + settings_.copies - 1) / settings_.copies);
    return group / settings_.copies;
}

void MemoryCheckpointTier::markLost(int group)
{
    char& lost = lost_[static_cast<std::size_t>(group)];
    if (lost)
        return;
    lost = 1;
    lostGroups_.push_back(group);
    const auto p = static_cast<std::size_t>(placementGroup(group));
    if (++lostMembers_[p] == members_[p])
        ++wholeGroupsLost_;
}

void MemoryCheckpointTier::clearLost()
{
    for (const int group : lostGroups_) {
        lost_[static_cast<std::size_t>(group)] = 0;
        lostMembers_[static_cast<std::size_t>(placementGroup(group))] = 0;
    }
    lostGroups_.clear();
    wholeGroupsLost_ = 0;
}

void MemoryCheckpointTier::taken(int resumeStep, const TrainingProgress& progress, const GroupRoster& roster)
{
    clearLost();
    for (const int g : roster.wentOut())
        if (!roster.alive(g))
            markLost(g);
    taken_ = true;
    resumeStep_ = resumeStep;
    progress_ = progress;
}

void MemoryCheckpointTier::groupFailed(int group)
{
    if (stream_.uniformOpenZero() <= settings_.lostShare)
        markLost(group);
}

void MemoryCheckpointTier::restored(int resumeStep, const TrainingProgress& progress)
{
    clearLost();
    taken_ = true;
    resumeStep_ = resumeStep;
    progress_ = progress;
}

double memoryRecoveryProbability(int groups, int copies, int lostGroups)
{
    const auto logChoose = [](double n, double k) {
        return std::lgamma(n + 1.0) - std::lgamma(k + 1.0) - std::lgamma(n - k + 1.0);
    };
    const int sets = groups / copies;
    double p = 0.0;
    for (int j = 0; j <= sets && j * copies <= lostGroups; ++j) {
        const double term = std::exp(logChoose(sets, j) + logChoose(groups - j * copies, lostGroups - j * copies) -
                                     logChoose(groups, lostGroups));
        p += (j % 2 == 0 ? term : -term);
    }
    return p;
}

}  // namespace spare
