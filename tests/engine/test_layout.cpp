#include "engine/layout/CyclicOverlap.h"
#include "engine/layout/GolombRulers.h"
#include "engine/layout/Layout.h"
#include "engine/layout/LayoutIndependence.h"
#include "engine/layout/ModularSidonTable.h"
#include "engine/layout/SidonLocalSearch.h"
#include "engine/layout/SidonOffsets.h"
#include "engine/layout/SidonOrbitSearch.h"
#include "engine/layout/SidonSearch.h"

#include "tests/support/SanitizerShare.h"

#include <QtTest/QtTest>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <random>
#include <set>
#include <string>
#include <vector>

using namespace spare;

namespace {

// Known optimal lengths for 1..28 marks (docs/method.md section 2).
const std::vector<int> optimalLengths = {0,   0,   1,   3,   6,   11,  17,  25,  34,  44,  55,  72,  85,  106, 127,
                                         151, 177, 199, 216, 246, 283, 333, 356, 372, 425, 480, 492, 553, 585};

// Holders, stack sizes and the "each type held r times" invariant, checked from the stacks alone.
void verifyConsistent(const Layout& l)
{
    std::vector<int> count(static_cast<size_t>(l.groups()), 0);
    for (int g = 0; g < l.groups(); ++g) {
        QCOMPARE(static_cast<int>(l.stack(g).size()), l.redundancy());
        for (int t : l.stack(g)) {
            ++count[static_cast<size_t>(t)];
            const auto h = l.holders(t);
            QVERIFY(std::find(h.begin(), h.end(), g) != h.end());
            QCOMPARE(l.stack(g)[static_cast<size_t>(l.basePosition(g, t))], t);
        }
    }
    for (int c : count)
        QCOMPARE(c, l.redundancy());
    for (int t = 0; t < l.groups(); ++t) {
        const LayoutRow h = l.holders(t);
        QVERIFY(std::is_sorted(h.begin(), h.end()));
        for (size_t k = 0; k < h.size(); ++k)
            QCOMPARE(l.stack(h[k])[static_cast<size_t>(l.holderPositions(t)[k])], t);
    }
}

std::vector<std::vector<int>> storedStacks(const Layout& l)
{
    std::vector<std::vector<int>> stacks;
    for (int g = 0; g < l.groups(); ++g)
        stacks.emplace_back(l.stack(g).begin(), l.stack(g).end());
    return stacks;
}

int bruteForceMaxOverlap(const Layout& l)
{
    int best = 0;
    for (int a = 0; a < l.groups(); ++a)
        for (int b = a + 1; b < l.groups(); ++b) {
            int shared = 0;
            for (int t : l.stack(a))
                for (int u : l.stack(b))
                    shared += t == u;
            best = std::max(best, shared);
        }
    return best;
}

// Max overlap and the number of group pairs sharing two or more types, from the stacks alone: every
// type's groups (read off the stacks) add one shared type to each pair of them, then every pair is read.
struct PairwiseCount {
    int maxOverlap = 0;
    long long overlappingPairs = 0;
};

PairwiseCount pairwiseCount(const Layout& l)
{
    const auto n = static_cast<size_t>(l.groups());
    std::vector<std::vector<int>> groupsOf(n);
    for (int g = 0; g < l.groups(); ++g)
        for (int t : l.stack(g))
            groupsOf[static_cast<size_t>(t)].push_back(g);
    std::vector<int> shared(n * n, 0);
    for (const auto& groups : groupsOf)
        for (size_t i = 0; i < groups.size(); ++i)
            for (size_t j = i + 1; j < groups.size(); ++j)
                ++shared[static_cast<size_t>(std::min(groups[i], groups[j])) * n + static_cast<size_t>(std::max(groups[i], groups[j]))];
    PairwiseCount count;
    for (size_t a = 0; a < n; ++a)
        for (size_t b = a + 1; b < n; ++b) {
            const int s = shared[a * n + b];
            count.maxOverlap = std::max(count.maxOverlap, s);
            count.overlappingPairs += s >= 2;
        }
    return count;
}

// Plain depth-first search for r residues mod n with all r(r-1) differences distinct, 0 fixed
// (translation) and nothing else: the oracle for the engine's reduced search and its table.
bool bruteForceSidonExists(int n, int r, std::vector<int>& set, std::vector<char>& used)
{
    if (static_cast<int>(set.size()) == r)
        return true;
    for (int x = set.back() + 1; x < n; ++x) {
        std::vector<int> added;
        bool ok = true;
        for (int e : set) {
            for (int d : {(x - e) % n, (e - x + n) % n}) {
                if (used[static_cast<size_t>(d)]) {
                    ok = false;
                    break;
                }
                used[static_cast<size_t>(d)] = 1;
                added.push_back(d);
            }
            if (!ok)
                break;
        }
        if (ok) {
            set.push_back(x);
            if (bruteForceSidonExists(n, r, set, used))
                return true;
            set.pop_back();
        }
        for (int d : added)
            used[static_cast<size_t>(d)] = 0;
    }
    return false;
}

bool bruteForceSidonExists(int n, int r)
{
    std::vector<int> set{0};
    std::vector<char> used(static_cast<size_t>(n), 0);
    return r <= n && bruteForceSidonExists(n, r, set, used);
}

// The fewest overlapping group pairs over every cyclic layout with offsets {0 < o_1 < ... < o_{r-1} < n}.
long long bruteForceFewestPairs(int n, int r)
{
    long long best = -1;
    std::vector<int> offsets(static_cast<size_t>(r));
    std::vector<int> mask(static_cast<size_t>(n - 1), 0);
    std::fill(mask.begin(), mask.begin() + (r - 1), 1);
    do {
        offsets.assign(1, 0);
        for (int i = 0; i < n - 1; ++i)
            if (mask[static_cast<size_t>(i)])
                offsets.push_back(i + 1);
        std::vector<int> shares(static_cast<size_t>(n), 0);
        for (int a : offsets)
            for (int b : offsets)
                if (a != b)
                    ++shares[static_cast<size_t>((a - b + n) % n)];
        long long pairs = 0;
        for (int d = 1; d < n; ++d)
            if (shares[static_cast<size_t>(d)] >= 2)
                pairs += n;  // groups (w, w + d) for every w: each pair counted from both ends
        pairs /= 2;
        if (best < 0 || pairs < best)
            best = pairs;
    } while (std::prev_permutation(mask.begin(), mask.end()));
    return best;
}

std::string layoutFileError(const std::string& path)
{
    try {
        Layout::fromJsonFile(path);
    } catch (const LayoutError& e) {
        return e.what();
    }
    return "";
}

}  // namespace

