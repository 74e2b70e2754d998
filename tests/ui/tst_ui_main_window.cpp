// The window opens on the default scenario and plays it at once; screenshots show the state colours;
// the automation entry points (run-until, screenshot, command line, --export-state) behave; clicking the
// event log seeks; a paper-scenario run streams to the GUI while it is simulated; a scenario that cannot
// run is refused with every problem listed and never replaced by defaults; the Race runs each policy at
// its own r and shows it.
#include "engine/analysis/ClosedForms.h"
#include "engine/base/ScenarioLimits.h"
#include "engine/planning/RegimeContender.h"
#include "engine/sim/ScenarioJson.h"
#include "engine/sim/Simulator.h"
#include "tests/ui/LegendFit.h"
#include "ui/MainWindow.h"
#include "ui/StudioOptions.h"
#include "ui/WindowStateExporter.h"
#include "ui/analysis/AnalysisIntegration.h"
#include "ui/analysis/AnalysisView.h"
#include "ui/base/ViewState.h"
#include "ui/charts/ChartPanel.h"
#include "ui/charts/ProgressChart.h"
#include "ui/editor/ScenarioEditor.h"
#include "ui/export/ExportLocation.h"
#include "ui/models/EventFilterProxyModel.h"
#include "ui/models/EventLogModel.h"
#include "ui/playback/PlaybackClock.h"
#include "ui/playback/PlaybackCursor.h"
#include "ui/playback/RunSetup.h"
#include "ui/playback/SimulationWorker.h"
#include "ui/race/RaceIntegration.h"
#include "ui/race/RaceView.h"
#include "ui/timeline/TimelineWidget.h"
#include "ui/views/ClusterPalette.h"
#include "ui/views/ClusterView.h"
#include "ui/views/ShortcutOverlay.h"
#include "ui/views/StackView.h"

#include <QCheckBox>
#include <QComboBox>
#include <QToolButton>
#include <QPushButton>
#include <QSlider>
#include <QSettings>
#include <QLineEdit>
#include <QDialogButtonBox>
#include <QJsonArray>
#include <QLabel>
#include <QJsonObject>
#include <QMenu>
#include <QMessageBox>
#include <QMenuBar>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolBar>

#include <functional>

using namespace spare;

namespace {

int countColour(const QImage& image, QRgb colour)
{
    const QImage rgb = image.convertToFormat(QImage::Format_RGB32);
    int n = 0;
    for (int y = 0; y < rgb.height(); ++y) {
        const auto* line = reinterpret_cast<const QRgb*>(rgb.constScanLine(y));
        for (int x = 0; x < rgb.width(); ++x)
            n += (line[x] & 0xffffff) == (colour & 0xffffff);
    }
    return n;
}

bool waitRunUntil(MainWindow& w, const RunUntil& until)
{
    bool done = false;
    w.runUntil(until, [&] { done = true; });
    return QTest::qWaitFor([&] { return done; }, 60000);
}

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& content)
{
    const QString path = dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(content) != content.size())
        return QString();
    return path;
}

// The window's "cannot be run" dialog: its text (empty when none is open); closes it.
QString takeProblemsDialog(MainWindow& w)
{
    auto* box = w.findChild<QMessageBox*>(QStringLiteral("scenarioProblems"));
    if (!box)
        return QString();
    const QString text = box->informativeText();
    box->setObjectName(QString());
    box->close();
    return text;
}

}  // namespace

class TestMainWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void opensOnDefaultScenarioAndPlays();
    void screenshotShowsStateColours();
    void eventLogClickSeeks();
    void jumpsLandOnTheirEvents();
    void raceRunsThreePolicies();
    void raceLanes_data();
    void raceLanes();
    void raceLaneBarLimits();
    void showRaceWithLanes();
    void commandLine_data();
    void commandLine();
    void paperRunStreamsWhileSimulated();
    void badFileKeepsScenarioAndListsEveryProblem();
    void missingTraceIsRefusedNotRun();
    void badFileAtStartShowsNoScenario();
    void scenarioChangedAndHelpMenu();
    void raceLanesRunAtTheirOwnR();
    void raceStatusAndSpeedText();
    void failureMarksStayFewAtAnySpeed();
    void progressChartFitsItsData();
    void raceLegendsShowWholeNames();
    void stopKeepsWhatWasRecorded();
    void seedDialogChecksAsYouType();
    void shortcutOverlayListsEveryShortcut();
    void raceKeepsItsOwnSpeed();
    void exportsStartInTheLastFolder();
    void toolbarIconsAreDistinct();
    void fitsASmallScreen();
};

void TestMainWindow::opensOnDefaultScenarioAndPlays()
{
    MainWindow w;
    w.show();
    QCOMPARE(w.scenario().name, std::string("teaching-12"));
    QVERIFY(w.windowTitle().contains(QStringLiteral("teaching-12")));
    QVERIFY(w.tabs()->count() >= 2);  // other parts may add tabs (Analysis)
    QCOMPARE(w.tabs()->tabText(0), QStringLiteral("Run"));
    QCOMPARE(w.tabs()->tabText(1), QStringLiteral("Race"));
    // The Export submenu is shown exactly when it has actions.
    QCOMPARE(w.exportMenu()->menuAction()->isVisible(), !w.exportMenu()->actions().isEmpty());
    QAction* extra = w.exportMenu()->addAction(QStringLiteral("PNG"));
    QVERIFY(w.exportMenu()->menuAction()->isVisible());
    const bool others = w.exportMenu()->actions().size() > 1;
    w.exportMenu()->removeAction(extra);
    QCOMPARE(w.exportMenu()->menuAction()->isVisible(), others);
    QVERIFY(w.viewMenu());
    QVERIFY(w.clock()->playing());
    // Running: events recorded and the playhead moving.
    QTRY_VERIFY_WITH_TIMEOUT(w.cursor()->position() > 0, 20000);
    QTRY_VERIFY_WITH_TIMEOUT(w.cursor()->state().snapshot().time > 0.0, 20000);
    QVERIFY(w.statusText().contains(QStringLiteral("step")));
    QVERIFY(w.statusText().contains(QStringLiteral("availability")));
}

