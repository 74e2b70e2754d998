#include "engine/sim/RunMetricsJson.h"
#include "engine/sweep/PaperTable.h"
#include "engine/sweep/Sweep.h"
#include "engine/sweep/SweepReport.h"

#include <QtTest/QtTest>

#include <atomic>
#include <cstring>
#include <mutex>
#include <nlohmann/json.hpp>

using namespace spare;

namespace {

SweepSpec smallSpec()
{
    SweepSpec spec;
    spec.base.groups = 40;
    spec.base.allReduceS = 0.4;
    spec.base.steps = 300;
    spec.base.seed = 11;
    spec.spareRedundancies = {2, 4};
    spec.repRedundancies = {2, 3};
    spec.seeds = 2;
    return spec;
}

SweepRow fakeRow(Policy policy, int r, double ttt, bool complete)
{
    SweepRow row;
    row.policy = policy;
    row.redundancy = r;
    row.runs = 2;
    row.completedRuns = complete ? 2 : 1;
    row.keys = {"ttt_ratio"};
    row.stats = {{ttt, 0.0}};
    return row;
}

}  // namespace

class TestSweep : public QObject {
    Q_OBJECT

private slots:
    void gridOrder()
    {
        const auto cells = Sweep::cells(smallSpec());
        QCOMPARE(cells.size(), std::size_t{(2 + 2 + 1) * 2});
        QCOMPARE(cells[0].policy, Policy::Spare);
        QCOMPARE(cells[0].redundancy, 2);
        QCOMPARE(cells[0].seed, std::uint64_t{11});
        QCOMPARE(cells[1].seed, std::uint64_t{12});
        QCOMPARE(cells[2].redundancy, 4);
        QCOMPARE(cells.back().policy, Policy::Ckpt);
    }

    void threadCountInvariance()
    {
        const SweepSpec spec = smallSpec();
        SweepRunOptions one;
        one.control.threads = 1;
        SweepRunOptions two;
        two.control.threads = 2;
        std::mutex mutex;
        std::size_t lastDone = 0;
        int rowsDone = 0;
        two.control.progress = [&](std::size_t done, std::size_t total) {
            const std::lock_guard lock(mutex);
            lastDone = std::max(lastDone, done);
            QCOMPARE(total, std::size_t{10});
        };
        two.rowDone = [&](const SweepRow&) {
            const std::lock_guard lock(mutex);
            ++rowsDone;
        };
        const SweepResult a = Sweep::run(spec, one);
        const SweepResult b = Sweep::run(spec, two);
        QCOMPARE(lastDone, std::size_t{10});
        QCOMPARE(rowsDone, 5);
        QCOMPARE(a.rows.size(), std::size_t{5});
        QCOMPARE(sweepRowsToCsv(a.rows), sweepRowsToCsv(b.rows));
        for (std::size_t i = 0; i < a.metrics.size(); ++i) {
            const auto x = runMetricsFields(a.metrics[i]);
            const auto y = runMetricsFields(b.metrics[i]);
            for (std::size_t k = 0; k < x.size(); ++k)
                QVERIFY(std::memcmp(&x[k].second, &y[k].second, sizeof(double)) == 0);
        }
    }

    void rowStatistics()
    {
        RunMetrics a;
        a.tttRatio = 2.0;
        a.completed = true;
        RunMetrics b;
        b.tttRatio = 4.0;
        b.completed = true;
        const SweepRow row = Sweep::summarize({Policy::Rep, 3, 1}, {a, b});
        QCOMPARE(row.stat("ttt_ratio").mean, 3.0);
        QCOMPARE(row.stat("ttt_ratio").sd, std::sqrt(2.0));
        QCOMPARE(row.completedRuns, 2);
        const auto json = sweepRowToJson(row);
        QCOMPARE(json.at("policy").get<std::string>(), std::string("rep"));
        QCOMPARE(json.at("ttt_ratio_mean").get<double>(), 3.0);
        QVERIFY(json.contains("availability_sd"));
    }

    void bestRedundancy()
    {
        std::vector<SweepRow> rows{fakeRow(Policy::Spare, 2, 3.0, true), fakeRow(Policy::Spare, 8, 2.5, true),
                                   fakeRow(Policy::Spare, 9, 2.6, true), fakeRow(Policy::Rep, 2, 1.0, false),
                                   fakeRow(Policy::Rep, 3, 6.0, true)};
        Sweep::markBest(rows);
        QVERIFY(rows[1].best);
        QVERIFY(!rows[0].best && !rows[2].best);
        QVERIFY(!rows[3].best);  // incomplete rows never win
        QVERIFY(rows[4].best);
        QVERIFY(!Sweep::bestRow(rows, Policy::Ckpt));
    }

