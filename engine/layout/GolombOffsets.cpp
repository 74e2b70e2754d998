#include "engine/layout/GolombOffsets.h"

#include "engine/layout/GolombRulers.h"
#include "engine/layout/SidonOffsets.h"

#include <fmt/core.h>

namespace spare {

GolombOffsets golombOffsets(int groups, int redundancy)
{
    GolombOffsets chosen;
    const auto ruler = optimalGolombRuler(redundancy);
    const int length = ruler.empty() ? 0 : ruler.back();
    // Ruler differences lie in [1, L] and their negatives in [N - L, N - 1]: disjoint, so all distinct
    // modulo N, exactly when N >= 2L + 1 (at N = 2L the difference L equals -L).
    if (!ruler.empty() && groups >= 2 * length + 1) {
        chosen.offsets.assign(ruler.begin(), ruler.end());
        chosen.note = fmt::format("optimal Golomb ruler of length L = {} (independent since N >= 2L + 1 = {})", length,
                                  2 * length + 1);
        chosen.independentLayoutExists = true;
        chosen.overlap = cyclicOverlap(chosen.offsets, groups);
        return chosen;
    }
    const std::string whyNotRuler =
        ruler.empty() ? fmt::format("no optimal ruler tabulated for r = {}", redundancy)
                      : fmt::format("N = {} < 2L + 1 = {}, so the optimal ruler would not be independent", groups,
                                    2 * length + 1);
    auto sidon = sidonOffsets(groups, redundancy);
    if (sidon.outcome == SidonSearchOutcome::Found) {
        chosen.offsets = std::move(sidon.offsets);
        chosen.note = fmt::format("{}; Sidon offsets modulo {} ({})", whyNotRuler, groups, sidon.how);
        chosen.independentLayoutExists = true;
        chosen.overlap = cyclicOverlap(chosen.offsets, groups);
        return chosen;
    }
    const bool proved = sidon.outcome == SidonSearchOutcome::ProvedNone;
    // Without a Sidon set some difference class repeats: at least N/2 pairs (class N/2, N even) or N.
    const long long lowerBound = proved ? (groups % 2 == 0 ? groups / 2 : groups) : 0;
    chosen.offsets = leastOverlappingOffsets(groups, redundancy, lowerBound, chosen.overlap);
    chosen.note = fmt::format(
        "NOT independent: {} independent layout: no Sidon set of {} offsets modulo {} ({}); offsets chosen for the "
        "fewest pairs of groups sharing two or more types ({}: {} pairs, max overlap {})",
        proved ? "there is no" : "found no", redundancy, groups, sidon.how,
        chosen.overlap.provedFewest ? "the fewest possible for a cyclic layout" : "the fewest found by a bounded search",
        chosen.overlap.overlappingPairs, chosen.overlap.maxOverlap);
    if (proved)
        chosen.independentLayoutExists = false;
    return chosen;
}

}  // namespace spare