void TestMainWindow::screenshotShowsStateColours()
{
    MainWindow w;
    w.show();
    QVERIFY(waitRunUntil(w, RunUntil{RunUntil::Kind::Failures, 3}));
    QVERIFY(!w.clock()->playing());
    QCOMPARE(w.cursor()->state().snapshot().failures, 3);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("shot.png"));
    QVERIFY(w.saveScreenshot(path));
    const QImage shot(path);
    QVERIFY(!shot.isNull());
    QCOMPARE(shot.size(), w.size() * w.devicePixelRatio());
    // Not blank: the live groups' colour and at least one failed / masked group are on screen.
    const PlaybackState& s = w.cursor()->state();
    int live = 0;
    for (GroupState st : s.snapshot().groupStates)
        live += st != GroupState::Failed && st != GroupState::MaskedOut;
    QVERIFY(live > 0);
    const int out = countColour(shot, ClusterPalette::state(GroupState::MaskedOut))
        + countColour(shot, ClusterPalette::state(GroupState::Failed)) + countColour(shot, ClusterPalette::failureFlash());
    QVERIFY2(out > 500, qPrintable(QString::number(out)));
    int liveColour = countColour(shot, ClusterPalette::state(GroupState::Idle))
        + countColour(shot, ClusterPalette::state(GroupState::Checkpointing));
    for (int p = 0; p < ClusterPalette::kComputeShades; ++p)
        liveColour += countColour(shot, ClusterPalette::computing(p));
    QVERIFY2(liveColour > 5000, qPrintable(QString::number(liveColour)));
}

void TestMainWindow::eventLogClickSeeks()
{
    MainWindow w;
    w.show();
    QVERIFY(waitRunUntil(w, RunUntil{RunUntil::Kind::End, 0}));
    w.eventFilter()->setKindMask(EventFilterProxyModel::kindBit(EventKind::Failure));
    QVERIFY(w.eventFilter()->rowCount() >= 3);
    const QModelIndex third = w.eventFilter()->index(2, EventLogModel::TimeColumn);
    const QModelIndex source = w.eventFilter()->mapToSource(third);
    const Event& e = w.eventLog()->event(source.row());
    w.eventTable()->scrollTo(third);
    const QRect cell = w.eventTable()->visualRect(third);
    QTest::mouseClick(w.eventTable()->viewport(), Qt::LeftButton, {}, cell.center());
    QCOMPARE(w.cursor()->position(), static_cast<std::size_t>(source.row()) + 1);
    QCOMPARE(w.cursor()->state().snapshot().time, e.time);
    QCOMPARE(w.viewState()->selectedGroup(), e.group);
}

void TestMainWindow::jumpsLandOnTheirEvents()
{
    MainWindow w;
    w.show();
    QVERIFY(waitRunUntil(w, RunUntil{RunUntil::Kind::End, 0}));
    w.clock()->seek(0.0);
    QCOMPARE(w.cursor()->position(), w.cursor()->recording().eventsUpTo(0.0));
    QCOMPARE(w.cursor()->state().snapshot().stepsDone, 0);
    auto last = [&] { return w.cursor()->recording().event(w.cursor()->position() - 1); };
    w.jumpToNextFailure();
    QCOMPARE(last().kind, EventKind::Failure);
    w.jumpToNextReorder();
    QCOMPARE(last().kind, EventKind::Decision);
    QCOMPARE(last().decision->phase, ReorderDecision::Phase::MinCost);
    w.jumpToNextWipeout();
    QCOMPARE(last().kind, EventKind::Decision);
    // The log (notable events by default) selects the decision just played.
    const QModelIndexList selected = w.eventTable()->selectionModel()->selectedRows();
    QCOMPARE(selected.size(), 1);
    QCOMPARE(w.eventFilter()->mapToSource(selected.front()).row() + std::size_t(1), w.cursor()->position());
    QVERIFY(last().decision->wipeout);
    QVERIFY(!w.cursor()->state().snapshot().lostTypes.empty());
    w.jumpToRestartEnd();
    QCOMPARE(last().kind, EventKind::RestartEnd);
    QCOMPARE(w.cursor()->state().snapshot().aliveGroups, w.scenario().groups);
    QVERIFY(w.cursor()->state().snapshot().lostTypes.empty());
    const std::size_t at = w.cursor()->position();
    w.stepEvent();
    QCOMPARE(w.cursor()->position(), at + 1);
    QVERIFY(!w.clock()->playing());
    QCOMPARE(w.clock()->time(), w.cursor()->state().snapshot().time);
    // Back and "with moves": the landing is animated and leaves the moved cells marked.
    w.stepBack();
    QCOMPARE(w.cursor()->position(), at);
    w.jumpToPreviousFailure();
    QCOMPARE(last().kind, EventKind::Failure);
    QVERIFY(w.cursor()->position() < at);
    w.clock()->seek(0.0);
    w.jumpToNextReorderWithMoves();
    QCOMPARE(last().kind, EventKind::Decision);
    QVERIFY(last().decision->moves > 0);
    QVERIFY(w.stackView()->animating());
    QCOMPARE(w.stackView()->markedMoveCount(), static_cast<int>(last().decision->stackMoves.size()));
    // Every item of the Simulation menu has its own access key.
    for (QAction* menu : w.menuBar()->actions()) {
        if (!menu->menu() || menu->text() != QStringLiteral("&Simulation"))
            continue;
        QSet<QChar> keys;
        for (QAction* item : menu->menu()->actions()) {
            const qsizetype amp = item->text().indexOf(QLatin1Char('&'));
            if (amp < 0 || item->isSeparator())
                continue;
            const QChar key = item->text().at(amp + 1).toLower();
            QVERIFY2(!keys.contains(key), qPrintable(item->text()));
            keys.insert(key);
        }
        QVERIFY(keys.size() >= 12);
    }
}

