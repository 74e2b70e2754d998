#pragma once

#include "engine/layout/Layout.h"
#include "engine/reorder/ReorderSolution.h"

#include <cstdint>
#include <optional>
#include <span>

namespace spare {

// ReCtlr from scratch with LEMON's network simplex, an independent oracle and a third baseline:
// CoverageScan, then the min-cost flow types -> live holders (cost 0 iff the type is within the
// holder's top S') -> sink (capacity S') for S' = S, S+1, .. until it is feasible.
class LemonReorderSolver {
public:
    // alive: one flag per group; stacks: current orders, flat N x r (group-major); stackNumber: old S.
    static ReorderSolution solve(const Layout& layout, std::span<const std::uint8_t> alive, std::span<const int> stacks,
                                 int stackNumber);
    // The minimum number of moves at this capacity, nullopt when no assignment fits.
    static std::optional<int> minMoves(const Layout& layout, std::span<const std::uint8_t> alive,
                                       std::span<const int> stacks, int capacity);
};

}  // namespace spare
