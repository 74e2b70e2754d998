// LayoutOverlap against brute force: every entry of the overlap matrix, the pair counts, the block
// aggregation, the holding grid and the offset differences, on cyclic, relabelled and N = 2L layouts.
#include "engine/layout/Layout.h"
#include "engine/layout/LayoutOverlap.h"

#include <QtTest/QtTest>

#include <algorithm>
#include <numeric>
#include <random>
#include <set>
#include <vector>

using namespace spare;

namespace {

std::vector<std::vector<int>> cyclicStacks(int groups, const std::vector<int>& offsets)
{
    std::vector<std::vector<int>> stacks(static_cast<std::size_t>(groups));
    for (int w = 0; w < groups; ++w)
        for (int o : offsets)
            stacks[static_cast<std::size_t>(w)].push_back((w + o) % groups);
    return stacks;
}

// The cyclic layout with its groups and types renamed at random: still valid, no longer cyclic.
Layout relabelled(int groups, const std::vector<int>& offsets, unsigned seed)
{
    std::mt19937 rng(seed);
    std::vector<int> typeName(static_cast<std::size_t>(groups));
    std::iota(typeName.begin(), typeName.end(), 0);
    std::shuffle(typeName.begin(), typeName.end(), rng);
    auto stacks = cyclicStacks(groups, offsets);
    for (auto& s : stacks)
        for (int& t : s)
            t = typeName[static_cast<std::size_t>(t)];
    std::shuffle(stacks.begin(), stacks.end(), rng);
    return Layout::fromStacks(std::move(stacks), "relabelled");
}

int bruteShared(const Layout& l, int a, int b)
{
    const std::set<int> sa(l.stack(a).begin(), l.stack(a).end());
    return static_cast<int>(std::count_if(l.stack(b).begin(), l.stack(b).end(), [&](int t) { return sa.count(t) > 0; }));
}

std::vector<Layout> sampleLayouts()
{
    std::vector<Layout> layouts;
    layouts.push_back(Layout::consecutive(13, 4));
    layouts.push_back(Layout::consecutive(9, 9));
    layouts.push_back(Layout::golomb(31, 5));
    layouts.push_back(Layout::golomb(24, 4));
    // N = 2L: the ruler 0 1 3 (L = 3) modulo 6 repeats the difference 3.
    layouts.push_back(Layout::fromStacks(cyclicStacks(6, {0, 1, 3}), "ruler mod 2L"));
    layouts.push_back(Layout::fromStacks(cyclicStacks(16, {0, 2, 7, 8, 11}), "custom"));
    layouts.push_back(relabelled(20, {0, 1, 4, 6}, 7));
    layouts.push_back(relabelled(15, {0, 1, 2, 5, 9}, 11));
    return layouts;
}

}  // namespace

class TestLayoutOverlap : public QObject {
    Q_OBJECT
private slots:
    void matrixAndCountsMatchBruteForce()
    {
        for (const Layout& l : sampleLayouts()) {
            const LayoutOverlap overlap(l);
            const int n = l.groups();
            std::vector<std::int64_t> pairs(static_cast<std::size_t>(l.redundancy()) + 1, 0);
            int maxShared = 0;
            for (int a = 0; a < n; ++a) {
                std::vector<int> expectedPartners;
                for (int b = 0; b < n; ++b) {
                    const int shared = bruteShared(l, a, b);
                    QCOMPARE(overlap.shared(a, b), shared);
                    if (a == b)
                        continue;
                    if (shared > 0)
                        expectedPartners.push_back(b);
                    maxShared = std::max(maxShared, shared);
                    if (b > a)
                        ++pairs[static_cast<std::size_t>(shared)];
                }
                std::vector<int> partners;
                for (const auto& p : overlap.partners(a))
                    partners.push_back(p.group);
                QCOMPARE(partners, expectedPartners);
            }
            QCOMPARE(overlap.maxOverlap(), maxShared);
            QCOMPARE(overlap.maxOverlap(), l.maxOverlap());
            QCOMPARE(overlap.pairsByOverlap(), pairs);
            QCOMPARE(LayoutOverlap::countPairsByOverlap(l), pairs);
        }
    }

