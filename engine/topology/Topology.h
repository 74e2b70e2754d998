#pragma once

#include "engine/topology/DomainLevel.h"

#include <string>

namespace spare {

// The scenario's "topology" section: how the cluster nests (GPUs per node, nodes per rack, racks per
// pod) and where the groups sit. A plain value: ClusterPlacement turns it into group -> node -> rack
// -> pod maps. Ranges: ScenarioLimits.
struct Topology {
    int gpusPerNode = 8;     // topology.gpus_per_node
    int nodesPerRack = 16;   // topology.nodes_per_rack
    int racksPerPod = 32;    // topology.racks_per_pod
    // topology.placement: "contiguous" | "striped" | path to a placement JSON file
    std::string placement = "contiguous";
    // topology.domain_level: the level the golomb-domain layout separates holders across
    DomainLevel domainLevel = DomainLevel::Rack;

    // True when placement names a placement file rather than a rule.
    bool placementIsFile() const { return placement != "contiguous" && placement != "striped"; }
    // Nodes `groups` groups of `gpusPerGroup` GPUs fill under the contiguous and striped rules (gpusPerNode >= 1).
    long long nodesFor(int groups, int gpusPerGroup) const
    {
        return (static_cast<long long>(groups) * gpusPerGroup + gpusPerNode - 1) / gpusPerNode;
    }

    friend bool operator==(const Topology&, const Topology&) = default;
};

}  // namespace spare