    void cancelFlag()
    {
        std::atomic<bool> cancel{true};
        SweepRunOptions options;
        options.control.cancel = &cancel;
        const SweepResult result = Sweep::run(smallSpec(), options);
        QVERIFY(result.cancelled);
        for (const auto& m : result.metrics)
            QVERIFY(!m.completed);
    }

    void integerRanges_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QList<int>>("expected");
        QTest::newRow("range") << QStringLiteral("2-5") << QList<int>{2, 3, 4, 5};
        QTest::newRow("single") << QStringLiteral("3") << QList<int>{3};
        QTest::newRow("list") << QStringLiteral("8,2,4,2") << QList<int>{2, 4, 8};
        QTest::newRow("mixed") << QStringLiteral("2-3,9") << QList<int>{2, 3, 9};
        QTest::newRow("reversed") << QStringLiteral("5-2") << QList<int>{};
        QTest::newRow("junk") << QStringLiteral("2x") << QList<int>{};
        QTest::newRow("empty part") << QStringLiteral("2,,3") << QList<int>{};
        QTest::newRow("above the limit") << QStringLiteral("2-65") << QList<int>{};
        QTest::newRow("below the limit") << QStringLiteral("0-3") << QList<int>{};
        QTest::newRow("int max") << QStringLiteral("2147483647") << QList<int>{};
        QTest::newRow("up to int max") << QStringLiteral("2-2147483647") << QList<int>{};
        QTest::newRow("past int") << QStringLiteral("2147483648") << QList<int>{};
    }

    void integerRanges()
    {
        QFETCH(QString, text);
        QFETCH(QList<int>, expected);
        if (expected.isEmpty()) {
            QVERIFY_THROWS_EXCEPTION(std::invalid_argument, parseIntegerRanges(text.toStdString(), 1, 64));
            return;
        }
        const auto values = parseIntegerRanges(text.toStdString(), 1, 64);
        QCOMPARE(QList<int>(values.begin(), values.end()), expected);
    }

    void paperSetting()
    {
        QCOMPARE(paperMaxRedundancy(200), 12);
        QCOMPARE(paperMaxRedundancy(600), 20);
        QCOMPARE(paperMaxRedundancy(1000), 26);
        const Scenario s = paperScenario(600);
        QCOMPARE(s.allReduceS, 6.0);
        QCOMPARE(s.gpusPerGroup, 1000);
        QCOMPARE(paperReferences().size(), std::size_t{3});
        QCOMPARE(paperReferences()[0].spareRedundancy, 9);
    }

    // The paper table (3 seeds) agrees with the published one: at every N, our best SPARe and Rep rows
    // and the rows at the paper's r are within 3% of its TTT/T0 and 1.5 points of its availability.
    void paperTableAgreement()
    {
        SweepRunOptions options;
        options.control.threads = 2;
        const PaperTable table = runPaperTable(3, options);
        QCOMPARE(table.rows.size(), paperReferences().size());
        for (const PaperTableRow& row : table.rows) {
            const PaperReference& paper = row.paper;
            const struct {
                const char* name;
                const SweepRow& ours;
                double tttRatio;
                double availability;
            } cells[] = {{"SPARe best", row.spareBest, paper.spareTttRatio, paper.spareAvailability},
                         {"SPARe at the paper's r", row.spareAtPaperR, paper.spareTttRatio, paper.spareAvailability},
                         {"Rep best", row.repBest, paper.repTttRatio, paper.repAvailability},
                         {"Rep at the paper's r", row.repAtPaperR, paper.repTttRatio, paper.repAvailability}};
            for (const auto& cell : cells) {
                const double ttt = cell.ours.stat("ttt_ratio").mean;
                const double availability = cell.ours.stat("availability").mean;
                const QByteArray what = QByteArray("N = ") + QByteArray::number(paper.groups) + ", " + cell.name +
                                        ": TTT/T0 " + QByteArray::number(ttt) + " vs " +
                                        QByteArray::number(cell.tttRatio) + ", availability " +
                                        QByteArray::number(availability) + " vs " +
                                        QByteArray::number(cell.availability);
                QVERIFY2(std::abs(ttt / cell.tttRatio - 1.0) <= 0.03, what.constData());
                QVERIFY2(std::abs(availability - cell.availability) <= 0.015, what.constData());
            }
        }
    }
};

QTEST_APPLESS_MAIN(TestSweep)
#include "test_sweep.moc"