    void consecutiveBandAndGolombUniform()
    {
        const LayoutOverlap consecutive(Layout::consecutive(40, 6));
        for (int w = 0; w < 40; ++w)
            QCOMPARE(consecutive.shared(w, (w + 1) % 40), 5);
        QCOMPARE(consecutive.maxOverlap(), 5);
        const LayoutOverlap golomb(Layout::golomb(40, 6));
        QCOMPARE(golomb.maxOverlap(), 1);
        // Independent: each group meets r (r - 1) others once.
        QCOMPARE(golomb.pairsByOverlap()[1], std::int64_t(40 * 6 * 5 / 2));
    }

    void blockMaximaMatchBruteForce()
    {
        std::mt19937 rng(3);
        for (const Layout& l : sampleLayouts()) {
            const LayoutOverlap overlap(l);
            const int n = l.groups();
            for (int trial = 0; trial < 20; ++trial) {
                MatrixWindow w;
                w.firstRow = std::uniform_int_distribution<int>(0, n - 1)(rng);
                w.rows = std::uniform_int_distribution<int>(1, n - w.firstRow)(rng);
                w.firstColumn = std::uniform_int_distribution<int>(0, n - 1)(rng);
                w.columns = std::uniform_int_distribution<int>(1, n - w.firstColumn)(rng);
                const int rows = std::uniform_int_distribution<int>(1, n)(rng);
                const int columns = std::uniform_int_distribution<int>(1, n)(rng);
                const int br = std::min(rows, w.rows);
                const int bc = std::min(columns, w.columns);
                std::vector<int> expectedOverlap(static_cast<std::size_t>(br * bc), 0);
                std::vector<int> expectedHolding(static_cast<std::size_t>(br * bc), 0);
                for (int a = w.firstRow; a < w.firstRow + w.rows; ++a)
                    for (int b = w.firstColumn; b < w.firstColumn + w.columns; ++b) {
                        const auto cell = static_cast<std::size_t>((a - w.firstRow) * br / w.rows * bc
                                                                   + (b - w.firstColumn) * bc / w.columns);
                        if (a != b)
                            expectedOverlap[cell] = std::max(expectedOverlap[cell], bruteShared(l, a, b));
                        expectedHolding[cell] = std::max(expectedHolding[cell], l.basePosition(a, b) + 1);
                    }
                QCOMPARE(overlap.blockMaxima(w, rows, columns), expectedOverlap);
                QCOMPARE(LayoutOverlap::holdingBlockMaxima(l, w, rows, columns), expectedHolding);
            }
        }
    }

    void differencesMatchTheLayout()
    {
        for (const auto& [groups, offsets] : std::vector<std::pair<int, std::vector<int>>>{
                 {6, {0, 1, 3}}, {7, {0, 1, 3}}, {68, {0, 1, 4, 9, 15, 22, 32, 34}}, {20, {0, 2, 3, 7}}, {12, {5, 0, 1}}}) {
            const Layout l = Layout::fromStacks(cyclicStacks(groups, offsets), "cyclic");
            const std::vector<int> atShift = LayoutOverlap::sharedAtShift(offsets, groups);
            for (int d = 0; d < groups; ++d)
                QCOMPARE(atShift[static_cast<std::size_t>(d)], bruteShared(l, 0, d));
            const auto differences = LayoutOverlap::differences(offsets, groups);
            QCOMPARE(differences.size(), offsets.size() * (offsets.size() - 1) / 2);
            for (const OffsetDifference& d : differences) {
                QVERIFY(d.low < d.high);
                QCOMPARE(d.difference, d.high - d.low);
                QCOMPARE(d.sharedAtShift, bruteShared(l, 0, d.difference % groups));
            }
            QCOMPARE(LayoutOverlap::cyclicOffsets(l), std::optional<std::vector<int>>(offsets));
        }
        // N = 2L: the ruler's length L is its own negative modulo N.
        const auto ruler = LayoutOverlap::differences({0, 1, 4, 9, 15, 22, 32, 34}, 68);
        const auto whole = std::find_if(ruler.begin(), ruler.end(), [](const OffsetDifference& d) { return d.difference == 34; });
        QCOMPARE(whole->sharedAtShift, 2);
        QCOMPARE(LayoutOverlap::cyclicOffsets(relabelled(20, {0, 1, 4, 6}, 7)), std::nullopt);
        QCOMPARE(LayoutOverlap::cyclicOffsets(Layout::consecutive(10, 3)), std::optional<std::vector<int>>({0, 1, 2}));
    }
};

QTEST_APPLESS_MAIN(TestLayoutOverlap)
#include "test_layout_overlap.moc"
