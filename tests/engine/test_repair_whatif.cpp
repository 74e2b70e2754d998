// The repair what-if: the grid's points, the scenario each point runs, its range checks, and the rows of
// runRepairWhatIf against one Sweep::run per point (the oracle), the CSV and a cancelled run.
#include "engine/sim/ScenarioJson.h"
#include "engine/sweep/RepairWhatIf.h"
#include "engine/sweep/SweepReport.h"

#include <QtTest/QtTest>

#include <algorithm>
#include <atomic>
#include <limits>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <string>

using namespace spare;

namespace {

Scenario teaching12()
{
    return loadScenarioFile(std::string(SPARE_SOURCE_DIR) + "/scenarios/teaching-12.json");
}

SweepSpec smallSpec()
{
    SweepSpec spec;
    spec.base = teaching12();
    spec.base.steps = 40;
    spec.policies = {Policy::Spare, Policy::Rep};
    spec.spareRedundancies = {3};
    spec.repRedundancies = {3};
    spec.seeds = 2;
    return spec;
}

RepairWhatIfGrid smallGrid()
{
    RepairWhatIfGrid grid;
    grid.spareNodes = {0, 16};
    grid.swapS = {300.0, 1800.0};
    return grid;
}

}  // namespace

class TestRepairWhatIf : public QObject {
    Q_OBJECT
private slots:
    void pointsCoverTheGridRejoinFirst()
    {
        const std::vector<RepairPoint> points = RepairWhatIfGrid{}.points();
        QCOMPARE(points.size(), std::size_t(4 * 3 * 2));
        QCOMPARE(points.front().spareNodes, 0);
        QCOMPARE(points.front().swapS, 300.0);
        QCOMPARE(points.front().rejoin, RejoinRule::None);
        QCOMPARE(points[1].spareNodes, 4);       // pool size varies fastest
        QCOMPARE(points[4].swapS, 1800.0);       // then the swap time
        QCOMPARE(points[12].rejoin, RejoinRule::AtStep);
        const RepairWhatIfGrid noPools{{}, {300.0}, {RejoinRule::None}};
        QVERIFY(noPools.points().empty());
    }

    void pointSetsThreeFieldsAndKeepsTheRest()
    {
        Scenario base = teaching12();
        const Scenario defaults = withRepairPoint(base, {64, 900.0, RejoinRule::AtStep});
        QVERIFY(defaults.repair);
        RepairModel expected;
        expected.spareNodes = 64;
        expected.swapS = 900.0;
        expected.rejoin = RejoinRule::AtStep;
        QVERIFY(*defaults.repair == expected);  // no repair section: RepairModel's defaults
        Scenario withoutRepair = defaults;
        withoutRepair.repair.reset();
        QVERIFY(withoutRepair == base);  // nothing else changes

        RepairModel own;
        own.repairMeanS = 7200.0;
        own.stateTransferS = 30.0;
        own.escalationShare = 0.25;
        base.repair = own;
        const Scenario kept = withRepairPoint(base, {4, 300.0, RejoinRule::None});
        QCOMPARE(kept.repair->repairMeanS, 7200.0);
        QCOMPARE(kept.repair->stateTransferS, 30.0);
        QCOMPARE(kept.repair->escalationShare, 0.25);
        QCOMPARE(kept.repair->spareNodes, 4);
        QCOMPARE(kept.repair->swapS, 300.0);
    }

    void outOfRangeValuesNameValueAndRange_data()
    {
        QTest::addColumn<int>("spares");
        QTest::addColumn<double>("swap");
        QTest::addColumn<QString>("message");
        QTest::newRow("negative pool") << -1 << 300.0 << QStringLiteral("spare nodes -1: allowed 0 .. 10000000");
        QTest::newRow("huge pool") << 10'000'001 << 300.0 << QStringLiteral("spare nodes 10000001: allowed 0 .. 10000000");
        QTest::newRow("zero swap") << 4 << 0.0 << QStringLiteral("swap time 0 s: allowed 0 < swap_s <= 1000000000");
        QTest::newRow("infinite swap") << 4 << std::numeric_limits<double>::infinity()
                                       << QStringLiteral("swap time inf s: allowed 0 < swap_s <= 1000000000");
        QTest::newRow("nan swap") << 4 << std::numeric_limits<double>::quiet_NaN()
                                  << QStringLiteral("swap time nan s: allowed 0 < swap_s <= 1000000000");
    }

