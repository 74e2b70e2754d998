#include "engine/sim/ScenarioLayout.h"

namespace spare {

std::shared_ptr<const ClusterPlacement> scenarioPlacement(const Scenario& scenario)
{
    if (!scenario.topology)
        return nullptr;
    return std::make_shared<const ClusterPlacement>(
        ClusterPlacement::fromTopology(*scenario.topology, scenario.groups, scenario.gpusPerGroup));
}

Layout scenarioLayout(const Scenario& scenario)
{
    return scenarioLayout(scenario, scenarioPlacement(scenario).get());
}

Layout scenarioLayout(const Scenario& scenario, const ClusterPlacement* placement)
{
    return Layout::byName(scenario.layout, scenario.groups, scenario.redundancy, "cluster.layout", placement);
}

LayoutIndependence scenarioLayoutIndependence(const Scenario& scenario)
{
    if (scenario.layout == "golomb-domain")
        return layoutIndependence(scenarioLayout(scenario));
    return layoutIndependence(scenario.layout, scenario.groups, scenario.redundancy);
}

}  // namespace spare
