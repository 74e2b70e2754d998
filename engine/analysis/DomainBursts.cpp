#include "engine/analysis/DomainBursts.h"

#include "engine/base/InputError.h"
#include "engine/topology/ClusterPlacement.h"

#include <fmt/core.h>

#include <cmath>

namespace spare {

DomainBursts DomainBursts::fromPlacement(const ClusterPlacement& placement, DomainLevel level, double share)
{
    if (!(share >= 0.0 && share <= 1.0))
        throw InputError(fmt::format("burst share {} is out of range: allowed 0 .. 1", share));
    DomainBursts bursts;
    bursts.groups_ = placement.groups();
    bursts.share_ = share;
    for (int d = 0; d < placement.domainCount(level); ++d) {
        const auto groups = placement.groupsIn(level, d);
        if (groups.empty())
            continue;
        bursts.domainGroups_.insert(bursts.domainGroups_.end(), groups.begin(), groups.end());
        bursts.domainBegin_.push_back(static_cast<std::int32_t>(bursts.domainGroups_.size()));
    }
    return bursts;
}

std::uint64_t DomainBursts::thresholdOf(double share)
{
    return static_cast<std::uint64_t>(std::llround(std::ldexp(share, 32)));
}

BurstArrays DomainBursts::arrays() const
{
    BurstArrays arrays;
    arrays.domains = domains();
    arrays.domainBegin = domainBegin_.data();
    arrays.domainGroups = domainGroups_.data();
    arrays.threshold = thresholdOf(share_);
    return arrays;
}

}  // namespace spare
