#include "engine/sweep/RackCorrelatedFailures.h"

#include "engine/sim/ScenarioLayout.h"

#include <fmt/core.h>

#include <cmath>
#include <stdexcept>

namespace spare {

double meanRacksPerGroup(const Scenario& scenario)
{
    if (!scenario.topology)
        throw std::invalid_argument("rack share: the scenario has no topology section (racks are defined there)");
    const auto placement = scenarioPlacement(scenario);
    double touched = 0.0;
    for (int g = 0; g < scenario.groups; ++g)
        touched += double(placement->domainsOf(g, DomainLevel::Rack).size());
    return touched / scenario.groups;
}

Scenario withRackShare(const Scenario& scenario, double share)
{
    if (!std::isfinite(share) || share < 0.0 || share >= 1.0)
        throw std::invalid_argument(fmt::format("rack share {}: allowed 0 <= share < 1", share));
    if (share == 0.0)
        return scenario;
    if (scenario.failureModel == FailureModel::Trace)
        throw std::invalid_argument("rack share: failures.model is trace; allowed: weibull | exponential");
    if (!scenario.failureCategories.empty())
        throw std::invalid_argument("rack share: the scenario has failures.categories; allowed: none (they split "
                                    "the failure rate themselves)");
    DomainFailureProcess racks;
    racks.level = DomainLevel::Rack;
    racks.shape = FailureShape::Exponential;
    racks.mtbfS = meanRacksPerGroup(scenario) * scenario.groups * scenario.systemMtbfS / share;
    Scenario correlated = scenario;
    correlated.systemMtbfS = scenario.systemMtbfS / (1.0 - share);
    correlated.domainFailures.push_back(racks);
    return correlated;
}

}  // namespace spare
