#pragma once

#include <optional>
#include <vector>

namespace spare {

// True when all pairwise differences of `offsets` are distinct modulo `modulus`
// (then two cyclic stacks share at most one type, and two types at most one holder).
bool isSidonModulo(const std::vector<int>& offsets, int modulus);

// Offsets 0 = o_0 < .. < o_{count-1} < modulus forming a Sidon set modulo `modulus`, found by a
// Singer (q + 1 elements mod q^2+q+1) or Bose (q elements mod q^2-1) set, q prime, dilated and windowed,
// else a deterministic randomized greedy search with restarts; nullopt when none is found.
std::optional<std::vector<int>> findSidonOffsets(int modulus, int count);

}  // namespace spare
