#pragma once

#include "engine/layout/CyclicOverlap.h"

#include <optional>
#include <string>
#include <vector>

namespace spare {

// The offsets of Layout::golomb and why they were chosen, without building the N x r stacks.
struct GolombOffsets {
    std::vector<int> offsets;
    std::string note;
    CyclicOverlap overlap;                       // of the cyclic layout these offsets generate
    std::optional<bool> independentLayoutExists;  // true: these are independent; false: proved impossible
};

// The optimal ruler when N >= 2L + 1; else Sidon offsets modulo N (table, constructions, search); else the
// offsets with the fewest pairs of groups sharing two or more types. Requires 1 <= redundancy <= groups.
GolombOffsets golombOffsets(int groups, int redundancy);

}  // namespace spare
