#include "ui/MainWindow.h"

#include "ui/analysis/AnalysisIntegration.h"
#include "ui/campaign/CampaignIntegration.h"
#include "ui/compare/CompareIntegration.h"
#include "ui/export/RunExportActions.h"
#include "ui/layoutlab/LayoutLabIntegration.h"
#include "ui/planning/PlanIntegration.h"
#include "ui/race/RaceIntegration.h"
#include "ui/studio/PresentationMode.h"
#include "ui/tour/GuidedTour.h"

#include "engine/layout/Layout.h"
#include "ui/RunUntilLanding.h"
#include "ui/base/StudioPaths.h"
#include "ui/base/ViewState.h"
#include "ui/editor/RecentFilesMenu.h"
#include "ui/editor/ScenarioEditor.h"
#include "ui/editor/SeedDialog.h"
#include "ui/export/AnimationExportDialog.h"
#include "ui/models/EventFilterProxyModel.h"
#include "ui/models/EventLogModel.h"
#include "ui/playback/PlaybackClock.h"
#include "ui/playback/PlaybackCursor.h"
#include "ui/playback/RunSetup.h"
#include "ui/playback/SimulationWorker.h"
#include "ui/race/RaceView.h"
#include "ui/studio/CurrentRun.h"
#include "ui/studio/StudioContext.h"
#include "ui/timeline/TimelineWidget.h"
#include "ui/views/ClusterView.h"
#include "ui/views/EventLogPanel.h"
#include "ui/views/MethodGuideDialog.h"
#include "ui/views/ShortcutOverlay.h"
#include "ui/views/ShowWhenNotEmpty.h"
#include "ui/views/StackView.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDialog>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QIcon>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QSaveFile>
#include <QSettings>
#include <QSignalBlocker>
#include <QSlider>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>

#include <cmath>
#include <functional>

// Resources of a static library must be registered by hand (outside any namespace).
static void initStudioResources()
{
    Q_INIT_RESOURCE(studio);
}