class TestLayout : public QObject {
    Q_OBJECT

private slots:
    void tableRulersAreOptimal()
    {
        for (int marks = 1; marks <= 28; ++marks) {
            const auto ruler = optimalGolombRuler(marks);
            QCOMPARE(static_cast<int>(ruler.size()), marks);
            QCOMPARE(ruler.front(), 0);
            QCOMPARE(ruler.back(), optimalLengths[static_cast<size_t>(marks)]);
            std::set<int> differences;
            for (size_t i = 0; i < ruler.size(); ++i)
                for (size_t j = i + 1; j < ruler.size(); ++j) {
                    QVERIFY(ruler[j] > ruler[i]);
                    QVERIFY2(differences.insert(ruler[j] - ruler[i]).second,
                             qPrintable(QStringLiteral("repeated difference in the %1-mark ruler").arg(marks)));
                }
        }
        QVERIFY(optimalGolombRuler(29).empty());
        QVERIFY(optimalGolombRuler(0).empty());
    }

    void golombIsIndependent_data()
    {
        QTest::addColumn<int>("groups");
        QTest::addColumn<int>("maxRedundancy");
        QTest::addRow("N200") << 200 << 12;
        QTest::addRow("N600") << 600 << 20;
        QTest::addRow("N1000") << 1000 << 26;
    }

    void golombIsIndependent()
    {
        QFETCH(int, groups);
        QFETCH(int, maxRedundancy);
        for (int r = 1; r <= maxRedundancy; ++r) {
            const Layout l = Layout::golomb(groups, r);
            QVERIFY2(l.maxOverlap() <= 1, qPrintable(QStringLiteral("N %1 r %2: %3").arg(groups).arg(r).arg(
                                              QString::fromStdString(l.note()))));
            QVERIFY(l.independent());
            verifyConsistent(l);
        }
    }

