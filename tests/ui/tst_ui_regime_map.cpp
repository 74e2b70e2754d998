// The Analysis tab's regime map: it runs on a worker (estimate, progress, finished), equals the engine's
// map, refuses bad controls naming them, and a click on a cell opens that cell's scenario in the Race tab
// with the map's contenders.
#include "engine/planning/RegimeMap.h"
#include "engine/sim/ScenarioJson.h"
#include "ui/analysis/AnalysisView.h"
#include "ui/analysis/RegimeMapModel.h"
#include "ui/analysis/RegimeMapPage.h"
#include "ui/analysis/RegimeMapRunner.h"

#include <nlohmann/json.hpp>

#include <QSignalSpy>
#include <QTableView>
#include <QtTest/QtTest>

using namespace spare;

namespace {

Scenario smallBase()
{
    return scenarioFromJson(nlohmann::json::parse(R"({"name": "small", "cluster": {"groups": 20, "redundancy": 3},
        "workload": {"steps": 150, "allreduce_s": 0.4}, "failures": {"system_mtbf_s": 200}})"),
                            "base");
}

void setSmallMap(RegimeMapPage& page)
{
    page.setAxes(QStringLiteral("restart.duration_s"), QStringLiteral("60,300,900"), QStringLiteral("failures.system_mtbf_s"),
                 QStringLiteral("100:400:2"));
    page.setContenders({QStringLiteral("spare"), QStringLiteral("ckpt-memory"), QStringLiteral("elastic")});
    page.setSeeds(2);
}

}  // namespace

class TestRegimeMapPage : public QObject {
    Q_OBJECT

private slots:
    void runsOnAWorkerAndACellOpensTheRace()
    {
        RegimeMapPage page;
        page.resize(800, 600);
        page.show();
        const Scenario base = smallBase();
        page.setScenario(base);
        setSmallMap(page);
        QSignalSpy estimated(page.runner(), &RegimeMapRunner::estimated);
        QSignalSpy progressed(page.runner(), &RegimeMapRunner::progressed);
        QSignalSpy finished(page.runner(), &RegimeMapRunner::finished);
        QVERIFY(page.run());
        QVERIFY(finished.wait(60000));
        QCOMPARE(finished.first().at(0).toBool(), true);
        QCOMPARE(estimated.count(), 1);
        QVERIFY2(estimated.first().at(0).toString().startsWith(u"36 runs (3 x 2 cells x 3 contenders x 2 seeds); about "),
                 qPrintable(estimated.first().at(0).toString()));
        QVERIFY(progressed.count() >= 1);
        QCOMPARE(progressed.last().at(0).toInt(), 36);

        // The window's map is the engine's (and so the CLI's).
        RegimeMapOptions options;
        options.x = parseRegimeAxis("restart.duration_s=60,300,900", "--x");
        options.y = parseRegimeAxis("failures.system_mtbf_s=100:400:2", "--y");
        options.contenders = parseRegimeContenders("spare,elastic,ckpt-memory", "--policies");  // the boxes' order
        options.seeds = 2;
        const RegimeMap direct = runRegimeMap(base, options);
        QCOMPARE(QString::fromStdString(regimeMapCsv(page.model()->map())), QString::fromStdString(regimeMapCsv(direct)));
        QVERIFY(page.mapFor(base) != nullptr);

        RegimeMapModel* model = page.model();
        QCOMPARE(model->rowCount(), 2);
        QCOMPARE(model->columnCount(), 3);
        const QModelIndex topLeft = model->index(0, 0);  // the highest y, the lowest x
        QCOMPARE(model->headerData(0, Qt::Vertical, Qt::DisplayRole).toString(), QStringLiteral("400"));
        QVERIFY(model->data(topLeft, RegimeMapModel::kSeparableRole).isValid());
        const QString tip = model->data(topLeft, Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(u"spare: TTT/T0") && tip.contains(u"elastic: TTT/T0") && tip.contains(u"\u00b1"),
                 qPrintable(tip));

        Scenario raced;
        std::vector<RegimeContender> lanes;
        int calls = 0;
        page.setShowRace([&](const Scenario& scenario, const std::vector<RegimeContender>& contenders) {
            raced = scenario;
            lanes = contenders;
            ++calls;
        });
        const QModelIndex cell = model->index(1, 2);  // y = 100, x = 900
        QTest::mouseClick(page.table()->viewport(), Qt::LeftButton, {}, page.table()->visualRect(cell).center());
        QCOMPARE(calls, 1);
        QCOMPARE(raced.restartS, 900.0);
        QCOMPARE(raced.systemMtbfS, 100.0);
        QCOMPARE(raced.groups, base.groups);
        QCOMPARE(lanes.size(), std::size_t{3});
        QCOMPARE(lanes[2].name, std::string("ckpt-memory"));
        QVERIFY(lanes[2].memoryTier);
    }

    void badControlsAreRefusedNamingThem_data()
    {
        QTest::addColumn<QString>("xValues");
        QTest::addColumn<QStringList>("contenders");
        QTest::addColumn<QString>("expected");
        const QStringList two{QStringLiteral("spare"), QStringLiteral("ckpt")};
        QTest::newRow("one contender") << QStringLiteral("60,300") << QStringList{QStringLiteral("spare")}
                                       << QStringLiteral("Contenders spare: 1 contenders; allowed: 2 .. 6");
        QTest::newRow("not a number") << QStringLiteral("60,fast") << two << QStringLiteral("Columns (x)");
        QTest::newRow("out of range") << QStringLiteral("-5,60") << two << QStringLiteral("restart.duration_s");
    }

    void badControlsAreRefusedNamingThem()
    {
        QFETCH(QString, xValues);
        QFETCH(QStringList, contenders);
        QFETCH(QString, expected);
        RegimeMapPage page;
        page.setScenario(smallBase());
        page.setAxes(QStringLiteral("restart.duration_s"), xValues, QStringLiteral("failures.system_mtbf_s"),
                     QStringLiteral("100,400"));
        page.setContenders(contenders);
        QSignalSpy finished(page.runner(), &RegimeMapRunner::finished);
        QString error;
        if (page.run(&error)) {  // a value out of range is found on the worker, when the cells are built
            QVERIFY(finished.wait(60000));
            error = finished.first().at(1).toString();
        }
        QVERIFY2(error.contains(expected), qPrintable(error));
    }

    void theAnalysisTabHasTheMap()
    {
        AnalysisView view;
        view.setScenario(smallBase());
        view.cancel();
        QVERIFY(view.regimeMapPage() != nullptr);
        QCOMPARE(view.regimeMapPage()->statusText(), QStringLiteral("Choose the axes and contenders, then Run map"));
    }
};

QTEST_MAIN(TestRegimeMapPage)
#include "tst_ui_regime_map.moc"
