#include "engine/sim/ElasticPolicy.h"

#include <algorithm>

namespace spare {

ElasticPolicy::ElasticPolicy(int groups, double computeS, const ElasticSettings& settings)
    : groups_(groups), computeS_(computeS), settings_(settings), live_(groups)
{
}

double ElasticPolicy::batchFraction() const
{
    return batchFraction(live_, groups_, settings_);
}

double ElasticPolicy::batchFraction(int live, int groups, const ElasticSettings& settings)
{
    const int contributors = groups - settings.spareGroups;
    return static_cast<double>(std::min(live, contributors)) / static_cast<double>(contributors);
}

FailureResponse ElasticPolicy::onFailures(std::span<const int> groups)
{
    live_ -= static_cast<int>(groups.size());
    if (live_ < settings_.minReplicas)
        return {FailureResponse::Action::Restart, RestartCause::BelowQuorum, 0, std::nullopt};
    FailureResponse response{FailureResponse::Action::Retry, RestartCause::None, 0, std::nullopt};
    response.waitS = settings_.detectS;
    return response;
}

std::optional<FailureResponse> ElasticPolicy::onFailuresBeforeStep(std::span<const int> groups)
{
    FailureResponse response = onFailures(groups);
    response.waitS = 0.0;
    return response;
}

std::optional<ReorderDecision> ElasticPolicy::onRejoin(std::span<const int> groups)
{
    live_ += static_cast<int>(groups.size());
    return std::nullopt;
}

}  // namespace spare
