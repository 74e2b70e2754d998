#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace spare {

// Min-conflicts local search for a Sidon set of `count` residues modulo `modulus`: it keeps `count`
// residues, scores the coinciding differences, and moves one residue that takes part in a coincidence
// to the free residue that lowers the score most. It finds dense sets that are not unions of orbits
// long before the exhaustive search reaches them; it never proves absence. Deterministic for a seed;
// stops after `moveBudget` moves. Returns offsets 0 = o_0 < .. < o_{count-1} < modulus, checked Sidon.
std::optional<std::vector<int>> localSidonSearch(int modulus, int count, long long moveBudget, std::uint64_t seed = 1);

}  // namespace spare
