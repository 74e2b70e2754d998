// The guided tour: its resources load offline, every step finds its engine state, the controller
// walks forward and back with the clicker keys, and presentation mode toggles and restores.
#include "ui/MainWindow.h"
#include "ui/analysis/AnalysisIntegration.h"
#include "ui/analysis/AnalysisView.h"
#include "ui/analysis/ReportExporter.h"
#include "ui/base/PresentationScale.h"
#include "ui/editor/ScenarioEditor.h"
#include "ui/studio/PresentationMode.h"
#include "ui/timeline/TimelineWidget.h"
#include "ui/tour/GuidedTour.h"
#include "ui/tour/TourController.h"
#include "ui/tour/TourHost.h"
#include "ui/tour/TourOverlay.h"
#include "ui/tour/TourScript.h"
#include "ui/tour/TourStateFinder.h"
#include "ui/views/StackView.h"

#include <QDockWidget>
#include <QFileInfo>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>

using namespace spare;

namespace {

// Records what the tour asked to show.
class RecordingHost : public TourHost {
public:
    explicit RecordingHost(QWidget* target) : target_(target) {}
    void showTourState(const Scenario&, const std::vector<TraceFailure>&, const TourState& state) override
    {
        shownTimes.append(state.timeS);
    }
    QWidget* tourTarget(const QString& name) override { return name.isEmpty() ? nullptr : target_; }
    QRect tourFocus(const QString&, const TourState&) override { return {}; }
    QList<double> shownTimes;

private:
    QWidget* target_;
};

}  // namespace

class TestTour : public QObject {
    Q_OBJECT
private slots:
    void scriptLoadsFromResources()
    {
        const TourScript script = TourScript::load();
        QCOMPARE(script.steps().size(), 9);
        QCOMPARE(script.scenario().groups, 8);
        QCOMPARE(script.trace().size(), std::size_t(4));
        for (const TourStep& step : script.steps()) {
            QVERIFY(!step.title.isEmpty());
            QVERIFY(step.captionHtml.contains(QStringLiteral("<p>")));
        }
    }

    void everyStepFindsItsEvent_data()
    {
        QTest::addColumn<int>("index");
        QTest::addColumn<QString>("kind");
        QTest::newRow("layout") << 0 << QStringLiteral("start");
        QTest::newRow("normal step") << 1 << QStringLiteral("step_end");
        QTest::newRow("failure") << 2 << QStringLiteral("failure");
        QTest::newRow("phase 0") << 3 << QStringLiteral("decision");
        QTest::newRow("reorder") << 4 << QStringLiteral("decision");
        QTest::newRow("patch") << 5 << QStringLiteral("patch_compute");
        QTest::newRow("wipe-out") << 6 << QStringLiteral("decision");
        QTest::newRow("independence") << 7 << QStringLiteral("decision");
        QTest::newRow("rollback") << 8 << QStringLiteral("rollback");
    }

    void everyStepFindsItsEvent()
    {
        QFETCH(int, index);
        QFETCH(QString, kind);
        const TourScript script = TourScript::load();
        const TourStep& step = script.steps()[index];
        const TourState state = TourStateFinder::find(script.scenario(), script.trace(), step.seek);
        QVERIFY(state.found);
        if (kind == QLatin1String("start")) {
            QCOMPARE(state.timeS, 0.0);
            return;
        }
        QCOMPARE(QString::fromLatin1(eventKindName(state.event.kind)), kind);
        if (index == 1)
            QCOMPARE(state.event.stackNumber, 1);
        if (index == 3)
            QVERIFY(state.event.decision && state.event.decision->phase == ReorderDecision::Phase::FixedCheck);
        if (index == 4)
            QVERIFY(state.event.decision && state.event.decision->moves >= 1);
        if (index == 6 || index == 7)
            QVERIFY(state.event.decision && state.event.decision->wipeout);
        if (index == 7)
            QVERIFY(step.captionHtml.contains(QStringLiteral("any two groups share at most one type")));
        if (index == 8)
            QVERIFY(state.event.value > 0);  // rework steps lost
    }

