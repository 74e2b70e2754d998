#pragma once

#include <vector>

namespace spare {

// Overlap of the cyclic layout "group w holds (w + o_j) mod N": groups w and w + d share
// m(d) = #{(i, j) : o_i - o_j = d (mod N)} types, for every w.
struct CyclicOverlap {
    int maxOverlap = 0;              // max over d != 0 of m(d)
    long long overlappingPairs = 0;  // unordered pairs of groups sharing two or more types
    bool provedFewest = false;       // leastOverlappingOffsets: no cyclic layout has fewer such pairs
};

CyclicOverlap cyclicOverlap(const std::vector<int>& offsets, int modulus);

// Offsets 0 = o_0 < .. < o_{count-1} < modulus whose cyclic layout has the fewest pairs of groups sharing
// two or more types (ties: the smaller max overlap), by branch and bound within a fixed amount of work
// (deterministic). `overlap` receives the result's figures; provedFewest is set when the search
// finished, or when it reached `lowerBoundPairs`, a bound the caller knows (e.g. 1 pair class when no
// Sidon set exists).
std::vector<int> leastOverlappingOffsets(int modulus, int count, long long lowerBoundPairs, CyclicOverlap& overlap);

}  // namespace spare
