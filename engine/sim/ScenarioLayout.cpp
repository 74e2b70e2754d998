#include "sim/ScenarioLayout.h"

namespace spare {

std::optional<ClusterPlacement> scenarioPlacement(const Scenario& scenario)
{
    if (!scenario.topology)
        return std::nullopt;
    return ClusterPlacement::fromTopology(*scenario.topology, scenario.groups, scenario.gpusPerGroup);
}

Layout scenarioLayout(const Scenario& scenario)
{
    const auto placement = scenarioPlacement(scenario);
    return Layout::byName(scenario.layout, scenario.groups, scenario.redundancy, "cluster.layout",
                          placement ? &*placement : nullptr);
}

LayoutIndependence scenarioLayoutIndependence(const Scenario& scenario)
{
    if (scenario.layout == "golomb-domain")
        return layoutIndependence(scenarioLayout(scenario));
    return layoutIndependence(scenario.layout, scenario.groups, scenario.redundancy);
}

}  // namespace spare
