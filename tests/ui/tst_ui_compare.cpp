// The Compare tab: CompareSetup builds the two scenarios of every kind and refuses bad values naming the
// run, the key and the value; the difference table equals the engine's own RunMetrics of the two runs
// simulated directly (and is zero for two equal runs); both cursors follow the one clock when it plays,
// steps and steps back; the table model passes QAbstractItemModelTester; the window's tab, menu entry,
// stepping and --compare.
#include "engine/sim/RunMetricsJson.h"
#include "engine/sim/ScenarioJson.h"
#include "engine/sim/Simulator.h"
#include "ui/MainWindow.h"
#include "ui/StudioOptions.h"
#include "ui/compare/CompareChooser.h"
#include "ui/compare/CompareIntegration.h"
#include "ui/compare/CompareSetup.h"
#include "ui/compare/CompareView.h"
#include "ui/compare/MetricDifferenceModel.h"
#include "ui/playback/PlaybackClock.h"
#include "ui/playback/PlaybackCursor.h"
#include "ui/playback/SimulationWorker.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTest>

using namespace spare;

namespace {

using Kind = CompareSetup::Kind;

const QString kScenarios = QStringLiteral(SPARE_SOURCE_DIR "/scenarios/");

Scenario base()
{
    Scenario s = loadScenarioFile(SPARE_SOURCE_DIR "/scenarios/teaching-12.json");
    s.steps = 60;
    s.seed = 3;  // at some seeds the first 60 steps end the same for two of the compared settings (seed 2: r = 2 and 4)
    return s;
}

// The scenario a run of `kind` with `value` should get, written out field by field (not through the
// JSON path CompareSetup takes).
Scenario expectedScenario(const Scenario& from, Kind kind, const QString& value)
{
    Scenario s = from;
    switch (kind) {
    case Kind::Redundancy: s.redundancy = value.toInt(); break;
    case Kind::CheckpointInterval:
        s.checkpointIntervalSteps = value == QLatin1String("auto") ? std::nullopt : std::optional<int>(value.toInt());
        break;
    case Kind::Layout: s.layout = value.toStdString(); break;
    case Kind::ScenarioFile: s = loadScenarioFile(value.toStdString()); break;
    case Kind::Seed: s.seed = value.toULongLong(); break;
    case Kind::Policy: s.policy = *parsePolicy(value.toStdString()); break;
    }
    return s;
}

class MoveCounter : public SimulationObserver {
public:
    void onEvent(const Event& e) override
    {
        if (e.kind == EventKind::Decision && e.decision && !e.decision->wipeout)
            moves += e.decision->moves;
    }
    std::int64_t moves = 0;
};

CompareSetup setupOf(Kind kind, const QString& a, const QString& b)
{
    CompareSetup setup;
    setup.kind = kind;
    setup.values = {a, b};
    return setup;
}

// Runs `setup` in a CompareView until both runs have been simulated, then puts the clock at the end.
bool runToEnd(CompareView& view, const CompareSetup& setup)
{
    QSignalSpy finished(&view, &CompareView::bothFinished);
    view.setBase(base());
    view.setSetup(setup);
    if (!view.start() || !finished.wait(60000))
        return false;
    view.clock()->seek(std::max(view.cursor(0)->recording().endTime(), view.cursor(1)->recording().endTime()));
    return true;
}

// Both cursors stand exactly where the clock's time puts them.
bool cursorsFollow(const CompareView& view)
{
    for (int side = 0; side < 2; ++side) {
        const PlaybackCursor* c = view.cursor(side);
        if (c->position() != c->recording().eventsUpTo(view.clock()->time()))
            return false;
    }
    return true;
}

}  // namespace

