// The window opens on the default scenario and plays it at once; screenshots show the state colours;
// the automation entry points (run-until, screenshot, command line) behave; clicking the event log
// seeks; a paper-scenario run keeps the GUI thread responsive (the longest stall is printed).
#include "MainWindow.h"
#include "StudioOptions.h"
#include "ViewState.h"
#include "models/EventFilterProxyModel.h"
#include "models/EventLogModel.h"
#include "playback/PlaybackClock.h"
#include "playback/PlaybackCursor.h"
#include "playback/SimulationWorker.h"
#include "views/ClusterPalette.h"
#include "views/RaceView.h"

#include <QElapsedTimer>
#include <QMenu>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

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
    return QTest::qWaitFor([&] { return done; }, 20000);
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
    void commandLine_data();
    void commandLine();
    void paperRunKeepsGuiResponsive();
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
    // Running within a second: events recorded and the playhead moving.
    QTRY_VERIFY_WITH_TIMEOUT(w.cursor()->position() > 0, 1000);
    QTRY_VERIFY_WITH_TIMEOUT(w.cursor()->state().time() > 0.0, 1000);
    QVERIFY(w.statusText().contains(QStringLiteral("step")));
    QVERIFY(w.statusText().contains(QStringLiteral("availability")));
}

void TestMainWindow::screenshotShowsStateColours()
{
    MainWindow w;
    w.show();
    QVERIFY(waitRunUntil(w, RunUntil{RunUntil::Kind::Failures, 3}));
    QVERIFY(!w.clock()->playing());
    QCOMPARE(w.cursor()->state().failures(), 3);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("shot.png"));
    QVERIFY(w.saveScreenshot(path));
    const QImage shot(path);
    QVERIFY(!shot.isNull());
    QCOMPARE(shot.size(), w.size() * w.devicePixelRatio());
    // Not blank: the live groups' colour and at least one failed / masked group are on screen.
    const PlaybackState& s = w.cursor()->state();
    int live = 0;
    for (GroupState st : s.groupStates())
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
    QCOMPARE(w.cursor()->state().time(), e.time);
    QCOMPARE(w.viewState()->selectedGroup(), e.group);
}

void TestMainWindow::jumpsLandOnTheirEvents()
{
    MainWindow w;
    w.show();
    QVERIFY(waitRunUntil(w, RunUntil{RunUntil::Kind::End, 0}));
    w.clock()->seek(0.0);
    QCOMPARE(w.cursor()->position(), w.cursor()->recording().eventsUpTo(0.0));
    QCOMPARE(w.cursor()->state().stepsDone(), 0);
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
    QVERIFY(!w.cursor()->state().lostTypes().empty());
    w.jumpToRestartEnd();
    QCOMPARE(last().kind, EventKind::RestartEnd);
    QCOMPARE(w.cursor()->state().aliveGroups(), w.scenario().groups);
    QVERIFY(w.cursor()->state().lostTypes().empty());
    const std::size_t at = w.cursor()->position();
    w.stepEvent();
    QCOMPARE(w.cursor()->position(), at + 1);
    QVERIFY(!w.clock()->playing());
    QCOMPARE(w.clock()->time(), w.cursor()->state().time());
}

void TestMainWindow::raceRunsThreePolicies()
{
    MainWindow w;
    w.show();
    w.showRace();
    QVERIFY(w.raceView()->started());
    QVERIFY(waitRunUntil(w, RunUntil{RunUntil::Kind::Time, 20000.0}));
    for (int lane = 0; lane < 3; ++lane) {
        QCOMPARE(w.raceView()->cursor(lane)->scenario().policy, RaceView::kPolicies[static_cast<std::size_t>(lane)]);
        QCOMPARE(w.raceView()->cursor(lane)->state().time(), 20000.0);
    }
    // SPARe commits more steps than checkpoint-only by then on this failure-heavy scenario.
    QVERIFY(w.raceView()->cursor(2)->state().stepsDone() >= w.raceView()->cursor(0)->state().stepsDone());
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
}

void TestMainWindow::paperRunKeepsGuiResponsive()
{
    StudioOptions options;
    options.scenarioPath = QStringLiteral(SPARE_SOURCE_DIR "/scenarios/paper-n600.json");
    // Longest gap between 5 ms heartbeats on the GUI thread while the paper run is simulated,
    // streamed into the event log and played at full speed.
    QElapsedTimer wall;
    wall.start();
    MainWindow w(options);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));  // the first paint of the window is not the engine's doing
    w.clock()->setSpeed(PlaybackClock::kMaxSpeed);
    QElapsedTimer beat;
    qint64 longest = 0;
    QTimer heartbeat;
    heartbeat.setInterval(5);
    beat.start();
    connect(&heartbeat, &QTimer::timeout, this, [&] { longest = std::max(longest, beat.restart()); });
    heartbeat.start();
    QSignalSpy finished(w.worker(), &SimulationWorker::finished);
    QVERIFY(finished.wait(60000) || !finished.isEmpty());
    QTest::qWait(500);  // playback of what arrived last
    heartbeat.stop();
    qInfo("paper-n600 run: %lld events recorded in %lld ms; longest GUI-thread stall %lld ms",
          static_cast<long long>(w.cursor()->recording().eventCount()), static_cast<long long>(wall.elapsed()),
          static_cast<long long>(longest));
    QVERIFY(w.cursor()->recording().complete());
    // Scrubbing across the whole 10,000-step run: each seek restores a snapshot and replays events.
    QElapsedTimer seekTimer;
    seekTimer.start();
    const double end = w.cursor()->recording().endTime();
    for (double f : {0.9, 0.1, 0.5, 0.95, 0.0, 1.0})
        w.clock()->seek(end * f);
    qInfo("6 seeks across the paper-n600 run: %.2f ms each on average", seekTimer.nsecsElapsed() / 6e6);
    QCOMPARE(w.cursor()->state().stepsDone(), w.scenario().steps);
}

QTEST_MAIN(TestMainWindow)
#include "tst_ui_main_window.moc"