void TestMainWindow::raceRunsThreePolicies()
{
    MainWindow w;
    w.show();
    w.showRace();
    QVERIFY(w.raceView()->started());
    QVERIFY(waitRunUntil(w, RunUntil{RunUntil::Kind::Time, 20000.0}));
    for (int lane = 0; lane < 3; ++lane) {
        QCOMPARE(w.raceView()->cursor(lane)->scenario().policy, RaceView::classicLanes()[std::size_t(lane)].policy);
        QCOMPARE(w.raceView()->cursor(lane)->state().snapshot().time, 20000.0);
    }
    // SPARe commits more steps than checkpoint-only by then on this failure-heavy scenario.
    QVERIFY(w.raceView()->cursor(2)->state().snapshot().stepsDone >= w.raceView()->cursor(0)->state().snapshot().stepsDone);
}

// 2 to 6 lanes of any contender: at the end each lane's figures are its run's, and its run is the engine's
// run of the lane's contender scenario (the same metrics as spare-cli simulate of that scenario).
void TestMainWindow::raceLanes_data()
{
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<int>("steps");
    QTest::addColumn<QString>("lanes");
    QTest::newRow("2 lanes") << "teaching-12.json" << 0 << "spare,ckpt";
    QTest::newRow("6 lanes, paper-n600-practice") << "paper-n600-practice.json" << 1500
                                                  << "ckpt,rep,spare,elastic,rebalance,ckpt-memory";
    QTest::newRow("elastic by samples") << "paper-n600-practice.json" << 800 << "elastic,spare-memory";
}

void TestMainWindow::raceLanes()
{
    QFETCH(QString, scenario);
    QFETCH(int, steps);
    QFETCH(QString, lanes);
    Scenario base = loadScenarioFile((QStringLiteral(SPARE_SOURCE_DIR "/scenarios/") + scenario).toStdString());
    if (steps > 0)
        base.steps = steps;
    if (QByteArray(QTest::currentDataTag()).contains("samples"))
        base.progress = ProgressModel{ProgressMeasure::Samples, 1.0};
    const std::vector<RegimeContender> contenders = parseRegimeContenders(lanes.toStdString(), "lanes");
    RaceView race;
    race.setLanes(contenders);
    race.start(base);
    race.clock()->pause();
    QCOMPARE(race.laneCount(), static_cast<int>(contenders.size()));
    for (int lane = 0; lane < race.laneCount(); ++lane)
        QTRY_VERIFY_WITH_TIMEOUT(race.laneMetrics(lane).has_value(), 60000);
    race.clock()->seek(1e12);
    for (int lane = 0; lane < race.laneCount(); ++lane) {
        const RegimeContender& contender = contenders[std::size_t(lane)];
        const Scenario laneScenario = contenderScenario(base, contender, contenders);
        QCOMPARE(race.cursor(lane)->scenario(), RunSetup::prepare(laneScenario).scenario);
        const RunMetrics engine = Simulator(race.cursor(lane)->scenario()).run();
        const RunMetrics& shown = *race.laneMetrics(lane);
        QCOMPARE(shown.tttS, engine.tttS);
        QCOMPARE(shown.restarts, engine.restarts);
        QCOMPARE(shown.failures, engine.failures);
        QCOMPARE(shown.effectiveProgress, engine.effectiveProgress);
        const QString figures = race.laneFigures(lane);
        QVERIFY2(figures.contains(QStringLiteral("restarts %1 | failures %2").arg(engine.restarts).arg(engine.failures)),
                 qPrintable(figures));
        QCOMPARE(figures.contains(QStringLiteral("DONE at %1 h").arg(engine.tttS / 3600.0, 0, 'f', 1)), engine.completed);
        if (contender.policy == Policy::Elastic) {
            // Progress by the scenario's measure, folded from the events: the engine's sum at the end.
            const bool samples = laneScenario.progress->measure == ProgressMeasure::Samples;
            const double measured = samples ? engine.samplesCommitted : engine.effectiveProgress;
            QVERIFY2(figures.contains(QStringLiteral("| %1 %2 in %3 steps")
                                          .arg(samples ? QStringLiteral("samples") : QStringLiteral("effective"))
                                          .arg(measured, 0, 'f', 1)
                                          .arg(race.cursor(lane)->state().snapshot().stepsDone)),
                     qPrintable(figures));
            QVERIFY2(figures.contains(QStringLiteral("| batch ")), qPrintable(figures));
        }
    }
    QCOMPARE(race.timeline()->runCount(), race.laneCount());
    // A bar per lane, each named apart (CKPT-only and CKPT-only + memory too).
    const QStringList categories = race.timeBreakdownChart()->spec().stackedBars.categories;
    QCOMPARE(categories.size(), race.laneCount());
    QCOMPARE(QSet<QString>(categories.begin(), categories.end()).size(), race.laneCount());
    const bool anySpare = std::any_of(contenders.begin(), contenders.end(),
                                      [](const RegimeContender& c) { return c.policy == Policy::Spare; });
    QCOMPARE(race.controllerPhases()->isHidden(), !anySpare);
}

