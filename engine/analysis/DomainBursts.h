#pragma once

// Included by the CUDA backend too: keep it C++17 (no topology/ClusterPlacement.h here).

#include "engine/analysis/TrialKernel.h"

#include <cstdint>
#include <vector>

namespace spare {

class ClusterPlacement;
enum class DomainLevel;

// Correlated failures for the Monte-Carlo: the failure domains of one level (the groups with a node in
// each; domains holding no group are left out) and the share of failure events that are whole-domain
// bursts. Immutable once built.
class DomainBursts {
public:
    // Throws InputError when share is outside 0 .. 1.
    static DomainBursts fromPlacement(const ClusterPlacement& placement, DomainLevel level, double share);

    int domains() const { return static_cast<int>(domainBegin_.size()) - 1; }
    int groups() const { return groups_; }
    double share() const { return share_; }
    const std::vector<std::int32_t>& domainBegin() const { return domainBegin_; }
    const std::vector<std::int32_t>& domainGroups() const { return domainGroups_; }
    // The host arrays (threshold = share * 2^32).
    BurstArrays arrays() const;
    // The burst threshold of a share: a 32-bit draw below it makes an event a burst.
    static std::uint64_t thresholdOf(double share);

private:
    int groups_ = 0;
    double share_ = 0.0;
    std::vector<std::int32_t> domainBegin_{0};
    std::vector<std::int32_t> domainGroups_;
};

}  // namespace spare
