#pragma once

#include "engine/layout/SidonSearch.h"

#include <optional>
#include <string>
#include <vector>

namespace spare {

// True when all pairwise differences of `offsets` are distinct modulo `modulus`
// (then two cyclic stacks share at most one type, and two types at most one holder).
bool isSidonModulo(const std::vector<int>& offsets, int modulus);

// `set` sorted and translated so that its smallest element is 0 (a translate of a Sidon set is one).
std::vector<int> translatedToZero(std::vector<int> set);

// Offsets 0 = o_0 < .. < o_{count-1} < modulus forming a Sidon set modulo `modulus`, found by a
// Singer (q + 1 elements mod q^2+q+1), Bose (q elements mod q^2-1) or Ruzsa (p - 1 elements mod p^2-p) set,
// q and p prime, dilated and windowed,
// else a deterministic randomized greedy search with restarts; nullopt when none is found.
std::optional<std::vector<int>> findSidonOffsets(int modulus, int count);

// True where modularSidonTable() decides: 3 <= count <= 16 and count(count-1) + 1 <= modulus <= 2L, L the
// optimal ruler length (below, no Sidon set fits; above, the ruler itself is one).
bool inModularSidonTableDomain(int modulus, int count);

struct SidonOffsetsResult {
    SidonSearchOutcome outcome = SidonSearchOutcome::BudgetExhausted;
    std::vector<int> offsets;  // when Found
    std::string how;           // how it was found, or why none is given
};

// Sidon offsets modulo `modulus` when the optimal ruler does not serve: the counting bound, the table,
// then findSidonOffsets. ProvedNone only when absence is certain.
SidonOffsetsResult sidonOffsets(int modulus, int count);

}  // namespace spare