// The lane bar keeps 2 .. 6 lanes; a contender picked in a lane's combo races from the start.
void TestMainWindow::raceLaneBarLimits()
{
    RaceView race;
    race.show();
    QCOMPARE(race.lanes(), RaceView::classicLanes());
    race.start(loadScenarioFile(SPARE_SOURCE_DIR "/scenarios/teaching-12.json"));
    while (race.removeLaneButton()->isEnabled())
        race.removeLaneButton()->click();
    QCOMPARE(race.laneCount(), RaceView::kMinLanes);
    race.removeLane();
    QCOMPARE(race.laneCount(), RaceView::kMinLanes);
    while (race.addLaneButton()->isEnabled())
        race.addLaneButton()->click();
    QCOMPARE(race.laneCount(), RaceView::kMaxLanes);
    race.addLane();
    QCOMPARE(race.laneCount(), RaceView::kMaxLanes);
    for (int lane = 0; lane < RaceView::kMaxLanes; ++lane) {
        QVERIFY(race.laneChoice(lane)->isVisible());
        QCOMPARE(race.cursor(lane)->scenario().policy, race.lanes()[std::size_t(lane)].policy);
    }
    QCOMPARE(race.timeline()->runCount(), RaceView::kMaxLanes);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, race.setLanes(std::vector<RegimeContender>(7)));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, race.setLanes(std::vector<RegimeContender>(1)));
    // Lane 1 becomes elastic through its combo.
    QComboBox* choice = race.laneChoice(1);
    const int elastic = choice->findData(QStringLiteral("elastic"));
    QVERIFY(elastic >= 0);
    choice->setCurrentIndex(elastic);
    emit choice->activated(elastic);
    QCOMPARE(race.lanes()[1], parseRegimeContender("elastic"));
    QCOMPARE(race.cursor(1)->scenario().policy, Policy::Elastic);
    QCOMPARE(race.clock()->time(), 0.0);
    race.removeLaneButton()->click();
    QCOMPARE(race.laneCount(), RaceView::kMaxLanes - 1);
    QVERIFY(!race.laneChoice(RaceView::kMaxLanes - 1)->isVisible());
}

// StudioContext::showRace (a regime-map cell): the Race tab on that scenario with those lanes.
void TestMainWindow::showRaceWithLanes()
{
    MainWindow w;
    w.show();
    Scenario cell = w.scenario();
    cell.seed = 7;
    cell.restartS = 600.0;
    const std::vector<RegimeContender> lanes = parseRegimeContenders("spare,elastic,ckpt-memory", "lanes");
    auto* race = w.findChild<RaceIntegration*>(QStringLiteral("raceIntegration"));
    QVERIFY(race);
    race->showRaceOf(cell, lanes);
    QCOMPARE(w.tabs()->currentWidget(), static_cast<QWidget*>(w.raceView()));
    QCOMPARE(w.raceView()->lanes(), lanes);
    for (int lane = 0; lane < 3; ++lane) {
        QCOMPARE(w.raceView()->cursor(lane)->scenario().seed, std::uint64_t(7));
        QCOMPARE(w.raceView()->cursor(lane)->scenario().restartS, 600.0);
        QCOMPARE(w.raceView()->cursor(lane)->scenario().policy, lanes[std::size_t(lane)].policy);
    }
    QVERIFY(w.raceView()->cursor(2)->scenario().memoryCheckpoint.has_value());
    QVERIFY(waitRunUntil(w, RunUntil{RunUntil::Kind::Time, 5000.0}));
    const QJsonArray state = WindowStateExporter::state(w).value(QStringLiteral("lanes")).toArray();
    QCOMPARE(state.size(), 3);
    QCOMPARE(state.at(2).toObject().value(QStringLiteral("contender")).toString(), QStringLiteral("ckpt-memory"));
}

