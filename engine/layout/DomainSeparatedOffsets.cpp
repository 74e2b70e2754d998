#include "layout/DomainSeparatedOffsets.h"

#include "layout/GolombOffsets.h"
#include "layout/GolombRulers.h"
#include "topology/ClusterPlacement.h"

#include <fmt/core.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <numeric>
#include <optional>
#include <tuple>

namespace spare {

namespace {

// Bounds the multiplier search (each try costs O(r log r)).
constexpr int maxMultipliers = 100'000;

int smallestCyclicGap(std::vector<int> offsets, int n)
{
    std::sort(offsets.begin(), offsets.end());
    int gap = n - offsets.back() + offsets.front();
    for (std::size_t j = 1; j < offsets.size(); ++j)
        gap = std::min(gap, offsets[j] - offsets[j - 1]);
    return gap;
}

// u S mod N for units u (which keeps a Sidon set Sidon), the first whose offsets are `gap` apart.
std::optional<std::vector<int>> spreadMultiple(const std::vector<int>& sidon, int n, int gap)
{
    std::vector<int> scaled(sidon.size());
    for (int u = 1; u < n && u <= maxMultipliers; ++u) {
        if (std::gcd(u, n) != 1)
            continue;
        for (std::size_t j = 0; j < sidon.size(); ++j)
            scaled[j] = static_cast<int>(static_cast<long long>(sidon[j]) * u % n);
        if (smallestCyclicGap(scaled, n) >= gap) {
            std::sort(scaled.begin(), scaled.end());
            return scaled;
        }
    }
    return std::nullopt;
}

}  // namespace

DomainSeparatedOffsets domainSeparatedOffsets(const ClusterPlacement& placement, DomainLevel level, int redundancy)
{
    const int n = placement.groups();
    const int r = redundancy;
    const char* levelName = domainLevelName(level);
    DomainSeparatedOffsets chosen;
    chosen.order.resize(static_cast<std::size_t>(n));
    std::iota(chosen.order.begin(), chosen.order.end(), 0);
    const auto key = [&](int g) {
        const auto d = placement.domainsOf(g, level);
        return std::tuple(d.front(), d.back(), g);
    };
    std::sort(chosen.order.begin(), chosen.order.end(), [&](int a, int b) { return key(a) < key(b); });
    std::vector<int> position(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i)
        position[static_cast<std::size_t>(chosen.order[static_cast<std::size_t>(i)])] = i;

    int domains = 0;
    int largest = 0;
    int largestDomain = 0;
    for (int d = 0; d < placement.domainCount(level); ++d) {
        const auto groups = placement.groupsIn(level, d);
        if (groups.empty())
            continue;
        ++domains;
        int low = n;
        int high = -1;
        for (int g : groups) {
            low = std::min(low, position[static_cast<std::size_t>(g)]);
            high = std::max(high, position[static_cast<std::size_t>(g)]);
        }
        chosen.gap = std::max(chosen.gap, high - low + 1);
        if (static_cast<int>(groups.size()) > largest) {
            largest = static_cast<int>(groups.size());
            largestDomain = d;
        }
    }

    std::string whyNot;
    if (domains < r)
        whyNot = fmt::format("impossible: the groups occupy {} {}s, fewer than r = {}", domains, levelName, r);
    else if (static_cast<long long>(largest) * r > n)
        whyNot = fmt::format("impossible: {} {} has {} groups, and {} x r = {} holdings would need more than the N = {} "
                             "types",
                             levelName, largestDomain, largest, largest, static_cast<long long>(largest) * r, n);
    else if (static_cast<long long>(chosen.gap) * r > n)
        whyNot = fmt::format("not reached: some {}'s groups span {} positions of the domain order and {} x r > N = {}",
                             levelName, chosen.gap, chosen.gap, n);
    if (!whyNot.empty()) {
        chosen.offsets = golombOffsets(n, r).offsets;
        chosen.note = fmt::format("NOT {}-separated ({}); golomb's offsets", levelName, whyNot);
        return chosen;
    }
    chosen.separated = true;
    const auto ruler = optimalGolombRuler(r);
    const long long scaledLength = ruler.empty() ? 0 : static_cast<long long>(chosen.gap) * ruler.back();
    if (!ruler.empty() && n >= 2 * scaledLength + 1) {
        // Differences gap x (ruler differences) are distinct and below N / 2: a Sidon set modulo N.
        for (int mark : ruler)
            chosen.offsets.push_back(mark * chosen.gap);
        chosen.note = fmt::format("{}-separated and independent: optimal ruler x {} (the widest {} spans {} positions)",
                                  levelName, chosen.gap, levelName, chosen.gap);
        return chosen;
    }
    if (const auto plain = golombOffsets(n, r); plain.overlap.maxOverlap <= 1)
        if (auto spread = spreadMultiple(plain.offsets, n, chosen.gap)) {
            chosen.offsets = std::move(*spread);
            chosen.note = fmt::format("{}-separated and independent: a unit multiple of the Sidon offsets modulo {}, "
                                      "at least {} apart",
                                      levelName, n, chosen.gap);
            return chosen;
        }
    for (int j = 0; j < r; ++j)
        chosen.offsets.push_back(static_cast<int>(static_cast<long long>(j) * n / r));
    chosen.note = fmt::format("{}-separated but NOT independent: no Sidon offsets modulo {} at least {} apart were "
                              "found, so evenly spread ones",
                              levelName, n, chosen.gap);
    return chosen;
}

}  // namespace spare
