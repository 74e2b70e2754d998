#pragma once

#include "engine/layout/Layout.h"
#include "engine/reorder/ReorderSolution.h"

#include <cstdint>
#include <span>

namespace spare {

// The paper's ReCtlr computed from scratch, the reference for the incremental ReorderController:
// coverage check of the current top-S (CoverageScan), then Hopcroft-Karp on the explicit graph types x slots
// (live group w, position p < S') for S' = S, S+1, .. until perfect, then successive shortest
// paths (SPFA) min-cost max-flow on source -> types -> slots -> sink, a slot edge costing 0 iff
// the type currently sits at that position. Stateless; O(N r S') memory per call.
class BaselineReorderSolver {
public:
    // alive: one flag per group; stacks: current orders, flat N x r (group-major); stackNumber: old S.
    static ReorderSolution solve(const Layout& layout, std::span<const std::uint8_t> alive, std::span<const int> stacks,
                        int stackNumber);
};

}  // namespace spare