    void golombBeyondThePaper()
    {
        // Past the tabulated rulers the offsets come from Singer/Bose sets or the search.
        QVERIFY(Layout::golomb(200, 13).independent());
        QVERIFY(Layout::golomb(600, 21).independent());
        QVERIFY(Layout::golomb(1001, 27).independent());
    }

    void golombLargeNIsCheap()
    {
        const Layout l = Layout::golomb(200000, 26);
        QCOMPARE(l.maxOverlap(), 1);
        QCOMPARE(l.offsets().back(), 492);
    }

    // Cyclic rows are computed from the offsets: against their definition (group g holds g + o_p mod N)
    // and against the same stacks stored (fromStacks indexes them by brute force), for every N up to 70
    // and r up to 9, where small N puts the offsets anywhere in 0 .. N-1 and most rows wrap.
    void cyclicRowsMatchStoredOnes()
    {
        for (int n = 2; n <= 70; ++n)
            for (int r = 1; r <= std::min(n, 9); ++r)
                for (const Layout& cyclic : {Layout::golomb(n, r), Layout::consecutive(n, r)}) {
                    const std::vector<int>& offsets = cyclic.offsets();
                    QCOMPARE(static_cast<int>(offsets.size()), r);
                    for (int g = 0; g < n; ++g)
                        for (int p = 0; p < r; ++p)
                            QCOMPARE(cyclic.stack(g)[static_cast<size_t>(p)], (g + offsets[static_cast<size_t>(p)]) % n);
                    const Layout stored = Layout::fromStacks(storedStacks(cyclic), "stored");
                    QVERIFY(stored.offsets().empty());
                    for (int t = 0; t < n; ++t) {
                        QVERIFY(std::ranges::equal(cyclic.holders(t), stored.holders(t)));
                        QVERIFY(std::ranges::equal(cyclic.holderPositions(t), stored.holderPositions(t)));
                    }
                    QCOMPARE(cyclic.maxOverlap(), stored.maxOverlap());
                    verifyConsistent(cyclic);
                }
    }

    void consecutiveOverlap()
    {
        for (int r : {1, 2, 5, 9}) {
            const Layout l = Layout::consecutive(50, r);
            QCOMPARE(l.maxOverlap(), r - 1);
            verifyConsistent(l);
        }
    }

    void maxOverlapMatchesBruteForce()
    {
        std::mt19937_64 rng(7);
        for (int instance = 0; instance < 40; ++instance) {
            const int n = 6 + static_cast<int>(rng() % 20);
            const int r = 1 + static_cast<int>(rng() % 5);
            // A random layout: r random permutations as columns, resampled until every stack is distinct.
            std::vector<std::vector<int>> stacks;
            for (int attempt = 0; attempt < 1000; ++attempt) {
                stacks.assign(static_cast<size_t>(n), {});
                for (int j = 0; j < r; ++j) {
                    std::vector<int> column(static_cast<size_t>(n));
                    std::iota(column.begin(), column.end(), 0);
                    std::shuffle(column.begin(), column.end(), rng);
                    for (int g = 0; g < n; ++g)
                        stacks[static_cast<size_t>(g)].push_back(column[static_cast<size_t>(g)]);
                }
                bool distinct = true;
                for (auto s : stacks) {
                    std::sort(s.begin(), s.end());
                    distinct = distinct && std::adjacent_find(s.begin(), s.end()) == s.end();
                }
                if (distinct)
                    break;
            }
            try {
                const Layout l = Layout::fromStacks(stacks, "random");
                QCOMPARE(l.maxOverlap(), bruteForceMaxOverlap(l));
                verifyConsistent(l);
            } catch (const LayoutError&) {
                // No distinct-stack sample in 1000 tries (tiny n, large r): nothing to compare.
            }
        }
    }

    void sidonSearch_data()
    {
        QTest::addColumn<int>("modulus");
        QTest::addColumn<int>("count");
        QTest::addRow("Singer q=2") << 7 << 3;
        QTest::addRow("Singer q=3") << 13 << 4;
        QTest::addRow("Singer q=5") << 31 << 6;
        QTest::addRow("Singer q=7") << 57 << 8;
        QTest::addRow("Bose q=7") << 48 << 7;
        QTest::addRow("N200 r13") << 200 << 13;
        QTest::addRow("N1001 r27") << 1001 << 27;
        QTest::addRow("N5000 r50") << 5000 << 50;
    }

