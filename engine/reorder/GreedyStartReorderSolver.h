#pragma once

#include "engine/layout/Layout.h"
#include "engine/reorder/ReorderSolution.h"

#include <cstdint>
#include <span>

namespace spare {

// A competent from-scratch ReCtlr, the fair baseline for what incrementality buys: CoverageScan, then
// for S' = S, S+1, ..: every type goes to the first live holder (ascending group) that has it within
// its top S' and still has room (cost 0), and only the displaced rest is inserted by shortest
// augmenting paths (Dial bucket-queue Dijkstra on 0/1 reduced costs with potentials). The first S' at which
// every displaced type finds a path is the answer, and the sum of the path costs the minimum number of
// moves there. Stateless; O(N r) memory per call.
class GreedyStartReorderSolver {
public:
    // alive: one flag per group; stacks: current orders, flat N x r (group-major); stackNumber: old S.
    static ReorderSolution solve(const Layout& layout, std::span<const std::uint8_t> alive, std::span<const int> stacks,
                                 int stackNumber);
};

}  // namespace spare
