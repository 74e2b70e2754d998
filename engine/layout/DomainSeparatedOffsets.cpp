#include "engine/layout/DomainSeparatedOffsets.h"

#include "engine/layout/GolombOffsets.h"
#include "engine/layout/GolombRulers.h"
#include "engine/topology/ClusterPlacement.h"

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

// u S mod N for the Sidon offsets S of the golomb layout and units u (which keep a Sidon set Sidon):
// the first whose offsets are `gap` apart.
std::optional<std::vector<int>> spreadMultiple(int n, int count, int gap)
{
    const auto golomb = golombOffsets(n, count);
    if (golomb.overlap.maxOverlap > 1)
        return std::nullopt;
    std::vector<int> scaled(golomb.offsets.size());
    for (int u = 1; u < n && u <= maxMultipliers; ++u) {
        if (std::gcd(u, n) != 1)
            continue;
        for (std::size_t j = 0; j < scaled.size(); ++j)
            scaled[j] = static_cast<int>(static_cast<long long>(golomb.offsets[j]) * u % n);
        if (smallestCyclicGap(scaled, n) >= gap) {
            std::sort(scaled.begin(), scaled.end());
            return scaled;
        }
    }
    return std::nullopt;
}

// Depth first, smallest first: 0 = o_0 < .. < o_{count-1} with consecutive offsets (and the last and
// N) at least `gap` apart and all differences distinct modulo N, within a fixed number of steps.
class SpacedSidonSearch {
public:
    SpacedSidonSearch(int n, int count, int gap)
        : n_(n), count_(count), gap_(gap), usedClass_(static_cast<std::size_t>(n / 2 + 1), false)
    {
    }

    std::optional<std::vector<int>> run()
    {
        offsets_.assign(1, 0);
        if (extend())
            return offsets_;
        return std::nullopt;
    }

private:
    static constexpr long long maxSteps = 2'000'000;

    bool extend()
    {
        const int placed = static_cast<int>(offsets_.size());
        if (placed == count_)
            return true;
        const long long last = static_cast<long long>(n_) - static_cast<long long>(count_ - placed) * gap_;
        for (long long next = offsets_.back() + gap_; next <= last; ++next) {
            if (++steps_ > maxSteps)
                return false;
            // Offsets o_i, o_j differ by d and -d: the class min(d, N - d) must be new (and d != N / 2).
            std::size_t marked = 0;
            bool sidon = true;
            for (int o : offsets_) {
                const int d = static_cast<int>(next - o);
                const int c = std::min(d, n_ - d);
                if (2 * d == n_ || usedClass_[static_cast<std::size_t>(c)]) {
                    sidon = false;
                    break;
                }
                usedClass_[static_cast<std::size_t>(c)] = true;
                ++marked;
            }
            if (sidon) {
                offsets_.push_back(static_cast<int>(next));
                if (extend())
                    return true;
                offsets_.pop_back();
            }
            for (std::size_t k = 0; k < marked; ++k) {
                const int d = static_cast<int>(next - offsets_[k]);
                usedClass_[static_cast<std::size_t>(std::min(d, n_ - d))] = false;
            }
            if (steps_ > maxSteps)
                return false;
        }
        return false;
    }

    int n_;
    int count_;
    int gap_;
    std::vector<bool> usedClass_;
    std::vector<int> offsets_;
    long long steps_ = 0;
};

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
    std::string how;
    if (!whyNot.empty()) {
        chosen.offsets = golombOffsets(n, r).offsets;
        how = fmt::format("NOT {}-separated ({}): golomb's offsets", levelName, whyNot);
    } else if (const auto ruler = optimalGolombRuler(r);
               !ruler.empty() && n >= 2 * static_cast<long long>(chosen.gap) * ruler.back() + 1) {
        // Differences gap x (ruler differences) are distinct and below N / 2: a Sidon set modulo N.
        for (int mark : ruler)
            chosen.offsets.push_back(mark * chosen.gap);
        how = fmt::format("{}-separated and independent: optimal ruler x {}", levelName, chosen.gap);
    } else if (auto multiple = spreadMultiple(n, r, chosen.gap)) {
        chosen.offsets = std::move(*multiple);
        how = fmt::format("{}-separated and independent: a unit multiple of golomb's Sidon offsets", levelName);
    } else if (auto searched = SpacedSidonSearch(n, r, chosen.gap).run()) {
        chosen.offsets = std::move(*searched);
        how = fmt::format("{}-separated and independent: Sidon offsets found by search", levelName);
    } else {
        for (int j = 0; j < r; ++j)
            chosen.offsets.push_back(static_cast<int>(static_cast<long long>(j) * n / r));
        how = fmt::format("{}-separated but NOT independent: no Sidon offsets modulo {} at least {} apart were found, "
                          "so evenly spread ones",
                          levelName, n, chosen.gap);
    }
    chosen.separated = whyNot.empty();
    chosen.note = fmt::format("{}; offsets {} over the groups in {} order (the widest {} spans {} positions)", how,
                              fmt::join(chosen.offsets, " "), levelName, levelName, chosen.gap);
    return chosen;
}

}  // namespace spare