class TestCompare : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void buildsBothScenarios_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("a");
        QTest::addColumn<QString>("b");
        QTest::newRow("r") << static_cast<int>(Kind::Redundancy) << QStringLiteral("2") << QStringLiteral("4");
        QTest::newRow("intervals") << static_cast<int>(Kind::CheckpointInterval) << QStringLiteral("3") << QStringLiteral("auto");
        QTest::newRow("layouts") << static_cast<int>(Kind::Layout) << QStringLiteral("golomb") << QStringLiteral("consecutive");
        QTest::newRow("files") << static_cast<int>(Kind::ScenarioFile) << kScenarios + QStringLiteral("teaching-12.json")
                               << kScenarios + QStringLiteral("teaching-racks.json");
        QTest::newRow("seeds") << static_cast<int>(Kind::Seed) << QStringLiteral("7") << QStringLiteral("18446744073709551615");
        QTest::newRow("policies") << static_cast<int>(Kind::Policy) << QStringLiteral("spare") << QStringLiteral("elastic");
        QTest::newRow("policies rebalance") << static_cast<int>(Kind::Policy) << QStringLiteral("rep") << QStringLiteral("rebalance");
    }

    void buildsBothScenarios()
    {
        QFETCH(int, kind);
        QFETCH(QString, a);
        QFETCH(QString, b);
        const CompareSetup setup = setupOf(static_cast<Kind>(kind), a, b);
        const CompareSetup::Scenarios built = setup.build(base());
        QVERIFY2(built.ok(), qPrintable(built.problems.join(QLatin1Char('\n'))));
        QVERIFY(built.runs[0] == expectedScenario(base(), setup.kind, a));
        QVERIFY(built.runs[1] == expectedScenario(base(), setup.kind, b));
        QVERIFY(!(built.runs[0] == built.runs[1]));
        QVERIFY(setup.prepare(base(), std::nullopt).ok());
        // The kind's defaults differ and build too (files have none to offer).
        if (setup.kind != Kind::ScenarioFile) {
            const CompareSetup defaults = CompareSetup::defaults(setup.kind, base());
            QVERIFY(defaults.values[0] != defaults.values[1]);
            QVERIFY2(defaults.build(base()).ok(), qPrintable(defaults.build(base()).problems.join(QLatin1Char('\n'))));
        }
    }

    void rejectsBadValues_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QStringList>("expected");  // parts of the message for run B
        const auto row = [](const char* name, Kind kind, const QString& value, const QStringList& expected) {
            QTest::newRow(name) << static_cast<int>(kind) << value << expected;
        };
        const QString redundancy = QStringLiteral("cluster.redundancy");
        row("r 0", Kind::Redundancy, QStringLiteral("0"), {redundancy, QStringLiteral("0"), QStringLiteral("allowed")});
        row("r above N", Kind::Redundancy, QStringLiteral("13"), {redundancy, QStringLiteral("13"), QStringLiteral("allowed")});
        row("r text", Kind::Redundancy, QStringLiteral("three"), {redundancy, QStringLiteral("three")});
        const QString interval = QStringLiteral("checkpoint.interval_steps");
        row("interval 0", Kind::CheckpointInterval, QStringLiteral("0"), {interval, QStringLiteral("0"), QStringLiteral("allowed")});
        row("interval above steps", Kind::CheckpointInterval, QStringLiteral("61"), {interval, QStringLiteral("61"), QStringLiteral("allowed")});
        row("interval text", Kind::CheckpointInterval, QStringLiteral("soon"), {interval, QStringLiteral("soon")});
        const QString layout = QStringLiteral("cluster.layout");
        row("layout domain without topology", Kind::Layout, QStringLiteral("golomb-domain"), {layout, QStringLiteral("golomb-domain")});
        row("layout missing file", Kind::Layout, QStringLiteral("/nonexistent/layout.json"), {layout, QStringLiteral("/nonexistent/layout.json")});
        const QString seed = QStringLiteral("run.seed");
        row("seed negative", Kind::Seed, QStringLiteral("-1"), {seed, QStringLiteral("-1")});
        row("seed text", Kind::Seed, QStringLiteral("abc"), {seed, QStringLiteral("abc")});
        row("seed above 2^64-1", Kind::Seed, QStringLiteral("18446744073709551616"), {seed, QStringLiteral("18446744073709551616")});
        row("policy unknown", Kind::Policy, QStringLiteral("torchft"), {QStringLiteral("run.policy"), QStringLiteral("torchft"), QStringLiteral("allowed")});
        row("file missing", Kind::ScenarioFile, QStringLiteral("/nonexistent/scenario.json"), {QStringLiteral("/nonexistent/scenario.json")});
        row("file none", Kind::ScenarioFile, QString(), {QStringLiteral("scenario file"), QStringLiteral("none chosen")});
    }

    void rejectsBadValues()
    {
        QFETCH(int, kind);
        QFETCH(QString, value);
        QFETCH(QStringList, expected);
        const QString good = static_cast<Kind>(kind) == Kind::ScenarioFile ? kScenarios + QStringLiteral("teaching-12.json")
                                                                           : CompareSetup::defaults(static_cast<Kind>(kind), base()).values[0];
        const CompareSetup setup = setupOf(static_cast<Kind>(kind), good, value);
        const CompareSetup::Runs runs = setup.prepare(base(), std::nullopt);
        QVERIFY(!runs.ok());
        for (const QString& problem : runs.problems) {
            QVERIFY2(problem.startsWith(QLatin1String("run B: ")), qPrintable(problem));
            for (const QString& part : expected)
                QVERIFY2(problem.contains(part), qPrintable(QStringLiteral("'%1' lacks '%2'").arg(problem, part)));
        }
    }

    void differencesMatchTheEngine_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("a");
        QTest::addColumn<QString>("b");
        QTest::newRow("seeds") << static_cast<int>(Kind::Seed) << QStringLiteral("1") << QStringLiteral("2");
        QTest::newRow("same seed") << static_cast<int>(Kind::Seed) << QStringLiteral("3") << QStringLiteral("3");
        QTest::newRow("r") << static_cast<int>(Kind::Redundancy) << QStringLiteral("2") << QStringLiteral("4");
        QTest::newRow("intervals") << static_cast<int>(Kind::CheckpointInterval) << QStringLiteral("2") << QStringLiteral("10");
        QTest::newRow("layouts") << static_cast<int>(Kind::Layout) << QStringLiteral("golomb") << QStringLiteral("consecutive");
        QTest::newRow("policies") << static_cast<int>(Kind::Policy) << QStringLiteral("spare") << QStringLiteral("elastic");
    }

    void differencesMatchTheEngine()
    {
        QFETCH(int, kind);
        QFETCH(QString, a);
        QFETCH(QString, b);
        CompareView view;
        QVERIFY(runToEnd(view, setupOf(static_cast<Kind>(kind), a, b)));
        const MetricDifferenceModel* model = view.differences();
        QVERIFY(model->complete());
        std::array<std::vector<std::pair<std::string, double>>, 2> direct;
        for (int side = 0; side < 2; ++side) {
            MoveCounter counter;
            const RunMetrics m = Simulator(expectedScenario(base(), static_cast<Kind>(kind), side == 0 ? a : b)).run(&counter);
            direct[static_cast<std::size_t>(side)] = runMetricsFields(m);
            direct[static_cast<std::size_t>(side)].emplace_back(MetricDifferenceModel::kMovesKey, static_cast<double>(counter.moves));
        }
        QCOMPARE(model->rowCount(), static_cast<int>(direct[0].size()));
        const auto value = [model](int row, int column) {
            return model->index(row, column).data(MetricDifferenceModel::ValueRole);
        };
        for (int row = 0; row < model->rowCount(); ++row) {
            const auto& [key, valueA] = direct[0][static_cast<std::size_t>(row)];
            const double valueB = direct[1][static_cast<std::size_t>(row)].second;
            QCOMPARE(model->key(row), key);
            QVERIFY2(value(row, MetricDifferenceModel::RunAColumn).toDouble() == valueA, key.c_str());
            QVERIFY2(value(row, MetricDifferenceModel::RunBColumn).toDouble() == valueB, key.c_str());
            QVERIFY2(value(row, MetricDifferenceModel::DifferenceColumn).toDouble() == valueB - valueA, key.c_str());
            if (valueA != 0.0)
                QVERIFY2(value(row, MetricDifferenceModel::RelativeColumn).toDouble() == (valueB - valueA) / std::abs(valueA), key.c_str());
            else
                QCOMPARE(value(row, MetricDifferenceModel::RelativeColumn).isValid(), valueB == 0.0);
            if (a == b)
                QCOMPARE(value(row, MetricDifferenceModel::DifferenceColumn).toDouble(), 0.0);
        }
        if (a != b)
            QVERIFY(direct[0] != direct[1]);
        QVERIFY(model->index(model->rowOf("ttt_s"), MetricDifferenceModel::MetricColumn).data().toString().startsWith(QLatin1String("TTT")));
    }

    void cursorsFollowTheOneClock()
    {
        CompareView view;
        QVERIFY(runToEnd(view, setupOf(Kind::Seed, QStringLiteral("1"), QStringLiteral("2"))));
        PlaybackClock* clock = view.clock();
        clock->seek(0.0);
        QVERIFY(cursorsFollow(view));
        // Stepping: each step lands on the next event of either run, in time order.
        double previous = clock->time();
        for (int i = 0; i < 40; ++i) {
            QVERIFY(clock->stepForward());
            QVERIFY(!clock->playing());
            QVERIFY(clock->time() >= previous);
            QVERIFY(cursorsFollow(view));
            constexpr std::array<int, 2> sides{0, 1};
            const bool landedOnAnEvent = std::any_of(sides.begin(), sides.end(), [&](int side) {
                const PlaybackCursor* c = view.cursor(side);
                return c->position() > 0 && c->recording().event(c->position() - 1).time == clock->time();
            });
            QVERIFY(landedOnAnEvent);
            previous = clock->time();
        }
        // The table follows the clock: what the playback states know, the rest empty until the ends.
        const MetricDifferenceModel* model = view.differences();
        QVERIFY(!model->complete());
        for (int side = 0; side < 2; ++side) {
            const int column = side == 0 ? MetricDifferenceModel::RunAColumn : MetricDifferenceModel::RunBColumn;
            const auto cell = [&](const char* key) {
                return model->index(model->rowOf(key), column).data(MetricDifferenceModel::ValueRole);
            };
            const PlaybackState& state = view.cursor(side)->state();
            QCOMPARE(cell("steps_done").toDouble(), static_cast<double>(state.snapshot().stepsDone));
            QCOMPARE(cell("failures").toDouble(), static_cast<double>(state.snapshot().failures));
            QCOMPARE(cell("down_s").toDouble(), state.figures().downTimeS);
            QVERIFY(!cell("ttt_s").isValid());
        }
        const int failures = model->rowOf("failures");
        QCOMPARE(model->index(failures, MetricDifferenceModel::DifferenceColumn).data(MetricDifferenceModel::ValueRole).toDouble(),
                 static_cast<double>(view.cursor(1)->state().snapshot().failures
                                     - view.cursor(0)->state().snapshot().failures));
        const std::size_t applied = view.cursor(0)->position() + view.cursor(1)->position();
        QVERIFY(clock->stepBackward());
        QVERIFY(cursorsFollow(view));
        QVERIFY(view.cursor(0)->position() + view.cursor(1)->position() < applied);
        // Playing: both advance on every tick, to the end of both runs.
        clock->setSpeed(PlaybackClock::kMaxSpeed);
        QSignalSpy ticks(clock, &PlaybackClock::ticked);
        clock->play();
        QTRY_VERIFY_WITH_TIMEOUT(!clock->playing(), 30000);
        QVERIFY(ticks.count() > 0);
        QVERIFY(cursorsFollow(view));
        QVERIFY(view.cursor(0)->atEnd());
        QVERIFY(view.cursor(1)->atEnd());
        QVERIFY(model->complete());
        QVERIFY(view.sideFigures(0).contains(QLatin1String("DONE")));
        QVERIFY(view.sideFigures(1).contains(QLatin1String("DONE")));
    }

    void aNewChoiceCancelsTheRunsInProgress()
    {
        CompareView view;
        view.setBase(base());
        view.setSetup(setupOf(Kind::Seed, QStringLiteral("1"), QStringLiteral("2")));
        QVERIFY(view.start());
        QVERIFY(view.problems().isEmpty());
        // A bad value stops both runs and says why; nothing waits for a run that will not come.
        QSignalSpy failed(&view, &CompareView::runFailed);
        view.setSetup(setupOf(Kind::Seed, QStringLiteral("1"), QStringLiteral("x")));
        QCOMPARE(failed.count(), 1);
        QVERIFY(view.problems().contains(QLatin1String("run B: run.seed")));
        QVERIFY(view.cursor(0)->recording().complete());
        QVERIFY(view.cursor(1)->recording().complete());
        QVERIFY(!view.differences()->complete());
        // A good one runs to the end.
        QVERIFY(runToEnd(view, setupOf(Kind::Redundancy, QStringLiteral("2"), QStringLiteral("3"))));
        QVERIFY(view.problems().isEmpty());
        QCOMPARE(view.cursor(1)->scenario().redundancy, 3);
    }

    void withoutAScenarioOnlyFilesRun()
    {
        CompareView view;
        view.setSetup(setupOf(Kind::Seed, QStringLiteral("1"), QStringLiteral("2")));
        QVERIFY(!view.start());
        QVERIFY2(view.problems().contains(QLatin1String("no scenario to vary")), qPrintable(view.problems()));
        QSignalSpy finished(&view, &CompareView::bothFinished);
        view.setSetup(setupOf(Kind::ScenarioFile, kScenarios + QStringLiteral("teaching-12.json"), kScenarios + QStringLiteral("tour-teaching.json")));
        QVERIFY(view.problems().isEmpty());
        QVERIFY(finished.wait(60000));
        QCOMPARE(QString::fromStdString(view.cursor(1)->scenario().name), QStringLiteral("tour-teaching"));
    }

    void chooserFieldsAreChecked()
    {
        CompareView view;
        view.setBase(base());
        view.setSetup(CompareSetup::defaults(Kind::Seed, base()));
        QVERIFY(view.start());
        // The spin boxes allow only what the engine allows for this scenario.
        auto* r = view.chooser()->findChild<QSpinBox*>(QStringLiteral("rB"));
        QVERIFY(r);
        QCOMPARE(r->minimum(), 1);
        QCOMPARE(r->maximum(), base().groups);
        auto* interval = view.chooser()->findChild<QSpinBox*>(QStringLiteral("intervalsA"));
        QVERIFY(interval);
        QCOMPARE(interval->maximum(), base().steps);
        // A seed typed into the field is checked when it is entered, by the engine's parser.
        auto* seed = view.chooser()->findChild<QLineEdit*>(QStringLiteral("seedsB"));
        QVERIFY(seed);
        seed->selectAll();
        QTest::keyClicks(seed, QStringLiteral("12x"));
        QVERIFY(view.problems().isEmpty());  // not per keystroke
        QTest::keyClick(seed, Qt::Key_Return);
        QVERIFY2(view.problems().contains(QLatin1String("run B: run.seed")) && view.problems().contains(QLatin1String("12x")),
                 qPrintable(view.problems()));
        seed->selectAll();
        QTest::keyClicks(seed, QStringLiteral("12"));
        QTest::keyClick(seed, Qt::Key_Return);
        QVERIFY(view.problems().isEmpty());
        QCOMPARE(view.cursor(1)->scenario().seed, 12u);
        QCOMPARE(view.setup().values[1], QStringLiteral("12"));
    }

    void modelPassesTheTester()
    {
        MetricDifferenceModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(model.rowCount() > 20);
        QCOMPARE(model.columnCount(), static_cast<int>(MetricDifferenceModel::ColumnCount));
        RunMetrics a;
        a.tttS = 7200.0;
        a.failures = 4;
        RunMetrics b = a;
        b.tttS = 9000.0;
        model.setRun(0, a, 3);
        QVERIFY(!model.complete());
        QVERIFY(model.index(model.rowOf("ttt_s"), MetricDifferenceModel::DifferenceColumn).data().toString().isEmpty());
        model.setRun(1, b, 5);
        QVERIFY(model.complete());
        const int ttt = model.rowOf("ttt_s");
        QCOMPARE(model.index(ttt, MetricDifferenceModel::RunAColumn).data().toString(), QStringLiteral("2.000"));
        QCOMPARE(model.index(ttt, MetricDifferenceModel::DifferenceColumn).data().toString(), QStringLiteral("+0.500"));
        QCOMPARE(model.index(ttt, MetricDifferenceModel::RelativeColumn).data().toString(), QStringLiteral("+25.00%"));
        const int moves = model.rowOf(MetricDifferenceModel::kMovesKey);
        QCOMPARE(model.index(moves, MetricDifferenceModel::DifferenceColumn).data().toString(), QStringLiteral("+2"));
        const int restarts = model.rowOf("restarts");
        QCOMPARE(model.index(restarts, MetricDifferenceModel::RelativeColumn).data().toString(), QStringLiteral("0.00%"));
        model.clear(QStringLiteral("A: seed 1"), QStringLiteral("B: seed 2"));
        QCOMPARE(model.headerData(MetricDifferenceModel::RunBColumn, Qt::Horizontal).toString(), QStringLiteral("B: seed 2"));
        QVERIFY(!model.complete());
    }

    void commandLine_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("ok");
        QTest::newRow("seeds") << QStringLiteral("seeds:1,2") << true;
        QTest::newRow("r") << QStringLiteral("r:3,6") << true;
        QTest::newRow("intervals") << QStringLiteral("intervals:5,auto") << true;
        QTest::newRow("layouts") << QStringLiteral("layouts:golomb,consecutive") << true;
        QTest::newRow("files") << QStringLiteral("files:a.json,b.json") << true;
        QTest::newRow("one value") << QStringLiteral("seeds:1") << false;
        QTest::newRow("three values") << QStringLiteral("seeds:1,2,3") << false;
        QTest::newRow("unknown kind") << QStringLiteral("colours:1,2") << false;
        QTest::newRow("no kind") << QStringLiteral("1,2") << false;
    }

    void commandLine()
    {
        QFETCH(QString, text);
        QFETCH(bool, ok);
        QString error;
        const auto options = StudioOptions::parse({QStringLiteral("spare-studio"), QStringLiteral("--compare"), text}, &error);
        QCOMPARE(options.has_value(), ok);
        if (ok) {
            QVERIFY(options->compare);
            QCOMPARE(CompareSetup::name(options->compare->kind), text.section(QLatin1Char(':'), 0, 0));
        } else {
            QVERIFY2(error.contains(QStringLiteral("--compare '%1'").arg(text)) && error.contains(QLatin1String("seeds")),
                     qPrintable(error));
        }
    }

    void windowTabMenuAndStepping()
    {
        StudioOptions options;
        options.scenarioPath = kScenarios + QStringLiteral("teaching-12.json");
        options.compare = setupOf(Kind::Seed, QStringLiteral("4"), QStringLiteral("5"));
        MainWindow window(options);
        auto* compare = window.findChild<CompareIntegration*>();
        QVERIFY(compare);
        CompareView* view = compare->view();
        QCOMPARE(window.tabs()->currentWidget(), view);
        QCOMPARE(window.tabs()->tabText(window.tabs()->currentIndex()), QStringLiteral("Compare"));
        QVERIFY(view->started());
        QCOMPARE(view->cursor(1)->scenario().seed, 5u);
        bool listed = false;
        for (QAction* a : window.menuBar()->actions())
            if (a->menu())
                for (QAction* entry : a->menu()->actions())
                    listed = listed || entry->text() == QLatin1String("&Compare two runs...");
        QVERIFY(listed);
        QTRY_VERIFY_WITH_TIMEOUT(view->cursor(0)->recording().eventCount() > 20 && view->cursor(1)->recording().eventCount() > 20, 30000);
        // Stepping acts on the tab's clock, not on the Run tab's.
        view->clock()->pause();
        const std::size_t runPosition = window.cursor()->position();
        window.clock()->pause();
        const double before = view->clock()->time();
        window.stepEvent();
        window.stepEvent();
        QVERIFY(view->clock()->time() > before || view->cursor(0)->position() + view->cursor(1)->position() > 0);
        QVERIFY(cursorsFollow(*view));
        QCOMPARE(window.cursor()->position(), runPosition);
        // A new scenario in the window restarts the comparison on it.
        Scenario next = window.scenario();
        next.steps = 30;
        QVERIFY(window.startRun(next));
        QCOMPARE(view->cursor(0)->scenario().steps, 30);
        // Simulation > Stop simulating on this tab stops its two runs, not the Run tab's.
        next.steps = 1'000'000;
        QVERIFY(window.startRun(next));
        QVERIFY(view->worker(0)->running() && view->worker(1)->running() && window.worker()->running());
        window.stopSimulation();
        QVERIFY(!view->worker(0)->running() && !view->worker(1)->running());
        QVERIFY(view->cursor(0)->recording().complete() && view->cursor(1)->recording().complete());
        QVERIFY(window.worker()->running());
    }
};

QTEST_MAIN(TestCompare)
#include "tst_ui_compare.moc"