    void controllerWalksAllStepsWithKeys()
    {
        QMainWindow window;
        auto* target = new QLabel(QStringLiteral("view"));
        window.setCentralWidget(target);
        window.resize(1000, 700);
        window.show();
        RecordingHost host(target);
        TourController tour(TourScript::load(), &host, &window);
        QSignalSpy shown(&tour, &TourController::stepShown);
        QSignalSpy finished(&tour, &TourController::finished);
        tour.start();
        QCOMPARE(tour.currentIndex(), 0);
        QVERIFY(tour.overlay() && tour.overlay()->isVisible());
        for (int i = 1; i < tour.stepCount(); ++i) {
            QTest::keyClick(tour.overlay(), i % 2 ? Qt::Key_PageDown : Qt::Key_Right);
            QCOMPARE(tour.currentIndex(), i);
        }
        QCOMPARE(shown.count(), 9);
        QTest::keyClick(tour.overlay(), Qt::Key_PageUp);
        QCOMPARE(tour.currentIndex(), 7);
        QVERIFY(tour.overlay()->captionText().contains(QStringLiteral("Golomb offsets")));
        QTest::keyClick(tour.overlay(), Qt::Key_Left);
        QTest::keyClick(tour.overlay(), Qt::Key_Left);
        QCOMPARE(tour.currentIndex(), 5);
        // The prepared states move forward in simulated time.
        for (int i = 1; i < 9; ++i)
            QVERIFY(host.shownTimes[i] >= host.shownTimes[i - 1]);
        QVERIFY(tour.overlay()->captionText().contains(QStringLiteral("Patch compute")));
        QTest::keyClick(tour.overlay(), Qt::Key_Escape);
        QCOMPARE(finished.count(), 1);
        QVERIFY(!tour.running());
        QVERIFY(!tour.overlay()->isVisible());
    }

    void lastNextFinishes()
    {
        QMainWindow window;
        window.setCentralWidget(new QLabel);
        RecordingHost host(nullptr);
        TourController tour(TourScript::load(), &host, &window);
        QSignalSpy finished(&tour, &TourController::finished);
        tour.start();
        for (int i = 0; i < tour.stepCount(); ++i)
            tour.next();
        QCOMPARE(finished.count(), 1);
    }

    void studioWindowHostsAnalysisAndTour()
    {
        StudioOptions options;
        options.scenarioPath = QStringLiteral(SPARE_SOURCE_DIR "/scenarios/teaching-12.json");
        MainWindow window(options);
        window.show();
        auto* integration = window.findChild<AnalysisIntegration*>();
        QVERIFY(integration);
        auto* guidedTour = window.findChild<GuidedTour*>();
        QVERIFY(guidedTour);
        auto* presentation = window.findChild<PresentationMode*>();
        QVERIFY(presentation);
        QCOMPARE(window.tabs()->tabText(window.tabs()->indexOf(integration->analysisView())), QStringLiteral("Analysis"));
        QCOMPARE(window.exportMenu()->actions().size(), 4);
        // Tour steps on the timeline point at the Run tab's zoomable timeline.
        QCOMPARE(guidedTour->tourTarget(QStringLiteral("timeline")), static_cast<QWidget*>(window.timeline()));
        QVERIFY(qobject_cast<TimelineWidget*>(guidedTour->tourTarget(QStringLiteral("timeline"))));
        // The tab computes the open scenario when shown, and re-runs when the scenario changes.
        auto* analysis = integration->analysisView();
        window.tabs()->setCurrentWidget(analysis);
        QCOMPARE(analysis->request().scenario.name, std::string("teaching-12"));
        Scenario bigger = window.scenario();
        bigger.name = "teaching-12-bigger";
        bigger.groups = 16;
        window.startRun(bigger);
        QTRY_COMPARE(analysis->request().scenario.groups, 16);
        analysis->cancel();

        TourController* tour = guidedTour->tour();
        tour->start();
        int stepsWithMoves = 0;
        for (int i = 0; i < tour->stepCount(); ++i) {
            QCOMPARE(tour->currentIndex(), i);
            QCOMPARE(window.scenario().name, std::string("tour-teaching"));
            QCOMPARE(window.tabs()->currentIndex(), 0);
            QVERIFY(tour->overlay()->isVisible());
            // A step on a reorder with moves plays it: the moved cells slide and stay marked.
            const TourState& state = tour->state(i);
            if (state.found && state.event.decision && state.event.decision->moves > 0) {
                QTRY_VERIFY(window.stackView()->markedMoveCount() > 0);
                ++stepsWithMoves;
            }
            QTest::keyClick(tour->overlay(), Qt::Key_PageDown);
        }
        QVERIFY(stepsWithMoves >= 1);
        QVERIFY(!tour->running());
        // The tour gives back the user's scenario and never touched the editor (no temporary paths).
        QCOMPARE(window.scenario().name, std::string("teaching-12-bigger"));
        QCOMPARE(window.scenario().groups, 16);
        QCOMPARE(window.editor()->appliedScenario().failureTrace, std::string());
        QCOMPARE(window.editor()->path(), QStringLiteral(SPARE_SOURCE_DIR "/scenarios/teaching-12.json"));

        presentation->toggle();
        QVERIFY(presentation->active());
        presentation->toggle();
        QVERIFY(!presentation->active());
    }

