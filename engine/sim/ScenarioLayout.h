#pragma once

#include "layout/Layout.h"
#include "layout/LayoutIndependence.h"
#include "sim/Scenario.h"
#include "topology/ClusterPlacement.h"

#include <optional>

namespace spare {

// The scenario's placement of groups on nodes (nullopt without a topology section). Throws
// TopologyError for a bad placement file.
std::optional<ClusterPlacement> scenarioPlacement(const Scenario& scenario);

// The layout cluster.layout names (golomb-domain across the scenario's placement); messages are
// prefixed "scenario: cluster.layout: ". Builds the placement whenever there is a topology, so a bad
// placement file is reported whatever the layout.
Layout scenarioLayout(const Scenario& scenario);

// layoutIndependence for cluster.layout, without building the stacks where that is not needed.
LayoutIndependence scenarioLayoutIndependence(const Scenario& scenario);

}  // namespace spare