void TestMainWindow::commandLine_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<QString>("message");
    const QString teaching = QStringLiteral(SPARE_SOURCE_DIR "/scenarios/teaching-12.json");
    QTest::newRow("defaults") << QStringList{} << true << QString();
    QTest::newRow("everything") << QStringList{QStringLiteral("--scenario"), teaching, QStringLiteral("--policy"),
                                               QStringLiteral("rep"), QStringLiteral("--seed"), QStringLiteral("9"),
                                               QStringLiteral("--race"), QStringLiteral("--run-until"),
                                               QStringLiteral("failures:4"), QStringLiteral("--screenshot"),
                                               QStringLiteral("a.png"), QStringLiteral("--quit")}
                                << true << QString();
    QTest::newRow("bad policy") << QStringList{QStringLiteral("--policy"), QStringLiteral("raid")} << false
                                << QStringLiteral("spare | rep | ckpt");
    QTest::newRow("bad seed") << QStringList{QStringLiteral("--seed"), QStringLiteral("-1")} << false
                              << QStringLiteral("--seed '-1'");
    QTest::newRow("bad run-until") << QStringList{QStringLiteral("--run-until"), QStringLiteral("failures:0")} << false
                                   << QStringLiteral("failures:N (N >= 1)");
    QTest::newRow("bad run-until kind") << QStringList{QStringLiteral("--run-until"), QStringLiteral("steps:5")}
                                        << false << QStringLiteral("time:SEC");
    QTest::newRow("missing file") << QStringList{QStringLiteral("--scenario"), QStringLiteral("/nope.json")} << false
                                  << QStringLiteral("no such file");
    QTest::newRow("screenshot not png") << QStringList{QStringLiteral("--screenshot"), QStringLiteral("a.jpg")}
                                        << false << QStringLiteral(".png");
    QTest::newRow("unknown flag") << QStringList{QStringLiteral("--fast")} << false << QStringLiteral("fast");
    QTest::newRow("race lanes") << QStringList{QStringLiteral("--race-lanes"), QStringLiteral("spare,elastic,ckpt-memory")}
                                << true << QString();
    QTest::newRow("bad race lane") << QStringList{QStringLiteral("--race-lanes"), QStringLiteral("spare,torchft")} << false
                                   << QStringLiteral("--race-lanes: \"torchft\" is not a contender; allowed: spare, rep, ckpt, "
                                                     "elastic, rebalance, each optionally with -memory");
    QTest::newRow("one race lane") << QStringList{QStringLiteral("--race-lanes"), QStringLiteral("spare")} << false
                                   << QStringLiteral("--race-lanes spare: 1 contenders; allowed: 2 .. 6");
    QTest::newRow("memory limit") << QStringList{QStringLiteral("--memory-limit"), QStringLiteral("1.5G")} << true << QString();
    QTest::newRow("bad memory limit") << QStringList{QStringLiteral("--memory-limit"), QStringLiteral("8X")} << false
                                      << QStringLiteral("--memory-limit '8X' is malformed");
    QTest::newRow("zero memory limit") << QStringList{QStringLiteral("--memory-limit"), QStringLiteral("0")} << false
                                       << QStringLiteral("from 1 byte to 1 EB");
}

void TestMainWindow::commandLine()
{
    QFETCH(QStringList, args);
    QFETCH(bool, ok);
    QFETCH(QString, message);
    QString error;
    const auto options = StudioOptions::parse(QStringList{QStringLiteral("spare-studio")} + args, &error);
    QCOMPARE(options.has_value(), ok);
    if (!ok)
        QVERIFY2(error.contains(message), qPrintable(error));
    if (ok && args.size() > 2) {
        QCOMPARE(*options->policy, Policy::Rep);
        QCOMPARE(*options->seed, std::uint64_t(9));
        QVERIFY(options->race && options->quit);
        QCOMPARE(options->runUntil.kind, RunUntil::Kind::Failures);
        QCOMPARE(options->runUntil.value, 4.0);
    }
    if (ok && args.contains(QStringLiteral("--race-lanes"))) {
        QVERIFY(options->race);
        QCOMPARE(options->raceLanes->size(), std::size_t(3));
        QCOMPARE(options->raceLanes->at(2), parseRegimeContender("ckpt-memory"));
    }
}

void TestMainWindow::paperRunStreamsWhileSimulated()
{
    StudioOptions options;
    options.scenarioPath = QStringLiteral(SPARE_SOURCE_DIR "/scenarios/paper-n600.json");
    options.policy = Policy::Ckpt;  // a long run: CKPT-only restarts until the 100 x T0 cap
    MainWindow w(options);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.clock()->setSpeed(PlaybackClock::kMaxSpeed);
    // The GUI thread never waits for the engine: the recording arrives in several chunks, and the
    // GUI's own timer runs between the first chunk and the end of the run. (Stall times: bench_gui_stall.)
    int chunks = 0;
    int beatsWhileSimulating = 0;
    QTimer heartbeat;
    heartbeat.setInterval(1);
    connect(&heartbeat, &QTimer::timeout, this, [&] { beatsWhileSimulating += chunks > 0 && w.worker()->running(); });
    connect(w.worker(), &SimulationWorker::chunkReady, this, [&] { ++chunks; });
    QSignalSpy finished(w.worker(), &SimulationWorker::finished);
    heartbeat.start();
    w.resetRun();  // from an idle event loop
    QVERIFY(finished.wait(120000));
    heartbeat.stop();
    QVERIFY(chunks >= 2);
    QVERIFY(beatsWhileSimulating > 0);
    QTRY_VERIFY(w.cursor()->recording().complete());
    // Scrubbing across the whole run lands where asked.
    const double end = w.cursor()->recording().endTime();
    for (double f : {0.9, 0.1, 0.5, 0.95, 0.0, 1.0}) {
        w.clock()->seek(end * f);
        QCOMPARE(w.cursor()->position(), w.cursor()->recording().eventsUpTo(end * f));
    }
    QCOMPARE(w.cursor()->position(), w.cursor()->recording().eventCount());
}

void TestMainWindow::badFileKeepsScenarioAndListsEveryProblem()
{
    MainWindow w;
    w.show();
    QTemporaryDir dir;
    const QString bad = writeFile(dir, QStringLiteral("bad.json"),
                                  R"({"name": "bad", "cluster": {"groups": "many"}, "workload": {"steps": -1}})");
    QSignalSpy changed(&w, &MainWindow::scenarioChanged);
    QVERIFY(!w.openScenario(bad));
    QCOMPARE(changed.count(), 0);
    QCOMPARE(w.scenario().name, std::string("teaching-12"));
    QVERIFY(w.windowTitle().contains(QStringLiteral("teaching-12")));
    const QString text = takeProblemsDialog(w);
    QVERIFY2(text.contains(QStringLiteral("cluster.groups")) && text.contains(QStringLiteral("workload.steps")), qPrintable(text));
    // A layout that is a directory: refused by the same rule.
    const QString layoutDir = writeFile(dir, QStringLiteral("dir-layout.json"),
                                        QStringLiteral(R"({"cluster": {"layout": "%1"}})").arg(dir.path()).toUtf8());
    QVERIFY(!w.openScenario(layoutDir));
    QVERIFY(takeProblemsDialog(w).contains(QStringLiteral("cluster.layout")));
    QCOMPARE(w.scenario().name, std::string("teaching-12"));
}

