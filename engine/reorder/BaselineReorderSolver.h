#pragma once

#include "layout/Layout.h"

#include <cstdint>
#include <span>
#include <vector>

namespace spare {

// The paper's ReCtlr computed from scratch, the reference for the incremental ReorderController:
// coverage check of the current top-S, then Hopcroft-Karp on the explicit graph types x slots
// (live group w, position p < S') for S' = S, S+1, .. until perfect, then successive shortest
// paths (SPFA) min-cost max-flow on source -> types -> slots -> sink, a slot edge costing 0 iff
// the type currently sits at that position. Stateless; O(N r S') memory per call.
class BaselineReorderSolver {
public:
    struct Result {
        bool wipeout = false;
        std::vector<int> lostTypes;  // ascending; wipe-out only
        int stackNumber = 0;         // smallest feasible S' >= S (the old S on a wipe-out)
        int moves = 0;               // min number of assigned types not already at their slot
    };

    // alive: one flag per group; stacks: current orders, flat N x r (group-major); stackNumber: old S.
    static Result solve(const Layout& layout, std::span<const std::uint8_t> alive, std::span<const int> stacks,
                        int stackNumber);
};

}  // namespace spare
