#pragma once

#include <vector>

namespace spare {

// What a from-scratch reorder solver returns for one state: the decision's S' and move count, the
// quantities every solver must agree on with the incremental ReorderController.
struct ReorderSolution {
    bool wipeout = false;
    std::vector<int> lostTypes;  // ascending; wipe-out only
    bool covered = false;        // Phase 0: the current top-S covers every type (S' = S, no moves)
    int stackNumber = 0;         // smallest feasible S' >= S (the old S on a wipe-out)
    int moves = 0;               // min number of assigned types not already within the top S'
};

}  // namespace spare
