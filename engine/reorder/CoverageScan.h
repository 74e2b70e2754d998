#pragma once

#include "engine/layout/Layout.h"
#include "engine/reorder/ReorderSolution.h"

#include <cstdint>
#include <span>

namespace spare {

// Phase 0 from scratch, as the paper's controller does it: mark the types in the top S of every live
// group (O(N S), stopping once all N are marked); only when some type is unmarked, look for types
// without a live holder (wipe-out) among the unmarked ones.
class CoverageScan {
public:
    // alive: one flag per group; stacks: current orders, flat N x r (group-major). Fills wipeout,
    // lostTypes, covered and stackNumber (= S) of the returned solution.
    static ReorderSolution run(const Layout& layout, std::span<const std::uint8_t> alive, std::span<const int> stacks,
                               int stackNumber);
};

}  // namespace spare
