#include "layout/GolombRulers.h"
#include "layout/Layout.h"
#include "layout/SidonOffsets.h"

#include <QtTest/QtTest>

#include <algorithm>
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
