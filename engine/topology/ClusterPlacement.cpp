#include "topology/ClusterPlacement.h"

#include "io/InputFile.h"
#include "sim/ScenarioLimits.h"

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <utility>

namespace spare {

namespace {

// The nodes slot s (GPUs s M .. s M + M - 1) has GPUs on.
std::vector<int> slotNodes(long long slot, int gpusPerGroup, int gpusPerNode)
{
    const long long first = slot * gpusPerGroup / gpusPerNode;
    const long long last = ((slot + 1) * gpusPerGroup - 1) / gpusPerNode;
    std::vector<int> nodes;
    for (long long n = first; n <= last; ++n)
        nodes.push_back(static_cast<int>(n));
    return nodes;
}

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
    std::vector<std::vector<int>> groupNodes;
    std::vector<long long> firstGpu;
    groupNodes.reserve(static_cast<std::size_t>(groups));
    for (long long slot : slotOf) {
        groupNodes.push_back(slotNodes(slot, gpusPerGroup, topology.gpusPerNode));
        firstGpu.push_back(slot * gpusPerGroup);
    }
    return fromGroupNodes(std::move(groupNodes), std::move(firstGpu), topology, gpusPerGroup, topology.placement);
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
    std::vector<std::vector<int>> groupNodes(static_cast<std::size_t>(groups));
    for (std::size_t g = 0; g < lists.size(); ++g) {
        if (!lists[g].is_array() || lists[g].empty())
            throw TopologyError(fmt::format("{}group_nodes[{}] is not a non-empty array of node ids", header, g));
        for (std::size_t j = 0; j < lists[g].size(); ++j) {
            const auto& node = lists[g][j];
            const bool valid = node.is_number_unsigned() && node.get<unsigned long long>() < ScenarioLimits::maxNodes;
            if (!valid)
                throw TopologyError(fmt::format("{}group_nodes[{}][{}] = {} is not allowed; allowed: integer 0 .. {}",
                                                header, g, j, node.dump(), ScenarioLimits::maxNodes - 1));
            groupNodes[g].push_back(node.get<int>());
        }
    }
    return fromGroupNodes(std::move(groupNodes), {}, topology, gpusPerGroup, path);
}

ClusterPlacement ClusterPlacement::fromGroupNodes(std::vector<std::vector<int>> groupNodes,
                                                  std::vector<long long> firstGpu, const Topology& topology,
                                                  int gpusPerGroup, std::string description)
{
    ClusterPlacement p;
    p.topology_ = topology;
    p.description_ = std::move(description);
    p.gpusPerGroup_ = gpusPerGroup;
    for (auto& nodes : groupNodes) {
        std::sort(nodes.begin(), nodes.end());
        nodes.erase(std::unique(nodes.begin(), nodes.end()), nodes.end());
        p.nodes_ = std::max(p.nodes_, nodes.back() + 1);
    }
    p.groupNodes_ = std::move(groupNodes);
    p.firstGpu_ = std::move(firstGpu);
    p.buildLevels();
    return p;
}

std::span<const int> ClusterPlacement::nodesOf(int group) const { return groupNodes_[static_cast<std::size_t>(group)]; }

int ClusterPlacement::nodeOfGpu(int group, int gpu) const
{
    const auto g = static_cast<std::size_t>(group);
    if (!firstGpu_.empty())
        return static_cast<int>((firstGpu_[g] + gpu) / topology_.gpusPerNode);
    const auto& nodes = groupNodes_[g];
    return nodes[static_cast<std::size_t>(static_cast<long long>(gpu) * static_cast<long long>(nodes.size()) / gpusPerGroup_)];
}

int ClusterPlacement::firstGpuOnNode(int group, std::size_t k) const
{
    const auto g = static_cast<std::size_t>(group);
    const long long node = groupNodes_[g][k];
    if (!firstGpu_.empty())
        return static_cast<int>(std::max(0LL, node * topology_.gpusPerNode - firstGpu_[g]));
    // The smallest gpu with gpu x size / M >= k.
    const auto size = static_cast<long long>(groupNodes_[g].size());
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
        for (const auto& nodes : groupNodes_) {
            // Nodes are ascending and the maps monotone, so equal domains are adjacent.
            for (int n : nodes) {
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