    void sidonSearch()
    {
        QFETCH(int, modulus);
        QFETCH(int, count);
        const auto found = findSidonOffsets(modulus, count);
        if (!found)
            QSKIP("no Sidon set found for this size (allowed: the layout then reports it is not independent)");
        QCOMPARE(static_cast<int>(found->size()), count);
        QCOMPARE(found->front(), 0);
        QVERIFY(std::is_sorted(found->begin(), found->end()));
        QVERIFY(found->back() < modulus);
        QVERIFY(isSidonModulo(*found, modulus));
    }

    void sidonImpossible()
    {
        QVERIFY(!findSidonOffsets(20, 6).has_value());  // 6 x 5 = 30 differences > 19
        QVERIFY(!isSidonModulo({0, 1, 2}, 100));
        QVERIFY(isSidonModulo({0, 1, 3}, 7));
    }

    void customLayouts_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("mentions");  // empty: valid
        QTest::addRow("valid") << QStringLiteral(R"({"stacks": [[0,1],[1,2],[2,0]], "name": "tri"})") << QString();
        QTest::addRow("duplicate type") << QStringLiteral(R"({"stacks": [[0,0],[1,2],[2,1]]})")
                                        << QStringLiteral("twice");
        QTest::addRow("held wrong times") << QStringLiteral(R"({"stacks": [[0,1],[0,1],[2,0]]})")
                                          << QStringLiteral("held by");
        QTest::addRow("wrong size") << QStringLiteral(R"({"stacks": [[0,1],[1],[2,0]]})")
                                    << QStringLiteral("stacks[1]");
        QTest::addRow("non-integer") << QStringLiteral(R"({"stacks": [[0,1.5],[1,2],[2,0]]})")
                                     << QStringLiteral("integer");
        QTest::addRow("out of range") << QStringLiteral(R"({"stacks": [[0,7],[1,2],[2,0]]})")
                                      << QStringLiteral("out of range");
        QTest::addRow("bad json") << QStringLiteral(R"({"stacks": [[0,1],)") << QStringLiteral("not valid JSON");
        QTest::addRow("unknown key") << QStringLiteral(R"({"stacks": [[0,1],[1,2],[2,0]], "colour": 1})")
                                     << QStringLiteral("colour");
        QTest::addRow("no stacks") << QStringLiteral(R"({"name": "x"})") << QStringLiteral("stacks");
        QTest::addRow("groups mismatch") << QStringLiteral(R"({"stacks": [[0,1],[1,2],[2,0]], "groups": 4})")
                                         << QStringLiteral("groups");
    }

    void customLayouts()
    {
        QFETCH(QString, json);
        QFETCH(QString, mentions);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = dir.filePath(QStringLiteral("layout.json")).toStdString();
        {
            std::ofstream out(path);
            out << json.toStdString();
        }
        if (mentions.isEmpty()) {
            const Layout l = Layout::fromJsonFile(path);
            QCOMPARE(l.groups(), 3);
            QCOMPARE(l.redundancy(), 2);
            QCOMPARE(l.name(), std::string("tri"));
            QCOMPARE(l.maxOverlap(), 1);
            verifyConsistent(l);
            const Layout byName = Layout::byName(path, 3, 2);
            QCOMPARE(byName.maxOverlap(), 1);
            QVERIFY_THROWS_EXCEPTION(LayoutError, Layout::byName(path, 4, 2));
            return;
        }
        try {
            Layout::fromJsonFile(path);
            QFAIL("expected a LayoutError");
        } catch (const LayoutError& e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(mentions), e.what());
        }
    }

    // Every golomb layout for 3 <= r <= 16, N <= 400: the reported independence, max overlap and overlapping
    // pairs equal a direct pairwise count; the cheap per-name summary agrees with the built layout.
    void golombReportsItsOverlapTruthfully_data()
    {
        QTest::addColumn<int>("r");
        for (int r = 3; r <= 16; ++r)
            QTest::addRow("r%d", r) << r;
    }

    void golombReportsItsOverlapTruthfully()
    {
        QFETCH(int, r);
        for (int n = r; n <= 400; n += kUnderSanitizer ? 7 : 1) {
            const Layout l = Layout::golomb(n, r);
            const auto count = pairwiseCount(l);
            const QByteArray where = QStringLiteral("N %1 r %2").arg(n).arg(r).toUtf8();
            QVERIFY2(l.maxOverlap() == count.maxOverlap, where.constData());
            QVERIFY2(l.overlappingPairs() == count.overlappingPairs, where.constData());
            QVERIFY2(l.independent() == (count.maxOverlap <= 1), where.constData());
            QVERIFY2(l.independentLayoutExists().value_or(true) || !l.independent(), where.constData());
            QVERIFY2(!l.independentLayoutExists().value_or(false) || l.independent(), where.constData());
            if (n % 5 != 0)
                continue;  // the cheap per-name summary on a sample (it repeats the construction)
            const auto summary = layoutIndependence("golomb", n, r);
            QVERIFY2(summary.independent == l.independent() && summary.maxOverlap == l.maxOverlap() &&
                         summary.overlappingPairs == l.overlappingPairs(),
                     where.constData());
            QVERIFY2(l.independent() || !independenceWarning(summary).empty(), where.constData());
        }
    }

    // Existence of an independent layout agrees with a plain brute-force Sidon search for small N.
    void independenceMatchesBruteForce()
    {
        for (int r = 2; r <= 8; ++r)
            for (int n = r; n <= 60; ++n) {
                const bool exists = bruteForceSidonExists(n, r);
                const Layout l = Layout::golomb(n, r);
                const QByteArray where = QStringLiteral("N %1 r %2").arg(n).arg(r).toUtf8();
                QVERIFY2(l.independent() == exists, where.constData());
                QVERIFY2(l.independentLayoutExists() == std::optional<bool>(exists), where.constData());
            }
    }

    // At N = 2L the ruler's difference L equals -L: the ruler overlaps in 2, and a Sidon set is used instead.
    void rulerNeedsTwoLPlusOne()
    {
        for (int r : {7, 8, 9, 10, 11, 12, 13, 14}) {
            const auto ruler = optimalGolombRuler(r);
            const int n = 2 * ruler.back();
            QCOMPARE(cyclicOverlap({ruler.begin(), ruler.end()}, n).maxOverlap, 2);
            QCOMPARE(cyclicOverlap({ruler.begin(), ruler.end()}, n + 1).maxOverlap, 1);
            const Layout l = Layout::golomb(n, r);
            QVERIFY2(l.independent(), qPrintable(QStringLiteral("N %1 r %2").arg(n).arg(r)));
            QVERIFY(isSidonModulo(l.offsets(), n));
            QCOMPARE(Layout::golomb(n + 1, r).offsets(), std::vector<int>(ruler.begin(), ruler.end()));
        }
    }

    // Moduli where a Sidon set exists but an earlier search missed it.
    void knownSidonSetsAreFound()
    {
        QVERIFY(isSidonModulo({0, 1, 3, 9, 22, 27, 34, 38, 66}, 80));
        for (auto [n, r] : {std::pair{80, 9}, {107, 10}, {138, 11}, {156, 12}, {193, 13}, {194, 13}, {195, 13}, {196, 13},
                            {198, 13}, {201, 13}, {202, 13}, {225, 14}})
            QVERIFY2(Layout::golomb(n, r).independent(), qPrintable(QStringLiteral("N %1 r %2").arg(n).arg(r)));
    }

    // The table covers its domain in order; every set it holds is Sidon; absence claims small enough for
    // the brute force are re-proved by it.
    void sidonTableIsSound()
    {
        const auto table = modularSidonTable();
        size_t i = 0;
        for (int r = modularSidonTableMinCount; r <= modularSidonTableMaxCount; ++r)
            for (int n = r * (r - 1) + 1; n <= 2 * optimalGolombRuler(r).back(); ++n, ++i) {
                QVERIFY(inModularSidonTableDomain(n, r));
                QVERIFY(i < table.size());
                QCOMPARE(table[i].modulus, n);
                QCOMPARE(table[i].count, r);
                const std::vector<int> offsets(table[i].offsets.begin(), table[i].offsets.begin() + r);
                if (table[i].outcome == SidonSearchOutcome::Found)
                    QVERIFY2(isSidonModulo(offsets, n), qPrintable(QStringLiteral("N %1 r %2").arg(n).arg(r)));
                if (table[i].outcome == SidonSearchOutcome::ProvedNone && r <= 8)
                    QVERIFY2(!bruteForceSidonExists(n, r), qPrintable(QStringLiteral("N %1 r %2").arg(n).arg(r)));
            }
        QCOMPARE(i, table.size());
    }

    // The exhaustive search with its symmetry reductions (translation, multipliers, least third element)
    // agrees with the plain brute force.
    void exhaustiveSearchMatchesBruteForce()
    {
        for (int r = 2; r <= 8; ++r)
            for (int n = 2; n <= 60; ++n) {
                const auto result = exhaustiveSidonSearch(n, r, 1LL << 40);
                const bool exists = bruteForceSidonExists(n, r);
                QCOMPARE(result.outcome, exists ? SidonSearchOutcome::Found : SidonSearchOutcome::ProvedNone);
                if (exists)
                    QVERIFY(isSidonModulo(result.offsets, n));
            }
    }

    // The orbit search finds only Sidon sets, and only where the brute force says they exist; it finds the
    // dense set modulo 201 that the exhaustive search needs hundreds of millions of nodes to reach.
    void orbitSearchFindsSidonSets()
    {
        for (int r = 3; r <= 7; ++r)
            for (int n = r; n <= 50; ++n)
                if (const auto found = orbitSidonSearch(n, r, 1'000'000)) {
                    const QByteArray where = QStringLiteral("N %1 r %2").arg(n).arg(r).toUtf8();
                    QVERIFY2(static_cast<int>(found->size()) == r && isSidonModulo(*found, n), where.constData());
                    QVERIFY2(bruteForceSidonExists(n, r), where.constData());
                }
        const auto dense = orbitSidonSearch(201, 13, 20'000'000);
        QVERIFY(dense && dense->size() == 13 && isSidonModulo(*dense, 201));
    }

    // The local search returns only Sidon sets (checked by counting the differences here), finds one
    // wherever the brute force says one exists, and finds the dense set modulo 202 that neither the orbit
    // search nor the exhaustive search within hundreds of millions of nodes reached.
    void localSearchFindsSidonSets()
    {
        const auto distinctDifferences = [](const std::vector<int>& set, int n) {
            std::vector<int> seen(static_cast<size_t>(n), 0);
            for (int a : set)
                for (int b : set)
                    if (a != b && seen[static_cast<size_t>(((a - b) % n + n) % n)]++ > 0)
                        return false;
            return true;
        };
        for (int r = 3; r <= 7; ++r)
            for (int n = r; n <= 50; ++n) {
                const QByteArray where = QStringLiteral("N %1 r %2").arg(n).arg(r).toUtf8();
                const auto found = localSidonSearch(n, r, 20'000);
                QCOMPARE(found.has_value(), bruteForceSidonExists(n, r));
                if (found) {
                    QVERIFY2(static_cast<int>(found->size()) == r && found->front() == 0, where.constData());
                    QVERIFY2(std::is_sorted(found->begin(), found->end()) && found->back() < n, where.constData());
                    QVERIFY2(distinctDifferences(*found, n), where.constData());
                }
            }
        const auto dense = localSidonSearch(202, 13, 2'000'000);
        QVERIFY(dense && dense->size() == 13 && distinctDifferences(*dense, 202));
        QCOMPARE(localSidonSearch(202, 13, 2'000'000), dense);  // deterministic for a seed
    }

    // Without an independent layout the fewest overlapping pairs are chosen; where the layout claims the
    // fewest possible, an enumeration of every offset set confirms it.
    void fewestPairsWithoutIndependence()
    {
        for (int n = 58; n <= 62; ++n) {
            const Layout l = Layout::golomb(n, 8);
            QVERIFY(!l.independent());
            QCOMPARE(l.independentLayoutExists(), std::optional<bool>(false));
            QVERIFY(l.note().find("fewest") != std::string::npos);
            QVERIFY(l.overlappingPairs() >= (n % 2 == 0 ? n / 2 : n));
        }
        for (int r = 3; r <= 5; ++r)
            for (int n = r; n <= 18; ++n) {
                const Layout l = Layout::golomb(n, r);
                if (l.independent())
                    continue;
                const long long fewest = bruteForceFewestPairs(n, r);
                const QByteArray where =
                    QStringLiteral("N %1 r %2: %3").arg(n).arg(r).arg(QString::fromStdString(l.note())).toUtf8();
                QVERIFY2(l.overlappingPairs() >= fewest, where.constData());
                if (l.note().find("fewest possible") != std::string::npos)
                    QVERIFY2(l.overlappingPairs() == fewest, where.constData());
            }
    }

    // Layout files: every problem is an issue with the file as origin, its key path and its value.
    void layoutFileProblems_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QByteArrayList>("issues");  // "key = value: part of the problem", one per issue
        QTest::newRow("three bad keys") << QByteArray(R"({"stacks": [[0,7],[1,-1],[2,0]], "colour": 1, "groups": 12.0})")
                                        << QByteArrayList{"colour = : unknown key", "stacks[0][1] = 7: 7 is out of range",
                                                       "stacks[1][1] = -1: -1 is out of range",
                                                       "groups = 12.0: 12.0 is not an integer"};
        QTest::newRow("2^64-1") << QByteArray(R"({"stacks": [[0,18446744073709551615],[1,2],[2,0]]})")
                                << QByteArrayList{"stacks[0][1] = 18446744073709551615: 18446744073709551615 is out of range"};
        QTest::newRow("type twice") << QByteArray(R"({"stacks": [[0,0],[1,1],[2,2]]})")
                                    << QByteArrayList{"stacks[0] = 0: holds type 0 twice", "stacks[1] = 1: holds type 1 twice",
                                                   "stacks[2] = 2: holds type 2 twice"};
        QTest::newRow("no stacks") << QByteArray(R"({"stack": []})") << QByteArrayList{"(root) = : expected an object"};
    }
    void layoutFileProblems()
    {
        QFETCH(QByteArray, text);
        QFETCH(QByteArrayList, issues);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = dir.filePath(QStringLiteral("layout.json")).toStdString();
        std::ofstream(path) << text.toStdString();
        try {
            Layout::fromJsonFile(path);
            QFAIL("expected a LayoutError");
        } catch (const LayoutError& e) {
            QCOMPARE(e.issues().size(), static_cast<std::size_t>(issues.size()));
            for (std::size_t i = 0; i < e.issues().size(); ++i) {
                const InputIssue& issue = e.issues()[i];
                const QByteArray expected = issues[static_cast<qsizetype>(i)];
                const QByteArray got = QByteArray::fromStdString(issue.keyPath + " = " + issue.value + ": " + issue.problem);
                QVERIFY2(got.startsWith(expected), (got + " <> " + expected).constData());
                QCOMPARE(issue.origin, "layout file '" + path + "'");
            }
        }
    }

    // A layout file named by a scenario key: its issues are that key's, each naming the file.
    void layoutFileUnderScenarioKey()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = dir.filePath(QStringLiteral("layout.json")).toStdString();
        std::ofstream(path) << R"({"stacks": [[0,0],[1,1],[2,2]]})";
        try {
            Layout::byName(path, 3, 2, "cluster.layout");
            QFAIL("expected a LayoutError");
        } catch (const LayoutError& e) {
            QVERIFY2(std::string(e.what()).rfind("scenario: cluster.layout: ", 0) == 0, e.what());
            QCOMPARE(e.issues().size(), std::size_t{3});
            for (const InputIssue& issue : e.issues()) {
                QCOMPARE(issue.keyPath, std::string("cluster.layout"));
                QVERIFY2(issue.problem.rfind("layout file '" + path + "': stacks[", 0) == 0, issue.problem.c_str());
            }
        }
        const std::string message = layoutFileError(dir.path().toStdString());
        QVERIFY2(message.find("is a directory") != std::string::npos && message.find(dir.path().toStdString()) != std::string::npos,
                 message.c_str());
    }

    void badShapes()
    {
        QVERIFY_THROWS_EXCEPTION(LayoutError, Layout::golomb(1, 1));
        QVERIFY_THROWS_EXCEPTION(LayoutError, Layout::golomb(10, 0));
        QVERIFY_THROWS_EXCEPTION(LayoutError, Layout::consecutive(10, 11));
        QVERIFY_THROWS_EXCEPTION(LayoutError, Layout::byName("no-such-layout", 10, 2));
    }
};

QTEST_APPLESS_MAIN(TestLayout)
#include "test_layout.moc"
