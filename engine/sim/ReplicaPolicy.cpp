#include "engine/sim/ReplicaPolicy.h"

#include <algorithm>

namespace spare {

ReplicaPolicy::ReplicaPolicy(int groups, int redundancy, double computeS)
    : groups_(groups), redundancy_(redundancy), computeS_(computeS)
{
    reset();
}

FailureResponse ReplicaPolicy::onFailures(std::span<const int> groups)
{
    FailureResponse response;
    for (const int g : groups) {
        if (--liveInSet_[static_cast<std::size_t>(g / redundancy_)] == 0) {
            response.action = FailureResponse::Action::Restart;
            response.cause = RestartCause::ReplicaSetLost;
        }
    }
    return response;
}

std::optional<ReorderDecision> ReplicaPolicy::onRejoin(std::span<const int> groups)
{
    for (const int g : groups)
        ++liveInSet_[static_cast<std::size_t>(g / redundancy_)];
    return std::nullopt;
}

void ReplicaPolicy::reset()
{
    const int sets = (groups_ + redundancy_ - 1) / redundancy_;
    liveInSet_.assign(static_cast<std::size_t>(sets), redundancy_);
    liveInSet_.back() = groups_ - (sets - 1) * redundancy_;
}

}  // namespace spare