namespace spare {

namespace {

// The studio's own toolbar and menu icons (resources/icons, SVG): one meaning each, unlike the
// platform's stock pixmaps.
QIcon studioIcon(const char* name)
{
    return QIcon(QStringLiteral(":/studio/icons/%1.svg").arg(QLatin1String(name)));
}

double speedForSlider(int value)
{
    return std::pow(10.0, value / 100.0);
}

int sliderForSpeed(double speed)
{
    return static_cast<int>(std::lround(100.0 * std::log10(speed)));
}

bool isReorderWithMoves(const Event& e)
{
    return e.kind == EventKind::Decision && e.decision && !e.decision->wipeout && e.decision->moves > 0;
}

}  // namespace

MainWindow::MainWindow(const StudioOptions& options, std::shared_ptr<const CampaignData> campaign, QWidget* parent)
    : QMainWindow(parent)
{
    initStudioResources();
    setWindowTitle(tr("SPARe Studio"));
    setObjectName(QStringLiteral("SpareStudioMainWindow"));
    run_ = new CurrentRun(this);
    connect(run_, &CurrentRun::changed, this, &MainWindow::scenarioChanged);
    viewState_ = new ViewState(this);
    cursor_ = new PlaybackCursor(this);
    clock_ = new PlaybackClock(this);
    clock_->addCursor(cursor_);
    worker_ = new SimulationWorker(this);
    eventLog_ = new EventLogModel(this);
    connect(worker_, &SimulationWorker::chunkReady, cursor_, &PlaybackCursor::append);
    connect(worker_, &SimulationWorker::chunkReady, eventLog_, &EventLogModel::append);
    connect(worker_, &SimulationWorker::chunkReady, this, &MainWindow::checkRunUntil);
    connect(worker_, &SimulationWorker::failed, this, [this](const QString& message) {
        statusBar()->showMessage(tr("The simulation stopped: %1").arg(message));
        emit runFailed(message);
    });

    tabs_ = new QTabWidget;
    tabs_->setObjectName(QStringLiteral("mainTabs"));
    setCentralWidget(tabs_);
    buildRunTab();
    connect(tabs_, &QTabWidget::currentChanged, this, [this] {
        showSpeedOfCurrentTab();
        updateStatus();
    });
    buildDocks();
    buildMenus();
    auto* presentation = new PresentationMode(this);
    presentation->addAction(viewMenu_);

    const StudioContext context{.window = this,
                                .tabs = tabs_,
                                .menus = {fileMenu_, exportMenu_, viewMenu_, helpMenu_, simulationMenu_},
                                .runTab = {clusterView_, stackView_, timeline_},
                                .run = run_,
                                .cursor = cursor_,
                                .editor = editor_,
                                .presentation = presentation,
                                .startRun = std::bind_front(&MainWindow::startRun, this),
                                .runUntil = std::bind_front(&MainWindow::runUntil, this),
                                .addTabClock = std::bind_front(&MainWindow::addTabClock, this),
                                .runFailed = [this](const QString& message) { emit runFailed(message); },
                                .showRace = [this](const Scenario& s, const std::vector<RegimeContender>& lanes) {
                                    race_->showRaceOf(s, lanes); }};  // race_ is set just below
    // The features, in the order of their tabs and menu entries.
    race_ = new RaceIntegration(context);  // Race tab, Simulation > Race the policies
    auto* lab = new LayoutLabIntegration(context);  // Layout tab, layout independence in the status bar
    new AnalysisIntegration(context);  // Analysis tab, report and chart exports
    new RunExportActions(context);  // File > Export > the run as a Perfetto trace or an event log
    new GuidedTour(context);  // Help > Guided tour
    auto* campaignTab = new CampaignIntegration(context);  // Campaign tab, File > Open campaign results, local campaign runs
    compare_ = new CompareIntegration(context);  // Compare tab, Simulation > Compare two runs
    new PlanIntegration(context);  // Plan tab, File > Plan from a failure log: fit a log, plan r and T_c
    connect(campaignTab, &CampaignIntegration::optionsApplied, this, &MainWindow::campaignOptionsApplied);

    auto* status = statusBar();
    for (QLabel*& label : statusLabels_) {
        label = new QLabel;
        label->setMinimumWidth(90);
        status->addPermanentWidget(label);
    }
    connect(cursor_, &PlaybackCursor::stateChanged, this, &MainWindow::updateStatus);
    connect(cursor_, &PlaybackCursor::recordingGrew, this, &MainWindow::updateTimeline);

    resize(1400, 900);
    if (options.screenshotPath.isEmpty()) {
        const QSettings settings;
        restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
        restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    }

    const QString path = options.scenarioPath.isEmpty() ? StudioPaths::defaultScenario() : options.scenarioPath;
    const RunSetup setup = RunSetup::load(path, options.policy, options.seed);
    if (!openPrepared(setup, path, true) && !options.automated()) {
        // After the constructor, so that the dialog has a window to sit on.
        QTimer::singleShot(0, this, [this, path, problems = setup.problems] {
            showProblems(tr("Open %1").arg(path), problems);
        });
    }
    race_->view()->setLanes(options.raceLanes.value_or(RaceView::classicLanes()));
    if (options.race)
        race_->showRace();
    compare_->applyOptions(options.compare, !options.screenshotPath.isEmpty());
    lab->applyOptions(options.layoutLab, !options.screenshotPath.isEmpty());
    campaignTab->applyOptions(options.campaignRequest(), std::move(campaign));
}

MainWindow::~MainWindow() = default;

void MainWindow::buildRunTab()
{
    auto* run = new QWidget;
    auto* column = new QVBoxLayout(run);
    column->setContentsMargins(4, 4, 4, 4);
    auto* splitter = new QSplitter(Qt::Vertical);
    clusterView_ = new ClusterView(cursor_, viewState_);
    stackView_ = new StackView(cursor_, viewState_);
    splitter->addWidget(clusterView_);
    splitter->addWidget(stackView_);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    column->addWidget(splitter, 1);
    timeline_ = new TimelineWidget(clock_);
    timeline_->addRun(tr("Run"), cursor_);
    column->addWidget(timeline_);

    auto* bar = new QHBoxLayout;
    timeLabel_ = new QLabel;
    timeLabel_->setMinimumWidth(220);
    speedSlider_ = new QSlider(Qt::Horizontal);
    speedSlider_->setObjectName(QStringLiteral("speed"));
    speedSlider_->setRange(sliderForSpeed(PlaybackClock::kMinSpeed), sliderForSpeed(PlaybackClock::kMaxSpeed));
    speedSlider_->setValue(sliderForSpeed(clock_->speed()));
    speedSlider_->setMaximumWidth(180);
    speedSlider_->setToolTip(tr("Playback speed: real time (1x) to 10^6 x, logarithmic"));
    speedLabel_ = new QLabel;
    speedLabel_->setMinimumWidth(80);
    bar->addWidget(timeLabel_, 1);
    bar->addWidget(new QLabel(tr("Speed")));
    bar->addWidget(speedSlider_);
    bar->addWidget(speedLabel_);
    column->addLayout(bar);
    tabs_->addTab(run, tr("Run"));

    // The Run tab and the Race keep their own speeds (a race watched at 10^5 x must not make the next
    // scenario play to its end at once); the slider shows and sets the current tab's.
    auto applySpeed = [this](int value) {
        const double speed = speedForSlider(value);
        currentClock()->setSpeed(speed);
        speedLabel_->setText(PlaybackClock::speedText(speed));
    };
    connect(speedSlider_, &QSlider::valueChanged, this, applySpeed);
    applySpeed(speedSlider_->value());
}

const TabClock* MainWindow::currentTabClock() const
{
    for (const TabClock& t : tabClocks_)
        if (tabs_->currentWidget() == t.tab)
            return &t;
    return nullptr;
}

PlaybackClock* MainWindow::currentClock() const
{
    const TabClock* tabClock = currentTabClock();
    return tabClock ? tabClock->clock : clock_;
}

void MainWindow::addTabClock(const TabClock& tabClock)
{
    tabClocks_.push_back(tabClock);
    connect(tabClock.clock, &PlaybackClock::ticked, this, &MainWindow::updateStatus);
    connect(tabClock.clock, &PlaybackClock::seeked, this, &MainWindow::updateStatus);
    connect(tabClock.clock, &PlaybackClock::recordingGrew, this, &MainWindow::checkRunUntil);
    tabClock.clock->setSpeed(clock_->speed());
}

void MainWindow::showSpeedOfCurrentTab()
{
    const double speed = currentClock()->speed();
    const QSignalBlocker quiet(speedSlider_);
    speedSlider_->setValue(sliderForSpeed(speed));
    speedLabel_->setText(PlaybackClock::speedText(speed));
}

void MainWindow::restoreSession()
{
    const double speed = QSettings().value(QStringLiteral("playback/speed"), clock_->speed()).toDouble();
    clock_->setSpeed(std::clamp(speed, PlaybackClock::kMinSpeed, PlaybackClock::kMaxSpeed));
    showSpeedOfCurrentTab();
}

void MainWindow::buildDocks()
{
    editor_ = new ScenarioEditor;
    editorDock_ = new QDockWidget(tr("Scenario"), this);
    editorDock_->setObjectName(QStringLiteral("scenarioDock"));
    editorDock_->setWidget(editor_);
    addDockWidget(Qt::RightDockWidgetArea, editorDock_);
    connect(editor_, &ScenarioEditor::applied, this, [this](const Scenario& s) { startRun(s); });
    connect(editor_, &ScenarioEditor::modifiedChanged, this, &QWidget::setWindowModified);  // "*" in the title
    connect(editor_, &ScenarioEditor::pathChanged, this, [this](const QString& path) {
        if (!path.isEmpty())
            recentMenu_->add(path);
    });

    auto* logPanel = new EventLogPanel(eventLog_);
    eventFilter_ = logPanel->filter();
    eventTable_ = logPanel->table();
    connect(eventTable_, &QTableView::clicked, this, &MainWindow::openEventRow);
    logDock_ = new QDockWidget(tr("Event log"), this);
    logDock_->setObjectName(QStringLiteral("eventLogDock"));
    logDock_->setWidget(logPanel);
    addDockWidget(Qt::BottomDockWidgetArea, logDock_);
}

void MainWindow::buildMenus()
{
    auto* toolbar = addToolBar(tr("Playback"));
    toolbar->setObjectName(QStringLiteral("playbackToolbar"));

    QMenu* file = fileMenu_ = menuBar()->addMenu(tr("&File"));
    QAction* open = file->addAction(studioIcon("open"), tr("&Open scenario..."), this, [this] {
        if (!editor_->maybeSave())
            return;
        const QString path = QFileDialog::getOpenFileName(this, tr("Open scenario"), StudioPaths::scenarioDirectory(),
                                                          tr("Scenario JSON (*.json)"));
        if (!path.isEmpty())
            openScenario(path);
    });
    open->setShortcut(QKeySequence::Open);
    recentMenu_ = new RecentFilesMenu(tr("Open &recent"), file);
    file->addMenu(recentMenu_);
    connect(recentMenu_, &RecentFilesMenu::chosen, this, [this](const QString& path) {
        if (editor_->maybeSave())
            openScenario(path);
    });
    QAction* saveAs = file->addAction(tr("&Save scenario as..."), editor_, &ScenarioEditor::saveAs);
    saveAs->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));  // QKeySequence::SaveAs is empty on some desktops
    exportMenu_ = file->addMenu(tr("&Export"));
    exportMenu_->setObjectName(QStringLiteral("exportMenu"));
    exportMenu_->menuAction()->setVisible(false);
    exportMenu_->installEventFilter(new ShowWhenNotEmpty(exportMenu_));
    file->addAction(tr("Export &animation..."), this, [this] {
        auto* dialog = new AnimationExportDialog(this, cursor_, clock_, viewState_);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->show();
    });
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    QMenu* sim = simulationMenu_ = menuBar()->addMenu(tr("&Simulation"));
    playAction_ = sim->addAction(studioIcon("play"), tr("&Play / pause"), this, [this] {
        currentClock()->togglePlay();
    });
    playAction_->setShortcut(Qt::Key_Space);
    connect(clock_, &PlaybackClock::playingChanged, this, [this](bool playing) {
        playAction_->setIcon(studioIcon(playing ? "pause" : "play"));
    });
    struct Jump {
        const char* icon;
        const char* text;
        QKeySequence key;
        void (MainWindow::*slot)();
        bool onToolbar;
    };
    const Jump jumps[] = {
        {"step", QT_TR_NOOP("&Step one event"), QKeySequence(Qt::Key_Right), &MainWindow::stepEvent, true},
        {"step-back", QT_TR_NOOP("Step &back one event"), QKeySequence(Qt::Key_Left), &MainWindow::stepBack, false},
        {"next-failure", QT_TR_NOOP("Next &failure"), QKeySequence(Qt::CTRL | Qt::Key_Right), &MainWindow::jumpToNextFailure, true},
        {"previous-failure", QT_TR_NOOP("Pre&vious failure"), QKeySequence(Qt::CTRL | Qt::Key_Left), &MainWindow::jumpToPreviousFailure, false},
        {"next-reorder", QT_TR_NOOP("Next &reorder"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Right), &MainWindow::jumpToNextReorder, true},
        {"reorder-with-moves", QT_TR_NOOP("Next reorder with &moves"), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_Right), &MainWindow::jumpToNextReorderWithMoves, false},
        {"reorder-with-moves", QT_TR_NOOP("Previous reorder wit&h moves"), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_Left), &MainWindow::jumpToPreviousReorderWithMoves, false},
        {"next-wipeout", QT_TR_NOOP("Next &wipe-out"), QKeySequence(Qt::ALT | Qt::Key_Right), &MainWindow::jumpToNextWipeout, true},
        {"restart-end", QT_TR_NOOP("Next restart e&nd"), QKeySequence(Qt::SHIFT | Qt::Key_Right), &MainWindow::jumpToRestartEnd, true},
    };
    toolbar->addAction(playAction_);
    for (const Jump& j : jumps) {
        QAction* a = sim->addAction(studioIcon(j.icon), tr(j.text), this, j.slot);
        a->setShortcut(j.key);
        a->setToolTip(QStringLiteral("%1 (%2)").arg(tr(j.text).remove(QLatin1Char('&')), j.key.toString(QKeySequence::NativeText)));
        if (j.onToolbar)
            toolbar->addAction(a);
    }
    sim->addSeparator();
    QAction* restartView = sim->addAction(studioIcon("back-to-start"), tr("Back to the st&art"), this, [this] {
        currentClock()->seek(0.0);
    });
    restartView->setShortcut(Qt::Key_Home);
    toolbar->addAction(restartView);
    QAction* faster = sim->addAction(tr("Faster (&x10)"), this, [this] { speedSlider_->setValue(speedSlider_->value() + 100); });
    faster->setShortcut(Qt::Key_BracketRight);
    QAction* slower = sim->addAction(tr("S&lower (/10)"), this, [this] { speedSlider_->setValue(speedSlider_->value() - 100); });
    slower->setShortcut(Qt::Key_BracketLeft);
    stopAction_ = sim->addAction(studioIcon("stop"), tr("S&top simulating"), this, &MainWindow::stopSimulation);
    stopAction_->setEnabled(false);
    toolbar->addAction(stopAction_);
    sim->addSeparator();
    QAction* reset = sim->addAction(studioIcon("reset"), tr("R&eset (run again)"), this, &MainWindow::resetRun);
    reset->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    sim->addAction(tr("See&d..."), this, &MainWindow::chooseSeed);
    QMenu* policies = sim->addMenu(tr("P&olicy"));
    auto* policyGroup = new QActionGroup(this);
    for (Policy p : kPolicies) {
        QAction* a = policies->addAction(QString::fromLatin1(policyDisplayName(p)), this, [this, p] {
            editor_->setFieldText(QStringLiteral("run.policy"), QString::fromLatin1(policyName(p)));
            editor_->apply();
        });
        a->setCheckable(true);
        a->setData(static_cast<int>(p));
        policyGroup->addAction(a);
    }
    connect(policies, &QMenu::aboutToShow, this, [this, policyGroup] {
        for (QAction* a : policyGroup->actions())
            a->setChecked(a->data().toInt() == static_cast<int>(run_->scenario().policy));
    });

    viewMenu_ = menuBar()->addMenu(tr("&View"));
    viewMenu_->addAction(editorDock_->toggleViewAction());
    viewMenu_->addAction(logDock_->toggleViewAction());
    viewMenu_->addAction(toolbar->toggleViewAction());
    viewMenu_->addSeparator();
    toolbar->addSeparator();
    QAction* zoomIn = viewMenu_->addAction(studioIcon("zoom-in"), tr("Zoom &in"), viewState_, &ViewState::zoomIn);
    zoomIn->setShortcuts({QKeySequence::ZoomIn, QKeySequence(Qt::CTRL | Qt::Key_Equal)});
    QAction* zoomOut = viewMenu_->addAction(studioIcon("zoom-out"), tr("Zoom &out"), viewState_, &ViewState::zoomOut);
    zoomOut->setShortcut(QKeySequence::ZoomOut);
    QAction* fit = viewMenu_->addAction(studioIcon("zoom-fit"), tr("Zoom to &fit"), viewState_, &ViewState::zoomToFit);
    fit->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
    toolbar->addAction(zoomIn);
    toolbar->addAction(zoomOut);
    toolbar->addAction(fit);
    viewMenu_->addSeparator();
    QAction* follow = viewMenu_->addAction(tr("Stack view follows the &action"), viewState_, &ViewState::setFollowAction);
    follow->setCheckable(true);
    follow->setChecked(viewState_->followsAction());
    follow->setShortcut(Qt::Key_F);
    connect(viewState_, &ViewState::followActionChanged, follow, &QAction::setChecked);
    viewMenu_->addAction(tr("Stack view: &earlier groups"), viewState_, [this] { viewState_->pageStackRange(-1); })
        ->setShortcut(Qt::Key_Comma);
    viewMenu_->addAction(tr("Stack view: &later groups"), viewState_, [this] { viewState_->pageStackRange(1); })
        ->setShortcut(Qt::Key_Period);

    helpMenu_ = menuBar()->addMenu(tr("&Help"));
    QAction* guide = helpMenu_->addAction(tr("&Method guide"), this, [this] {
        auto* dialog = new MethodGuideDialog(this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->show();
    });
    guide->setShortcut(QKeySequence::HelpContents);
    QAction* keys = helpMenu_->addAction(tr("&Keyboard shortcuts"), this, [this] {
        auto* overlay = new ShortcutOverlay(menuBar(), this);
        overlay->setAttribute(Qt::WA_DeleteOnClose);
        overlay->show();
    });
    keys->setShortcut(QKeySequence(Qt::Key_Question));
    helpMenu_->addAction(tr("&About SPARe Studio"), this, [this] {
        QMessageBox::about(this, tr("About SPARe Studio"),
                           tr("<b>SPARe Studio</b> %1<br>Simulates and shows SPARe (stacked parallelism with adaptive "
                              "reordering), Rep+CKPT and CKPT-only training runs under GPU failures.<br>"
                              "Method: Lee et al., ICML 2026, arXiv 2603.00357. Every figure on screen comes from the "
                              "same engine as spare-cli.")
                               .arg(QCoreApplication::applicationVersion()));
    });
}

