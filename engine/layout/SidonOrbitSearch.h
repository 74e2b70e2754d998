#pragma once

#include <optional>
#include <vector>

namespace spare {

// Search for a Sidon set of `count` residues modulo `modulus` that an affine map x -> t x + b (t a unit)
// maps onto itself, i.e. a union of the map's orbits. Dense Sidon sets are often such
// unions, and choosing a few orbits is a far smaller search than choosing elements. It finds sets; it
// never proves absence. Deterministic; stops after `nodeBudget` partial unions.
// Returns offsets 0 = o_0 < .. < o_{count-1} < modulus, checked Sidon, or nullopt.
std::optional<std::vector<int>> orbitSidonSearch(int modulus, int count, long long nodeBudget);

}  // namespace spare
