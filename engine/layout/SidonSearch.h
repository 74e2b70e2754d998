#pragma once

#include <vector>

namespace spare {

// Outcome of an exact search for a Sidon set modulo N.
enum class SidonSearchOutcome {
    Found,            // offsets holds a Sidon set
    ProvedNone,       // the search covered every case: no Sidon set of that size exists modulo N
    BudgetExhausted,  // stopped after the node budget without finding or excluding one
};

struct SidonSearchResult {
    SidonSearchOutcome outcome = SidonSearchOutcome::BudgetExhausted;
    std::vector<int> offsets;  // 0 = o_0 < .. < o_{count-1} < modulus when found
    long long nodes = 0;       // partial sets visited
};

// Largest modulus and set size the exhaustive search handles (beyond: BudgetExhausted, nothing searched).
inline constexpr int maxExhaustiveSidonModulus = 1024;
inline constexpr int maxExhaustiveSidonCount = 64;

// Exhaustive backtracking for `count` elements of Z_modulus with all count(count-1) differences
// distinct, reduced by translation, multipliers coprime to the modulus and reflection (see the .cpp).
// Deterministic: the same arguments give the same result. modulus <= maxExhaustiveSidonModulus.
SidonSearchResult exhaustiveSidonSearch(int modulus, int count, long long nodeBudget);

}  // namespace spare
