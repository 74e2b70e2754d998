#include "engine/topology/ClusterPlacement.h"

#include "engine/base/InputFile.h"
#include "engine/base/ScenarioLimits.h"

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <utility>

namespace spare {

namespace {

// Striped: group g gets the slot of the (g mod active racks)-th rack in round g / ..., skipping racks
// whose slots are used up.
std::vector<long long> stripedSlots(int groups, int gpusPerGroup, const Topology& t)
{
    const long long gpusPerRack = static_cast<long long>(t.gpusPerNode) * t.nodesPerRack;
    std::vector<std::pair<long long, long long>> racks;  // [first slot, end) of each rack with slots
    for (long long s = 0; s < groups; ++s) {
        const long long rack = s * gpusPerGroup / gpusPerRack;
        if (racks.empty() || (racks.back().first * gpusPerGroup / gpusPerRack) != rack)
            racks.push_back({s, s});
        racks.back().second = s + 1;
    }
    std::vector<long long> slotOf;
    slotOf.reserve(static_cast<std::size_t>(groups));
    while (!racks.empty()) {
        std::size_t kept = 0;
        for (auto& rack : racks) {
            slotOf.push_back(rack.first++);
            if (rack.first < rack.second)
                racks[kept++] = rack;
        }
        racks.resize(kept);
    }
    return slotOf;
}

void checkNodeCount(long long nodes)
{
    if (nodes > ScenarioLimits::maxNodes)
        throw TopologyError(fmt::format("topology: the groups need {} nodes; allowed at most {} (raise "
                                        "topology.gpus_per_node or lower cluster.gpus_per_group)",
                                        nodes, ScenarioLimits::maxNodes));
}

}  // namespace

ClusterPlacement ClusterPlacement::fromTopology(const Topology& topology, int groups, int gpusPerGroup)
{
    if (topology.placementIsFile())
        return fromPlacementFile(topology.placement, topology, groups, gpusPerGroup);
    checkNodeCount(topology.nodesFor(groups, gpusPerGroup));
    std::vector<long long> slotOf;
    if (topology.placement == "striped") {
        slotOf = stripedSlots(groups, gpusPerGroup, topology);
    } else {
        slotOf.resize(static_cast<std::size_t>(groups));
        for (int g = 0; g < groups; ++g)
            slotOf[static_cast<std::size_t>(g)] = g;
    }
    // Slot s has GPUs s M .. s M + M - 1.
    NodeLists lists;
    std::vector<long long> firstGpu;
    for (long long slot : slotOf) {
        firstGpu.push_back(slot * gpusPerGroup);
        for (long long n = slot * gpusPerGroup / topology.gpusPerNode;
             n <= ((slot + 1) * gpusPerGroup - 1) / topology.gpusPerNode; ++n)
            lists.nodes.push_back(static_cast<int>(n));
        lists.begin.push_back(lists.nodes.size());
    }
    return fromNodeLists(std::move(lists), std::move(firstGpu), topology, gpusPerGroup, topology.placement);
}

ClusterPlacement ClusterPlacement::fromPlacementFile(const std::string& path, const Topology& topology, int groups,
                                                     int gpusPerGroup)
{
    const std::string header = fmt::format("topology.placement: {}: ", path);
    nlohmann::json doc;
    try {
        doc = nlohmann::json::parse(readInputFile(path, InputFileKind::Placement));
    } catch (const nlohmann::json::exception& e) {
        throw TopologyError(fmt::format("{}not valid JSON: {}", header, e.what()));
    }
    if (!doc.is_object() || doc.size() != 1 || !doc.contains("group_nodes") || !doc["group_nodes"].is_array())
        throw TopologyError(header + "expected an object with one key, \"group_nodes\": [[node, ...] per group]");
    const auto& lists = doc["group_nodes"];
    if (lists.size() != static_cast<std::size_t>(groups))
        throw TopologyError(fmt::format("{}group_nodes has {} entries; allowed: exactly cluster.groups = {}", header,
                                        lists.size(), groups));
    NodeLists groupNodes;
    for (std::size_t g = 0; g < lists.size(); ++g) {
        if (!lists[g].is_array() || lists[g].empty())
            throw TopologyError(fmt::format("{}group_nodes[{}] is not a non-empty array of node ids", header, g));
        for (std::size_t j = 0; j < lists[g].size(); ++j) {
            const auto& node = lists[g][j];
            const bool valid = node.is_number_unsigned() && node.get<unsigned long long>() < ScenarioLimits::maxNodes;
            if (!valid)
                throw TopologyError(fmt::format("{}group_nodes[{}][{}] = {} is not allowed; allowed: integer 0 .. {}",
                                                header, g, j, node.dump(), ScenarioLimits::maxNodes - 1));
            groupNodes.nodes.push_back(node.get<int>());
        }
        // Ascending, each node once.
        const auto begin = groupNodes.nodes.begin() + static_cast<std::ptrdiff_t>(groupNodes.begin.back());
        std::sort(begin, groupNodes.nodes.end());
        groupNodes.nodes.erase(std::unique(begin, groupNodes.nodes.end()), groupNodes.nodes.end());
        groupNodes.begin.push_back(groupNodes.nodes.size());
    }
    return fromNodeLists(std::move(groupNodes), {}, topology, gpusPerGroup, path);
}

ClusterPlacement ClusterPlacement::fromNodeLists(NodeLists groupNodes, std::vector<long long> firstGpu,
                                                 const Topology& topology, int gpusPerGroup, std::string description)
{
    ClusterPlacement p;
    p.topology_ = topology;
    p.description_ = std::move(description);
    p.gpusPerGroup_ = gpusPerGroup;
    p.nodes_ = *std::max_element(groupNodes.nodes.begin(), groupNodes.nodes.end()) + 1;
    p.groupNodes_ = std::move(groupNodes);
    p.firstGpu_ = std::move(firstGpu);
    p.buildLevels();
    return p;
}

std::span<const int> ClusterPlacement::nodesOf(int group) const
{
    const auto g = static_cast<std::size_t>(group);
    return {groupNodes_.nodes.data() + groupNodes_.begin[g], groupNodes_.begin[g + 1] - groupNodes_.begin[g]};
}

int ClusterPlacement::nodeOfGpu(int group, int gpu) const
{
    const auto g = static_cast<std::size_t>(group);
    if (!firstGpu_.empty())
        return static_cast<int>((firstGpu_[g] + gpu) / topology_.gpusPerNode);
    const auto nodes = nodesOf(group);
    return nodes[static_cast<std::size_t>(static_cast<long long>(gpu) * static_cast<long long>(nodes.size()) / gpusPerGroup_)];
}

int ClusterPlacement::firstGpuOnNode(int group, std::size_t k) const
{
    const auto g = static_cast<std::size_t>(group);
    const long long node = nodesOf(group)[k];
    if (!firstGpu_.empty())
        return static_cast<int>(std::max(0LL, node * topology_.gpusPerNode - firstGpu_[g]));
    // The smallest gpu with gpu x size / M >= k.
    const auto size = static_cast<long long>(nodesOf(group).size());
    return static_cast<int>((static_cast<long long>(k) * gpusPerGroup_ + size - 1) / size);
}

int ClusterPlacement::domainOfNode(int node, DomainLevel level) const
{
    switch (level) {
    case DomainLevel::Node: return node;
    case DomainLevel::Rack: return node / topology_.nodesPerRack;
    case DomainLevel::Pod:
        return static_cast<int>(node / (static_cast<long long>(topology_.nodesPerRack) * topology_.racksPerPod));
    }
    return node;
}

std::span<const int> ClusterPlacement::domainsOf(int group, DomainLevel level) const
{
    const LevelIndex& l = levels_[index(level)];
    const auto g = static_cast<std::size_t>(group);
    return {l.groupDomains.data() + l.groupBegin[g], l.groupBegin[g + 1] - l.groupBegin[g]};
}

std::span<const int> ClusterPlacement::groupsIn(DomainLevel level, int domain) const
{
    const LevelIndex& l = levels_[index(level)];
    const auto d = static_cast<std::size_t>(domain);
    return {l.domainGroups.data() + l.domainBegin[d], l.domainBegin[d + 1] - l.domainBegin[d]};
}

void ClusterPlacement::buildLevels()
{
    for (DomainLevel level : {DomainLevel::Node, DomainLevel::Rack, DomainLevel::Pod}) {
        LevelIndex& l = levels_[index(level)];
        l.domains = domainOfNode(nodes_ - 1, level) + 1;
        l.groupBegin.assign(1, 0);
        for (int g = 0; g < groups(); ++g) {
            // Nodes are ascending and the maps monotone, so equal domains are adjacent.
            for (int n : nodesOf(g)) {
                const int d = domainOfNode(n, level);
                if (l.groupDomains.size() == l.groupBegin.back() || l.groupDomains.back() != d)
                    l.groupDomains.push_back(d);
            }
            l.groupBegin.push_back(l.groupDomains.size());
        }
        l.domainBegin.assign(static_cast<std::size_t>(l.domains) + 1, 0);
        for (int d : l.groupDomains)
            ++l.domainBegin[static_cast<std::size_t>(d) + 1];
        for (std::size_t d = 0; d < static_cast<std::size_t>(l.domains); ++d)
            l.domainBegin[d + 1] += l.domainBegin[d];
        l.domainGroups.resize(l.groupDomains.size());
        std::vector<std::size_t> fill(l.domainBegin.begin(), l.domainBegin.end() - 1);
        for (std::size_t g = 0; g + 1 < l.groupBegin.size(); ++g)
            for (std::size_t k = l.groupBegin[g]; k < l.groupBegin[g + 1]; ++k)
                l.domainGroups[fill[static_cast<std::size_t>(l.groupDomains[k])]++] = static_cast<int>(g);
    }
}

}  // namespace spare
