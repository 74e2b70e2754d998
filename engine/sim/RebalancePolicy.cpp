#include "engine/sim/RebalancePolicy.h"

#include <cmath>

namespace spare {

RebalancePolicy::RebalancePolicy(int groups, double computeS, const RebalanceSettings& settings)
    : groups_(groups), computeS_(computeS), settings_(settings), live_(groups)
{
}

double RebalancePolicy::computeFactor() const
{
    const double factor = static_cast<double>(groups_) / static_cast<double>(live_);
    return settings_.integerFactor ? std::ceil(factor) : factor;
}

FailureResponse RebalancePolicy::onFailures(std::span<const int> groups)
{
    live_ -= static_cast<int>(groups.size());
    if (live_ < 1)
        return {FailureResponse::Action::Restart, RestartCause::BelowQuorum, 0, std::nullopt};
    FailureResponse response{FailureResponse::Action::Retry, RestartCause::None, 0, std::nullopt};
    response.waitS = settings_.reconfigureS;
    return response;
}

std::optional<ReorderDecision> RebalancePolicy::onRejoin(std::span<const int> groups)
{
    live_ += static_cast<int>(groups.size());
    return std::nullopt;
}

}  // namespace spare
