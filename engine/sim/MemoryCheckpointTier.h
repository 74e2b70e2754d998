#pragma once

#include "engine/sim/GroupRoster.h"
#include "engine/sim/RandomStream.h"
#include "engine/sim/Scenario.h"
#include "engine/sim/TrainingProgress.h"

#include <vector>

namespace spare {

// The in-memory checkpoint tier (the memory_checkpoint section, docs/policies/memory-checkpoints.md):
// every every_steps steps each group's state goes into its own CPU memory and m - 1 peers' (a placement
// group of m). A failure loses its group's copy with probability lost_share (a hardware fault; a software
// fault keeps the host's memory); group g's state is recoverable while some member of its placement
// group keeps its copy, and the tier is usable while every placement group keeps one. The n-th failure
// draws draw n of its own stream, so the tier moves no other random number.
class MemoryCheckpointTier {
public:
    MemoryCheckpointTier(const MemoryCheckpoint& settings, int groups, std::uint64_t seed);

    const MemoryCheckpoint& settings() const { return settings_; }
    // contiguous: g / m; domain_separated: g mod ceil(N / m).
    int placementGroup(int group) const;
    int placementGroups() const { return static_cast<int>(members_.size()); }

    // A checkpoint that resumes at `resumeStep`: the live groups write their copies; a group out now holds
    // none.
    void taken(int resumeStep, const TrainingProgress& progress, const GroupRoster& roster);
    // A failure of `group` (drawn: its memory lost or kept).
    void groupFailed(int group);
    // True when a checkpoint was taken and every placement group keeps a copy of it.
    bool usable() const { return taken_ && wholeGroupsLost_ == 0; }
    int resumeStep() const { return resumeStep_; }
    const TrainingProgress& progress() const { return progress_; }
    // After a restore at `resumeStep` (from memory or storage) every group holds that state in memory.
    void restored(int resumeStep, const TrainingProgress& progress);

private:
    void markLost(int group);
    void clearLost();

    MemoryCheckpoint settings_;
    int groups_;
    RandomStream stream_;
    std::vector<int> members_;      // per placement group
    std::vector<int> lostMembers_;  // per placement group
    std::vector<char> lost_;        // per group
    std::vector<int> lostGroups_;   // groups marked lost, to clear
    int wholeGroupsLost_ = 0;
    bool taken_ = false;
    int resumeStep_ = 0;
    TrainingProgress progress_;
};

// The chance that the tier survives k groups lost uniformly at random (inclusion-exclusion over the
// placement groups of m, N divisible by m): sum_j (-1)^j C(N/m, j) C(N - j m, k - j m) / C(N, k).
double memoryRecoveryProbability(int groups, int copies, int lostGroups);

}  // namespace spare
