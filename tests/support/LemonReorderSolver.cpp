#include "tests/support/LemonReorderSolver.h"

#include "engine/reorder/CoverageScan.h"

#include <lemon/list_graph.h>
#include <lemon/network_simplex.h>

#include <stdexcept>
#include <vector>

namespace spare {

namespace {

size_t idx(int value) { return static_cast<size_t>(value); }

}  // namespace

std::optional<int> LemonReorderSolver::minMoves(const Layout& layout, std::span<const std::uint8_t> alive,
                                                std::span<const int> stacks, int capacity)
{
    const int n = layout.groups();
    const int r = layout.redundancy();
    lemon::ListDigraph graph;
    std::vector<lemon::ListDigraph::Node> types;
    std::vector<lemon::ListDigraph::Node> groups;
    for (int t = 0; t < n; ++t)
        types.push_back(graph.addNode());
    for (int g = 0; g < n; ++g)
        groups.push_back(graph.addNode());
    const auto sink = graph.addNode();
    lemon::ListDigraph::ArcMap<int> upper(graph);
    lemon::ListDigraph::ArcMap<int> cost(graph);
    lemon::ListDigraph::NodeMap<int> supply(graph, 0);
    for (int g = 0; g < n; ++g) {
        if (!alive[idx(g)])
            continue;
        for (int p = 0; p < r; ++p) {
            const int t = stacks[idx(g) * idx(r) + idx(p)];
            const auto arc = graph.addArc(types[idx(t)], groups[idx(g)]);
            upper[arc] = 1;
            cost[arc] = p < capacity ? 0 : 1;
        }
        const auto arc = graph.addArc(groups[idx(g)], sink);
        upper[arc] = capacity;
        cost[arc] = 0;
    }
    for (int t = 0; t < n; ++t)
        supply[types[idx(t)]] = 1;
    supply[sink] = -n;
    lemon::NetworkSimplex<lemon::ListDigraph, int, int> simplex(graph);
    simplex.upperMap(upper).costMap(cost).supplyMap(supply);
    if (simplex.run() != lemon::NetworkSimplex<lemon::ListDigraph, int, int>::OPTIMAL)
        return std::nullopt;
    return simplex.totalCost<int>();
}

ReorderSolution LemonReorderSolver::solve(const Layout& layout, std::span<const std::uint8_t> alive,
                                          std::span<const int> stacks, int stackNumber)
{
    ReorderSolution result = CoverageScan::run(layout, alive, stacks, stackNumber);
    if (result.wipeout || result.covered)
        return result;
    for (int capacity = stackNumber; capacity <= layout.redundancy(); ++capacity) {
        if (const auto moves = minMoves(layout, alive, stacks, capacity)) {
            result.stackNumber = capacity;
            result.moves = *moves;
            return result;
        }
    }
    throw std::logic_error("LEMON reorder: no feasible flow at S = r although every type has a live holder");
}

}  // namespace spare
