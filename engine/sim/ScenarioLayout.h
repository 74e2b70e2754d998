#pragma once

#include "engine/layout/Layout.h"
#include "engine/layout/LayoutIndependence.h"
#include "engine/sim/Scenario.h"
#include "engine/topology/ClusterPlacement.h"

#include <memory>

namespace spare {

// The scenario's placement of groups on nodes (nullptr without a topology section). Throws
// TopologyError for a bad placement file.
std::shared_ptr<const ClusterPlacement> scenarioPlacement(const Scenario& scenario);

// The layout cluster.layout names (golomb-domain across the scenario's placement); messages are
// prefixed "scenario: cluster.layout: ". Builds the placement whenever there is a topology, so a bad
// placement file is reported whatever the layout.
Layout scenarioLayout(const Scenario& scenario);
// The same over a placement already built (nullptr: the scenario has no topology section).
Layout scenarioLayout(const Scenario& scenario, const ClusterPlacement* placement);

// layoutIndependence for cluster.layout, without building the stacks where that is not needed.
LayoutIndependence scenarioLayoutIndependence(const Scenario& scenario);

}  // namespace spare