void TestMainWindow::missingTraceIsRefusedNotRun()
{
    MainWindow w;
    w.show();
    QTemporaryDir dir;
    const QString path = writeFile(dir, QStringLiteral("trace.json"),
                                   R"({"name": "traced", "failures": {"model": "trace", "trace": "missing.csv"}})");
    QVERIFY(!w.openScenario(path));
    QVERIFY(takeProblemsDialog(w).contains(QStringLiteral("failures.trace")));
    QCOMPARE(w.scenario().name, std::string("teaching-12"));
    // The editor's Apply goes through the same check.
    Scenario traced = w.scenario();
    traced.failureModel = FailureModel::Trace;
    traced.failureTrace = dir.filePath(QStringLiteral("missing.csv")).toStdString();
    QVERIFY(!w.startRun(traced));
    QVERIFY(takeProblemsDialog(w).contains(QStringLiteral("failures.trace")));
    QCOMPARE(w.scenario().failureModel, FailureModel::Weibull);
}

void TestMainWindow::badFileAtStartShowsNoScenario()
{
    QTemporaryDir dir;
    StudioOptions options;
    options.scenarioPath = writeFile(dir, QStringLiteral("empty.json"), QByteArray());
    MainWindow w(options);
    w.show();
    QVERIFY(!w.hasScenario());
    QTRY_VERIFY(w.findChild<QMessageBox*>(QStringLiteral("scenarioProblems")));
    QVERIFY(takeProblemsDialog(w).contains(QStringLiteral("empty.json")));
    // No tab shows a scenario nobody chose: the Analysis tab and the Race stay empty.
    auto* analysis = w.findChild<AnalysisIntegration*>();
    QVERIFY(analysis);
    w.tabs()->setCurrentWidget(analysis->analysisView());
    QVERIFY(analysis->analysisView()->request().redundancies.empty());
    w.showRace();
    QVERIFY(!w.raceView()->started());
    QVERIFY(!w.worker()->running());
    // Opening a good file afterwards works as usual.
    QVERIFY(w.openScenario(QStringLiteral(SPARE_SOURCE_DIR "/scenarios/teaching-12.json")));
    QVERIFY(w.hasScenario());
}

void TestMainWindow::scenarioChangedAndHelpMenu()
{
    MainWindow w;
    QSignalSpy changed(&w, &MainWindow::scenarioChanged);
    const QString teaching = QStringLiteral(SPARE_SOURCE_DIR "/scenarios/teaching-12.json");
    // Same name and policy twice: each open is a change the analysis must see.
    QVERIFY(w.openScenario(teaching));
    QVERIFY(w.openScenario(teaching));
    QCOMPARE(changed.count(), 2);
    QCOMPARE(changed.at(1).at(0).value<Scenario>().name, std::string("teaching-12"));
    QVERIFY(w.helpMenu());
    QStringList entries;
    for (QAction* a : w.helpMenu()->actions())
        entries << a->text().remove(QLatin1Char('&'));
    QVERIFY2(entries.contains(QStringLiteral("Guided tour")), qPrintable(entries.join(QLatin1Char(','))));
}

void TestMainWindow::raceLanesRunAtTheirOwnR()
{
    StudioOptions options;
    options.scenarioPath = QStringLiteral(SPARE_SOURCE_DIR "/scenarios/paper-n600.json");
    MainWindow w(options);
    w.show();
    w.showRace();
    QVERIFY(waitRunUntil(w, RunUntil{RunUntil::Kind::Time, 20000.0}));
    // paper-n600: SPARe at cluster.redundancy 8, Rep at run.rep_redundancy 3, CKPT-only at 1.
    const QJsonObject state = WindowStateExporter::state(w);
    QCOMPARE(state.value(QStringLiteral("tab")).toString(), QStringLiteral("Race"));
    QCOMPARE(state.value(QStringLiteral("clock_s")).toDouble(), 20000.0);
    const QJsonArray lanes = state.value(QStringLiteral("lanes")).toArray();
    QCOMPARE(lanes.size(), 3);
    const int expectedR[] = {1, 3, 8};
    for (int i = 0; i < 3; ++i) {
        const QJsonObject lane = lanes.at(i).toObject();
        QCOMPARE(lane.value(QStringLiteral("policy")).toString(), QString::fromLatin1(policyName(RaceView::classicLanes()[std::size_t(i)].policy)));
        QCOMPARE(lane.value(QStringLiteral("redundancy")).toInt(), expectedR[i]);
        QCOMPARE(w.raceView()->cursor(i)->scenario().redundancy, expectedR[i]);
        QVERIFY(lane.value(QStringLiteral("checkpoint_interval_steps")).toInt() >= 1);
        QCOMPARE(lane.value(QStringLiteral("steps_done")).toInt(), w.raceView()->cursor(i)->state().snapshot().stepsDone);
        QVERIFY(w.raceView()->laneInfo(i).contains(QStringLiteral("r = %1").arg(expectedR[i])));
    }
    // "Same r for all": Rep races at cluster.redundancy too.
    auto* same = w.raceView()->findChild<QCheckBox*>(QStringLiteral("sameRedundancy"));
    QVERIFY(same && same->isVisible());
    same->setChecked(true);
    QCOMPARE(w.raceView()->cursor(1)->scenario().redundancy, 8);
    QVERIFY(w.raceView()->laneInfo(1).contains(QStringLiteral("r = 8")));
    // Without the key, Rep's r is the minimiser of its model TTT.
    Scenario plain = w.scenario();
    plain.repRedundancy.reset();
    QCOMPARE(contenderScenario(plain, RaceView::classicLanes()[1], RaceView::classicLanes()).redundancy,
             repBestRedundancy(plain.groups, ScenarioLimits::maxRedundancy, plain.systemMtbfS, plain.checkpointWriteS,
                               plain.restartS, plain.computeS, plain.allReduceS));
}

