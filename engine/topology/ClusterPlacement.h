#pragma once

#include "engine/base/InputError.h"
#include "engine/topology/DomainLevel.h"
#include "engine/topology/Topology.h"

#include <array>
#include <span>
#include <string>
#include <vector>

namespace spare {

// Where every group's GPUs sit: group -> nodes -> rack -> pod, and for each level the groups with a
// node in each domain. GPUs are numbered node after node (node n holds GPUs n G .. n G + G - 1, rack
// k holds nodes k R .. k R + R - 1, pod p holds racks p P .. p P + P - 1). A group takes M consecutive
// GPUs (a "slot"), so it spans several nodes when M > G and shares a node with its neighbour when a
// slot boundary falls inside a node. Immutable.
class ClusterPlacement {
public:
    // contiguous: group g takes slot g. striped: consecutive groups go to consecutive racks (group 0
    // takes rack 0's first slot, group 1 rack 1's first, ..., round-robin over the racks that still have
    // slots; a slot belongs to the rack of its first GPU). A file: see fromPlacementFile. Throws
    // TopologyError (file problems, too many nodes).
    static ClusterPlacement fromTopology(const Topology& topology, int groups, int gpusPerGroup);
    // {"group_nodes": [[node, ...] per group]}: the nodes each group has GPUs on (node ids 0 .. maxNodes - 1);
    // a group's GPUs are spread evenly over its nodes, in ascending order.
    static ClusterPlacement fromPlacementFile(const std::string& path, const Topology& topology, int groups,
                                              int gpusPerGroup);

    int groups() const { return static_cast<int>(groupNodes_.begin.size()) - 1; }
    int nodes() const { return nodes_; }
    const Topology& topology() const { return topology_; }
    // "contiguous", "striped" or the placement file's path.
    const std::string& description() const { return description_; }
    // Nodes group g has GPUs on, ascending.
    std::span<const int> nodesOf(int group) const;
    // The node GPU `gpu` (0 .. gpusPerGroup - 1) of group g is on.
    int nodeOfGpu(int group, int gpu) const;
    // The first GPU of group g on its k-th node (nodesOf(g)[k]).
    int firstGpuOnNode(int group, std::size_t k) const;
    // The domain of `level` that node n lies in.
    int domainOfNode(int node, DomainLevel level) const;
    int domainCount(DomainLevel level) const { return levels_[index(level)].domains; }
    // Domains of `level` group g has a node in, ascending.
    std::span<const int> domainsOf(int group, DomainLevel level) const;
    // Groups with a node in domain d of `level`, ascending.
    std::span<const int> groupsIn(DomainLevel level, int domain) const;

private:
    // Both directions of the group-domain incidence at one level, as offset + flat arrays.
    struct LevelIndex {
        int domains = 0;
        std::vector<std::size_t> groupBegin;  // groups + 1
        std::vector<int> groupDomains;
        std::vector<std::size_t> domainBegin;  // domains + 1
        std::vector<int> domainGroups;
    };
    static std::size_t index(DomainLevel level) { return static_cast<std::size_t>(level); }
    // Every group's nodes (ascending, non-empty), one list after the other.
    struct NodeLists {
        std::vector<std::size_t> begin{0};  // groups + 1
        std::vector<int> nodes;
    };
    // firstGpu: each group's first GPU in the cluster's numbering, or empty (a placement file).
    static ClusterPlacement fromNodeLists(NodeLists groupNodes, std::vector<long long> firstGpu, const Topology& topology,
                                          int gpusPerGroup, std::string description);
    void buildLevels();

    Topology topology_;
    std::string description_;
    int nodes_ = 0;
    int gpusPerGroup_ = 1;
    NodeLists groupNodes_;
    std::vector<long long> firstGpu_;
    std::array<LevelIndex, 3> levels_;
};

}  // namespace spare
