#pragma once

#include "engine/topology/Topology.h"

#include <string>

namespace spare {

// A topology file, for tools that take a topology without a whole scenario (spare-cli layout
// --topology): an object with the keys of a scenario's "topology" section (all optional) and
// "gpus_per_group" (cluster.gpus_per_group). A relative placement path is resolved against the file's folder.
struct TopologyFile {
    Topology topology;
    int gpusPerGroup = 8;
};

// Throws ScenarioError naming the file, the key, the value and the allowed range.
TopologyFile loadTopologyFile(const std::string& path);

}  // namespace spare