void TestMainWindow::raceStatusAndSpeedText()
{
    QCOMPARE(PlaybackClock::speedText(100000.0), QStringLiteral("100,000x"));
    QCOMPARE(PlaybackClock::speedText(1000000.0), QStringLiteral("1,000,000x"));
    QCOMPARE(PlaybackClock::speedText(1.0), QStringLiteral("1x"));
    MainWindow w;
    w.show();
    w.showRace();
    QVERIFY(waitRunUntil(w, RunUntil{RunUntil::Kind::Time, 5000.0}));
    QCOMPARE(w.raceView()->clock()->time(), 5000.0);
    QVERIFY2(w.statusText().contains(QStringLiteral("race t 1:23:20")), qPrintable(w.statusText()));
}

void TestMainWindow::failureMarksStayFewAtAnySpeed()
{
    // 600 failures delivered within one frame, as at 100,000x: a handful of groups carry the mark.
    Scenario s;
    s.groups = 600;
    s.redundancy = 8;
    s.gpusPerGroup = 100;
    auto layout = std::make_shared<const Layout>(Layout::byName(s.layout, s.groups, s.redundancy));
    PlaybackCursor cursor;
    cursor.reset(s, layout);
    auto chunk = std::make_shared<RecordingChunk>();
    for (int g = 0; g < s.groups; ++g) {
        Event f;
        f.kind = EventKind::Failure;
        f.time = g;
        f.group = g;
        f.gpu = 0;
        chunk->events.push_back(f);
    }
    chunk->last = true;
    cursor.append(chunk);
    ClusterView strip(&cursor);
    strip.setCompact(true);
    strip.resize(300, 48);
    while (cursor.stepEvent()) {
    }
    QVERIFY2(strip.flashingGroups() <= 8, qPrintable(QString::number(strip.flashingGroups())));
    QVERIFY(strip.flashingGroups() >= 1);
}

void TestMainWindow::progressChartFitsItsData()
{
    ProgressChart chart;
    chart.reset(10000);
    const int line = chart.addLine(QStringLiteral("a"), Qt::red);
    chart.addPoint(line, 0.0, 0);
    chart.addPoint(line, 3600.0, 130);
    chart.flush();
    // The axis fits 130 steps (a round number above it), not the 10,000 of the whole run.
    QVERIFY2(chart.stepAxisMax() >= 130.0 && chart.stepAxisMax() <= 200.0, qPrintable(QString::number(chart.stepAxisMax())));
    chart.addPoint(line, 7200.0, 9990);
    chart.flush();
    QCOMPARE(chart.stepAxisMax(), 10000 * 1.05);
}

// At the window's default size the race's two charts show every legend name whole (Qt's own legend
// cut them to "CKP...", and the breakdown's third row fell below its view).
void TestMainWindow::raceLegendsShowWholeNames()
{
    StudioOptions options;
    options.scenarioPath = QStringLiteral(SPARE_SOURCE_DIR "/scenarios/teaching-12.json");
    options.screenshotPath = QStringLiteral("unused.png");  // laid out as for --screenshot: 1400 x 900, no saved state
    MainWindow w(options);
    w.show();
    w.showRace();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(waitRunUntil(w, RunUntil{RunUntil::Kind::End, 0.0}));
    QCoreApplication::processEvents();
    spare::test::verifyLegendFits(w.raceView()->chart()->chartView());
    spare::test::verifyLegendFits(w.raceView()->timeBreakdownChart()->chartView());
}

void TestMainWindow::stopKeepsWhatWasRecorded()
{
    StudioOptions options;
    options.scenarioPath = QStringLiteral(SPARE_SOURCE_DIR "/scenarios/paper-n600.json");
    MainWindow w(options);
    w.show();
    w.stopSimulation();
    // Whether or not the run had already ended, the recording is now complete and playable.
    QVERIFY(w.cursor()->recording().complete());
    QVERIFY(!w.worker()->running());
    w.clock()->seek(w.cursor()->recording().endTime());
    QCOMPARE(w.cursor()->position(), w.cursor()->recording().eventCount());
    QTest::qWait(50);  // chunks the cancelled run had already posted are dropped
    QCOMPARE(w.cursor()->position(), w.cursor()->recording().eventCount());
    // On the Race tab the same action stops the three runs.
    w.showRace();
    w.stopSimulation();
    for (int lane = 0; lane < 3; ++lane)
        QVERIFY(w.raceView()->cursor(lane)->recording().complete());
}