    // File > Export > Analysis report: the call returns at once (the analysis and the folder, whose
    // metrics.json runs a simulation, are computed on worker threads) and the folder appears whole.
    void menuReportIsWrittenOffTheGuiThread()
    {
        StudioOptions options;
        options.scenarioPath = QStringLiteral(SPARE_SOURCE_DIR "/scenarios/teaching-12.json");
        MainWindow window(options);
        auto* integration = window.findChild<AnalysisIntegration*>();
        QVERIFY(integration);
        // A small grid on the window's scenario (the menu keeps a grid the user chose for it).
        AnalysisRequest request;
        request.scenario = window.scenario();
        request.redundancies = {2, 3};
        request.seeds = 1;
        request.monteCarloTrials = 20;
        request.groupsGrid = {12};
        request.chosenRedundancy = 3;
        request.intervalGrid = {5};
        integration->analysisView()->setRequest(request);
        QTemporaryDir dir;
        QSignalSpy written(integration, &AnalysisIntegration::reportWritten);
        integration->exportReportWhenReady(dir.path());
        QCOMPARE(written.count(), 0);
        QVERIFY(written.wait(120000));
        QVERIFY2(written.at(0).at(0).toBool(), qPrintable(written.at(0).at(1).toString()));
        for (const QString& file : ReportExporter::expectedFiles(request))
            QVERIFY2(QFileInfo::exists(dir.filePath(file)), qPrintable(file));
    }

    void presentationModeTogglesAndRestores()
    {
        QMainWindow window;
        window.setCentralWidget(new QLabel);
        auto* dock = new QDockWidget(QStringLiteral("dock"), &window);
        window.addDockWidget(Qt::RightDockWidgetArea, dock);
        window.show();
        const double pointSize = window.font().pointSizeF();
        PresentationMode mode(&window);
        QSignalSpy toggled(&mode, &PresentationMode::toggled);
        mode.toggle();
        QVERIFY(mode.active());
        QVERIFY(dock->isHidden());
        // The application font changes; widgets follow when the event loop runs.
        QTRY_COMPARE(window.font().pointSizeF(), pointSize * kPresentationScale);
        QCOMPARE(window.palette().color(QPalette::Window), QColor(Qt::black));
        mode.toggle();
        QVERIFY(!mode.active());
        QVERIFY(!dock->isHidden());
        QTRY_COMPARE(window.font().pointSizeF(), pointSize);
        QCOMPARE(toggled.count(), 2);
    }
};

QTEST_MAIN(TestTour)
#include "test_tour.moc"