bool MainWindow::openScenario(const QString& path, bool quiet)
{
    return openPrepared(RunSetup::load(path), path, quiet);
}

bool MainWindow::openPrepared(const RunSetup& setup, const QString& path, bool quiet)
{
    if (!setup.ok()) {
        if (!quiet)
            showProblems(tr("Open %1").arg(path), setup.problems);
        return false;
    }
    scenarioPath_ = QFileInfo(path).absoluteFilePath();
    editor_->setScenario(setup.scenario, scenarioPath_);
    recentMenu_->add(scenarioPath_);
    return startPrepared(setup, quiet);
}

bool MainWindow::startRun(const Scenario& scenario, std::optional<std::vector<TraceFailure>> trace)
{
    return startPrepared(RunSetup::prepare(scenario, std::move(trace)), false);
}

void MainWindow::showProblems(const QString& title, const QStringList& problems)
{
    statusBar()->showMessage(tr("%1: not run (%n problem(s), see the dialog)", nullptr, static_cast<int>(problems.size())).arg(title));
    // Not modal to the application: playback and scripts go on while it is open.
    auto* box = new QMessageBox(QMessageBox::Warning, title,
                                hasScenario() ? tr("This scenario cannot be run; the current one stays.")
                                             : tr("This scenario cannot be run."),
                                QMessageBox::Ok, this);
    box->setObjectName(QStringLiteral("scenarioProblems"));
    box->setInformativeText(problems.join(QLatin1Char('\n')));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

bool MainWindow::startPrepared(const RunSetup& setup, bool quiet)
{
    editor_->markRunIssues(setup.issues);  // a bad layout file, trace or memory budget marks its key
    if (!setup.ok()) {
        if (!quiet)
            showProblems(tr("Run %1").arg(QString::fromStdString(setup.scenario.name)), setup.problems);
        return false;
    }
    const PreparedRun& run = *setup.run;
    run_->set(run.scenario, run.trace, run.checkpointIntervalSteps);
    layout_ = run.layout;
    setWindowTitle(tr("SPARe Studio - %1 (%2)[*]")
                       .arg(QString::fromStdString(setup.scenario.name), QString::fromLatin1(policyDisplayName(setup.scenario.policy))));
    clock_->pause();
    eventLog_->clear();
    cursor_->reset(run);
    clock_->syncTo(0.0);
    viewState_->select(-1);
    worker_->start(run);
    clock_->play();
    run_->announce();
    return true;
}

void MainWindow::stopSimulation()
{
    if (const TabClock* tabClock = currentTabClock()) {
        tabClock->stop();
        return;
    }
    if (cursor_->recording().complete())
        return;
    worker_->cancel();
    if (const RecordingChunkPtr end = cursor_->endRecording("stopped by the user"))
        eventLog_->append(end);
    statusBar()->showMessage(tr("Simulation stopped at %1 simulated").arg(EventLogModel::formatTime(cursor_->recording().endTime())));
}

void MainWindow::resetRun()
{
    if (run_->hasScenario())
        startRun(run_->scenario(), run_->trace());
}

void MainWindow::showRace()
{
    race_->showRace();
}

RaceView* MainWindow::raceView() const { return race_->view(); }

CompareView* MainWindow::compareView() const { return compare_->view(); }

bool MainWindow::hasScenario() const
{
    return run_->hasScenario();
}

const Scenario& MainWindow::scenario() const
{
    return run_->scenario();
}

int MainWindow::checkpointInterval() const
{
    return run_->checkpointInterval();
}

void MainWindow::stepEvent() { stepOneEvent(true); }

void MainWindow::stepBack() { stepOneEvent(false); }

void MainWindow::stepOneEvent(bool forward)
{
    const QString atTheEnd = forward ? tr("No further event recorded yet") : tr("At the start of the run");
    if (PlaybackClock* tabClock = currentClock(); tabClock != clock_) {
        if (!(forward ? tabClock->stepForward() : tabClock->stepBackward()))
            statusBar()->showMessage(atTheEnd, 2000);
        return;
    }
    clock_->pause();
    if (!(forward ? cursor_->stepEvent() : cursor_->stepBack()))
        statusBar()->showMessage(atTheEnd, 2000);
    clock_->syncTo(cursor_->state().snapshot().time);
    revealCurrentEvent();
}

void MainWindow::chooseSeed()
{
    // Nothing reaches the editor before OK.
    SeedDialog dialog(run_->scenario().seed, this);
    seedDialog_ = &dialog;
    const bool accepted = dialog.exec() == QDialog::Accepted;
    seedDialog_ = nullptr;
    if (!accepted)
        return;
    editor_->setFieldText(QStringLiteral("run.seed"), dialog.seedText());
    editor_->apply();
}

void MainWindow::revealCurrentEvent()
{
    // The event just played, in the log, when the log's filter shows it.
    if (cursor_->position() == 0 || cursor_->position() > static_cast<std::size_t>(eventLog_->rowCount()))
        return;
    const QModelIndex row = eventFilter_->mapFromSource(eventLog_->index(static_cast<int>(cursor_->position()) - 1, 0));
    if (!row.isValid())
        return;
    eventTable_->selectionModel()->select(row, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    eventTable_->scrollTo(row);
}

void MainWindow::jumpTo(const std::function<bool(const Event&)>& match, const QString& what, bool forward)
{
    clock_->pause();
    if (forward ? cursor_->jumpToNext(match) : cursor_->jumpToPrevious(match)) {
        clock_->syncTo(cursor_->state().snapshot().time);
        revealCurrentEvent();
        statusBar()->showMessage((forward ? tr("Jumped to the next %1") : tr("Jumped back to the previous %1")).arg(what), 2000);
    } else if (!forward) {
        statusBar()->showMessage(tr("No earlier %1 in this run").arg(what), 3000);
    } else {
        statusBar()->showMessage(cursor_->recording().complete() ? tr("No further %1 in this run").arg(what)
                                                                 : tr("No further %1 recorded yet").arg(what),
                                 3000);
    }
}

void MainWindow::jumpToNextFailure()
{
    jumpTo([](const Event& e) { return e.kind == EventKind::Failure; }, tr("failure"));
}

void MainWindow::jumpToNextReorder()
{
    jumpTo([](const Event& e) {
        return e.kind == EventKind::Decision && e.decision && !e.decision->wipeout
            && e.decision->phase == ReorderDecision::Phase::MinCost;
    }, tr("reorder"));
}

void MainWindow::jumpToPreviousFailure()
{
    jumpTo([](const Event& e) { return e.kind == EventKind::Failure; }, tr("failure"), false);
}

void MainWindow::jumpToNextReorderWithMoves()
{
    jumpTo(&isReorderWithMoves, tr("reorder with moves"));
}

void MainWindow::jumpToPreviousReorderWithMoves()
{
    jumpTo(&isReorderWithMoves, tr("reorder with moves"), false);
}

void MainWindow::jumpToNextWipeout()
{
    jumpTo([](const Event& e) { return e.kind == EventKind::Decision && e.decision && e.decision->wipeout; },
           tr("wipe-out"));
}

void MainWindow::jumpToRestartEnd()
{
    jumpTo([](const Event& e) { return e.kind == EventKind::RestartEnd; }, tr("restart end"));
}

void MainWindow::openEventRow(const QModelIndex& proxyIndex)
{
    const QModelIndex source = eventFilter_->mapToSource(proxyIndex);
    if (!source.isValid())
        return;
    const Event& e = eventLog_->event(source.row());
    clock_->pause();
    cursor_->seekToEvent(static_cast<std::size_t>(source.row()) + 1, true);
    clock_->syncTo(cursor_->state().snapshot().time);
    if (e.group >= 0)
        viewState_->select(e.group, e.kind == EventKind::Failure ? e.gpu : -1);
}

QString MainWindow::statusText() const
{
    QStringList parts;
    for (QLabel* l : statusLabels_)
        parts << l->text();
    return parts.join(QStringLiteral(" | "));
}

void MainWindow::updateStatus()
{
    if (!statusLabels_[0])
        return;  // tabs are added before the status bar is built
    if (const TabClock* tabClock = currentTabClock()) {
        // The race and the comparison have clocks of their own; their lanes show their figures.
        statusLabels_[0]->setText(tabClock->timeFormat.arg(EventLogModel::formatTime(tabClock->clock->time())));
        statusLabels_[1]->setText(tr("speed %1").arg(PlaybackClock::speedText(tabClock->clock->speed())));
        for (int i = 2; i < 6; ++i)
            statusLabels_[i]->clear();
        return;
    }
    const RunFigures f = cursor_->state().figures();
    statusLabels_[0]->setText(tr("t %1").arg(EventLogModel::formatTime(f.timeS)));
    statusLabels_[1]->setText(tr("step %1/%2").arg(f.stepsDone).arg(f.totalSteps));
    statusLabels_[2]->setText(tr("S = %1").arg(f.stackNumber));
    statusLabels_[3]->setText(tr("live %1/%2").arg(f.aliveGroups).arg(f.groups));
    const Scenario& scenario = run_->scenario();
    statusLabels_[4]->setText(scenario.repair && scenario.repair->rejoin == RejoinRule::AtStep
                                  ? tr("restarts %1, rejoins %2").arg(f.restarts).arg(f.rejoins)
                                  : tr("restarts %1").arg(f.restarts));
    statusLabels_[5]->setText(tr("availability %1%").arg(100.0 * f.availability, 0, 'f', 1));
    updateTimeline();
}

void MainWindow::updateTimeline()
{
    const double end = cursor_->recording().endTime();
    const double t = cursor_->state().snapshot().time;
    const Recording& r = cursor_->recording();
    QString progress;
    if (!r.complete() && run_->hasScenario())
        progress = r.eventCount() == 0 ? tr(" (simulating: starting, Simulation > Stop to cancel)")
                                       : tr(" (simulating: step %1 of %2, %3 events)")
                                             .arg(r.event(r.eventCount() - 1).step)
                                             .arg(run_->scenario().steps)
                                             .arg(r.eventCount());
    timeLabel_->setText(tr("%1 / %2%3").arg(EventLogModel::formatTime(t), EventLogModel::formatTime(end), progress));
    if (stopAction_)
        stopAction_->setEnabled(run_->hasScenario());
}

void MainWindow::runUntil(const RunUntil& until, std::function<void()> done, bool animateLanding)
{
    pendingUntil_ = until;
    pendingAnimateLanding_ = animateLanding;
    pendingDone_ = std::move(done);
    if (until.kind == RunUntil::Kind::None) {
        auto callback = std::move(pendingDone_);
        pendingDone_ = nullptr;
        if (callback)
            callback();
        return;
    }
    clock_->pause();
    for (const TabClock& tabClock : tabClocks_)
        tabClock.clock->pause();
    checkRunUntil();
}

void MainWindow::checkRunUntil()
{
    if (!pendingDone_)
        return;
    PlaybackClock* tabClock = currentClock();
    if (tabClock == clock_) {
        const RunUntilLanding landing = RunUntilLanding::on(pendingUntil_, cursor_->recording());
        if (!landing.reached)
            return;
        if (pendingUntil_.kind == RunUntil::Kind::Failures)
            cursor_->seekToEvent(landing.eventCount, pendingAnimateLanding_);
        else
            cursor_->seekToTime(landing.time, pendingAnimateLanding_);
        clock_->syncTo(cursor_->state().snapshot().time);
    } else {
        // The race (or another tab's clock): the target time comes from the first cursor (the race's first
        // lane; the lanes share failure clocks); all must have recorded that far.
        const RunUntilLanding landing = RunUntilLanding::on(pendingUntil_, tabClock->cursors().front()->recording());
        if (!landing.reached)
            return;
        double time = landing.time;
        for (PlaybackCursor* cursor : tabClock->cursors()) {
            const Recording& r = cursor->recording();
            if (pendingUntil_.kind == RunUntil::Kind::End)
                time = std::max(time, r.endTime());
            if (!r.complete() && r.endTime() < time)
                return;
        }
        tabClock->seek(time);
    }
    auto done = std::move(pendingDone_);
    pendingDone_ = nullptr;
    done();
}

bool MainWindow::saveScreenshot(const QString& path)
{
    const QPixmap shot = grab();
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || !shot.save(&file, "PNG") || !file.commit()) {
        qWarning("screenshot: cannot write %s: %s", qUtf8Printable(path), qUtf8Printable(file.errorString()));
        return false;
    }
    return true;
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!editor_->maybeSave()) {
        event->ignore();
        return;
    }
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    settings.setValue(QStringLiteral("playback/speed"), clock_->speed());
    clock_->pause();
    worker_->cancel();
    event->accept();
}

}  // namespace spare
