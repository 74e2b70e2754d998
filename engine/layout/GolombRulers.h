#pragma once

#include <span>

namespace spare {

// Optimal Golomb rulers (marks, starting at 0) for 1..28 marks, verified by tests.
// Returns an empty span when the table has no ruler with `marks` marks.
std::span<const int> optimalGolombRuler(int marks);

}  // namespace spare