// A bad seed disables OK and says why while it is typed; nothing reaches the editor before OK.
void TestMainWindow::seedDialogChecksAsYouType()
{
    MainWindow w;
    w.show();
    const std::uint64_t before = w.scenario().seed;
    bool checked = false;
    QTimer::singleShot(0, &w, [&] {
        QDialog* dialog = w.seedDialog();
        QVERIFY(dialog);
        auto* line = dialog->findChild<QLineEdit*>();
        auto* ok = dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
        auto* problem = dialog->findChild<QLabel*>(QStringLiteral("seedProblem"));
        line->setText(QStringLiteral("-3"));
        QVERIFY(!ok->isEnabled());
        QVERIFY2(problem->text().contains(QStringLiteral("'-3'")) && problem->text().contains(QStringLiteral("0 .. 18446744073709551615")),
                 qPrintable(problem->text()));
        QCOMPARE(w.editor()->editedScenario().seed, before);  // not written into the editor
        line->setText(QStringLiteral("4242"));
        QVERIFY(ok->isEnabled());
        QVERIFY(problem->text().isEmpty());
        checked = true;
        dialog->accept();
    });
    w.chooseSeed();
    QVERIFY(checked);
    QCOMPARE(w.scenario().seed, std::uint64_t(4242));
}

void TestMainWindow::shortcutOverlayListsEveryShortcut()
{
    MainWindow w;
    ShortcutOverlay overlay(w.menuBar());
    QStringList rows;
    for (int r = 0; r < overlay.rowCount(); ++r)
        rows << overlay.actionText(r) + QStringLiteral(" = ") + overlay.keyText(r);
    // Every menu item with a key is listed with that key.
    std::function<void(const QMenu*)> visit = [&](const QMenu* menu) {
        for (const QAction* action : menu->actions()) {
            if (action->menu()) {
                visit(action->menu());
            } else if (!action->shortcut().isEmpty()) {
                const QString row = QString(action->text()).remove(QLatin1Char('&')).remove(QStringLiteral("...")) + QStringLiteral(" = ")
                                    + action->shortcut().toString(QKeySequence::NativeText);
                QVERIFY2(rows.contains(row), qPrintable(row));
            }
        }
    };
    for (const QAction* top : w.menuBar()->actions())
        if (top->menu())
            visit(top->menu());
    QVERIFY(overlay.rowCount() >= 20);
    QVERIFY2(rows.contains(QStringLiteral("Step back one event = Left")), qPrintable(rows.join(QStringLiteral("; "))));
    QVERIFY2(rows.contains(QStringLiteral("Save scenario as = Ctrl+Shift+S")), qPrintable(rows.join(QStringLiteral("; "))));
    QVERIFY(rows.contains(QStringLiteral("Keyboard shortcuts = ?")));
}

// A speed chosen in the race stays with the race: the Run tab keeps its own.
void TestMainWindow::raceKeepsItsOwnSpeed()
{
    MainWindow w;
    w.show();
    auto* slider = w.findChild<QSlider*>(QStringLiteral("speed"));
    QVERIFY(slider);
    const double runSpeed = w.clock()->speed();
    w.showRace();
    slider->setValue(slider->maximum());
    QCOMPARE(w.raceView()->clock()->speed(), PlaybackClock::kMaxSpeed);
    QCOMPARE(w.clock()->speed(), runSpeed);
    w.tabs()->setCurrentIndex(0);
    QVERIFY(slider->value() < slider->maximum());  // the slider shows the Run tab's speed again
    QCOMPARE(w.clock()->speed(), runSpeed);
}

void TestMainWindow::exportsStartInTheLastFolder()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    ExportLocation::remember(dir.filePath(QStringLiteral("earlier.png")));
    QCOMPARE(ExportLocation::folder(), dir.path());
    QCOMPARE(ExportLocation::suggest(QStringLiteral("paper n600"), QStringLiteral("throughput-vs-r"), QStringLiteral("png")),
             dir.filePath(QStringLiteral("paper-n600-throughput-vs-r.png")));
    QCOMPARE(ExportLocation::suggest(QStringLiteral("teaching-12"), QStringLiteral("report"), QString()),
             dir.filePath(QStringLiteral("teaching-12-report")));
    QSettings().remove(QStringLiteral("export/folder"));
}

// Each toolbar button has its own icon (the studio's SVGs), so no two actions look alike.
void TestMainWindow::toolbarIconsAreDistinct()
{
    MainWindow w;
    auto* toolbar = w.findChild<QToolBar*>(QStringLiteral("playbackToolbar"));
    QVERIFY(toolbar);
    QList<QImage> drawn;
    for (QAction* action : toolbar->actions()) {
        if (action->isSeparator() || action->icon().isNull())
            continue;
        const QImage image = action->icon().pixmap(QSize(24, 24)).toImage();
        QVERIFY2(!image.isNull(), qPrintable(action->text()));
        for (const QImage& other : std::as_const(drawn))
            QVERIFY2(image != other, qPrintable(action->text()));
        drawn.append(image);
    }
    QVERIFY(drawn.size() >= 10);
}

// The window fits a 1024 x 700 screen area (a projector at 1024 x 768 less its panels).
void TestMainWindow::fitsASmallScreen()
{
    MainWindow w;
    w.show();
    const QSize minimum = w.minimumSizeHint().expandedTo(w.minimumSize());
    QVERIFY2(minimum.height() <= 700, qPrintable(QStringLiteral("%1 x %2").arg(minimum.width()).arg(minimum.height())));
    QVERIFY2(minimum.width() <= 1024, qPrintable(QStringLiteral("%1 x %2").arg(minimum.width()).arg(minimum.height())));
}

QTEST_MAIN(TestMainWindow)
#include "tst_ui_main_window.moc"