    void outOfRangeValuesNameValueAndRange()
    {
        QFETCH(int, spares);
        QFETCH(double, swap);
        QFETCH(QString, message);
        try {
            withRepairPoint(teaching12(), {spares, swap, RejoinRule::None});
            QFAIL("accepted");
        } catch (const std::invalid_argument& e) {
            QCOMPARE(QString::fromUtf8(e.what()), message);
        }
    }

    // Oracle: one Sweep::run per point on withRepairPoint's scenario, independent of runRepairWhatIf's loop.
    void rowsEqualOneSweepPerPoint()
    {
        const SweepSpec spec = smallSpec();
        const RepairWhatIfGrid grid = smallGrid();
        std::mutex mutex;  // progress comes from the sweep's worker threads
        std::size_t lastDone = 0;
        std::size_t lastTotal = 0;
        SweepRunOptions options;
        options.control.threads = 2;
        options.control.progress = [&](std::size_t done, std::size_t total) {
            std::lock_guard lock(mutex);
            lastDone = std::max(lastDone, done);
            lastTotal = total;
        };
        const std::vector<RepairWhatIfRow> rows = runRepairWhatIf(spec, grid, options);
        const std::size_t cells = Sweep::cells(spec).size();
        QCOMPARE(lastTotal, grid.points().size() * cells);
        QCOMPARE(lastDone, lastTotal);
        QCOMPARE(rows.size(), grid.points().size() * 2);
        std::size_t i = 0;
        for (const RepairPoint& point : grid.points()) {
            SweepSpec single = spec;
            single.base = withRepairPoint(spec.base, point);
            for (const SweepRow& expected : Sweep::run(single).rows) {
                const RepairWhatIfRow& got = rows[i++];
                QCOMPARE(got.point.spareNodes, point.spareNodes);
                QCOMPARE(got.point.swapS, point.swapS);
                QCOMPARE(got.point.rejoin, point.rejoin);
                QCOMPARE(got.row.policy, expected.policy);
                QCOMPARE(got.row.redundancy, expected.redundancy);
                QCOMPARE(got.row.runs, spec.seeds);
                QCOMPARE(got.row.stat("ttt_ratio").mean, expected.stat("ttt_ratio").mean);
                QCOMPARE(got.row.stat("ttt_ratio").sd, expected.stat("ttt_ratio").sd);
            }
        }
    }

    void csvHasThePointThenTheSweepColumns()
    {
        const std::vector<RepairWhatIfRow> rows = runRepairWhatIf(smallSpec(), smallGrid());
        const std::string csv = repairWhatIfToCsv(rows);
        std::istringstream in(csv);
        std::string header;
        std::getline(in, header);
        QCOMPARE(QString::fromStdString(header),
                 QStringLiteral("spare_nodes,swap_s,rejoin,")
                     + QString::fromStdString(sweepCsvHeader(rows.front().row.keys)).trimmed());
        std::string line;
        std::getline(in, line);
        QVERIFY(QString::fromStdString(line).startsWith(QStringLiteral("0,300,none,spare,3,2,")));
        int lines = 1;
        while (std::getline(in, line))
            ++lines;
        QCOMPARE(lines, static_cast<int>(rows.size()));
        // The plain sweep CSV is unchanged by the shared header/line functions.
        std::vector<SweepRow> plain;
        for (const RepairWhatIfRow& r : rows)
            plain.push_back(r.row);
        QVERIFY(sweepRowsToCsv(plain).starts_with("policy,redundancy,runs,completed_runs,best,"));
    }

    void cancelledBeforeStartReturnsNoRows()
    {
        const std::atomic<bool> cancel{true};
        SweepRunOptions options;
        options.control.cancel = &cancel;
        QVERIFY(runRepairWhatIf(smallSpec(), smallGrid(), options).empty());
    }
};

QTEST_APPLESS_MAIN(TestRepairWhatIf)
#include "test_repair_whatif.moc"
