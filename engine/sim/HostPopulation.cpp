#include "engine/sim/HostPopulation.h"

#include "engine/sim/RandomStream.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace spare {

namespace {

// round(share x nodes) distinct node ids, ascending: a partial Fisher-Yates shuffle whose swaps are kept
// in a map, so the cost is the count drawn, not the node count.
std::vector<int> drawNodes(double share, long long nodes, std::uint64_t seed, std::uint64_t stream)
{
    const auto count = static_cast<long long>(std::llround(share * static_cast<double>(nodes)));
    const RandomStreams streams(seed, StreamPurpose::Hosts);
    std::unordered_map<long long, long long> swapped;
    const auto at = [&](long long i) {
        const auto it = swapped.find(i);
        return it == swapped.end() ? i : it->second;
    };
    std::vector<int> picked;
    picked.reserve(static_cast<std::size_t>(count));
    for (long long j = 0; j < count; ++j) {
        const long long k = j + streams.below(static_cast<int>(nodes - j), stream, static_cast<std::uint64_t>(j));
        const long long chosen = at(k);
        swapped[k] = at(j);
        picked.push_back(static_cast<int>(chosen));
    }
    std::sort(picked.begin(), picked.end());
    return picked;
}

}  // namespace

int HostPopulation::nodesPerGroup(const Scenario& scenario)
{
    const int gpusPerNode = scenario.topology ? std::max(1, scenario.topology->gpusPerNode) : 8;
    return std::max(1, (scenario.gpusPerGroup + gpusPerNode - 1) / gpusPerNode);
}

long long HostPopulation::totalNodes(const Scenario& scenario)
{
    return static_cast<long long>(scenario.groups) * nodesPerGroup(scenario);
}

HostPopulation::HostPopulation(const Scenario& scenario)
{
    if (!scenario.hosts)
        return;
    const int perGroup = nodesPerGroup(scenario);
    const long long nodes = totalNodes(scenario);
    proneNodes_ = drawNodes(scenario.hosts->proneShare, nodes, scenario.seed, 0);
    for (const int node : proneNodes_)
        proneGroups_.push_back(node / perGroup);
    const std::vector<int> slow = drawNodes(scenario.hosts->slowShare, nodes, scenario.seed, 1);
    slowNodeCount_ = static_cast<int>(slow.size());
    for (const int node : slow) {
        const int group = node / perGroup;
        if (slowGroups_.empty() || slowGroups_.back() != group) {
            slowGroups_.push_back(group);
            slowNodesInGroup_.push_back(0);
        }
        ++slowNodesInGroup_.back();
    }
}

}  // namespace spare
