#include "MainWindow.h"

#include "analysis/AnalysisIntegration.h"
#include "campaign/CampaignIntegration.h"
#include "compare/CompareIntegration.h"
#include "planning/PlanIntegration.h"

#include "StudioPaths.h"
#include "ViewState.h"
#include "editor/ScenarioEditor.h"
#include "export/AnimationExportDialog.h"
#include "layoutlab/LayoutLabIntegration.h"
#include "layout/Layout.h"
#include "models/EventFilterProxyModel.h"
#include "models/EventLogModel.h"
#include "playback/PlaybackClock.h"
#include "playback/PlaybackCursor.h"
#include "playback/RunSetup.h"
#include "playback/SimulationWorker.h"
#include "timeline/TimelineWidget.h"
#include "views/ClusterView.h"
#include "views/RaceView.h"
#include "views/ShortcutOverlay.h"
#include "views/StackView.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QIcon>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QSaveFile>
#include <QSettings>
#include <QSignalBlocker>
#include <QSlider>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTextBrowser>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QVBoxLayout>

#include <cmath>

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

constexpr int kMaxRecentFiles = 8;

// Shows the Export submenu only while somebody has put actions in it.
class ShowWhenNotEmpty : public QObject {
public:
    using QObject::QObject;
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::ActionAdded || event->type() == QEvent::ActionRemoved) {
            auto* menu = static_cast<QMenu*>(watched);
            // ActionRemoved arrives before the action is gone.
            const qsizetype left = menu->actions().size() - (event->type() == QEvent::ActionRemoved ? 1 : 0);
            menu->menuAction()->setVisible(left > 0);
        }
        return false;
    }
};

double speedForSlider(int value)
{
    return std::pow(10.0, value / 100.0);
}

int sliderForSpeed(double speed)
{
    return static_cast<int>(std::lround(100.0 * std::log10(speed)));
}

}  // namespace

MainWindow::MainWindow(const StudioOptions& options, QWidget* parent) : QMainWindow(parent)
{
    initStudioResources();
    setWindowTitle(tr("SPARe Studio"));
    setObjectName(QStringLiteral("SpareStudioMainWindow"));
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
    raceView_ = new RaceView;
    buildRunTab();
    tabs_->addTab(raceView_, tr("Race"));
    connect(raceView_, &RaceView::recordingGrew, this, &MainWindow::checkRunUntil);
    connect(raceView_, &RaceView::laneFailed, this, &MainWindow::runFailed);
    connect(tabs_, &QTabWidget::currentChanged, this, [this] {
        if (tabs_->currentWidget() == raceView_ && !raceView_->started() && hasScenario_)
            raceView_->start(scenario_, trace_);
        showSpeedOfCurrentTab();
        updateStatus();
    });
    buildDocks();
    buildMenus();
    new LayoutLabIntegration(this);  // Layout tab, layout independence in the status bar
    new AnalysisIntegration(this);  // Analysis tab, exports, presentation mode, guided tour
    new CampaignIntegration(this);  // Campaign tab, File > Open campaign results, local campaign runs
    auto* compare = new CompareIntegration(this);  // Compare tab, Simulation > Compare two runs
    new PlanIntegration(this);  // Plan tab, File > Plan from a failure log: fit a log, plan r and T_c

    auto* status = statusBar();
    for (QLabel*& label : statusLabels_) {
        label = new QLabel;
        label->setMinimumWidth(90);
        status->addPermanentWidget(label);
    }
    connect(cursor_, &PlaybackCursor::stateChanged, this, &MainWindow::updateStatus);
    connect(raceView_->clock(), &PlaybackClock::ticked, this, &MainWindow::updateStatus);
    connect(raceView_->clock(), &PlaybackClock::seeked, this, &MainWindow::updateStatus);
    connect(cursor_, &PlaybackCursor::recordingGrew, this, &MainWindow::updateTimeline);

    QSettings settings;
    if (options.screenshotPath.isEmpty()) {
        resize(1400, 900);
        restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
        restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    } else {
        resize(1400, 900);
    }
    rebuildRecentMenu();

    const QString path = options.scenarioPath.isEmpty() ? StudioPaths::defaultScenario() : options.scenarioPath;
    const RunSetup setup = RunSetup::load(path, options.policy, options.seed);
    if (!openPrepared(setup, path, true) && !options.automated()) {
        // After the constructor, so that the dialog has a window to sit on.
        QTimer::singleShot(0, this, [this, path, problems = setup.problems] {
            showProblems(tr("Open %1").arg(path), problems);
        });
    }
    if (options.race)
        showRace();
    compare->applyOptions(options);
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
    raceView_->clock()->setSpeed(clock_->speed());
}

PlaybackClock* MainWindow::currentClock() const
{
    if (tabs_->currentWidget() == raceView_)
        return raceView_->clock();
    for (const TabClock& t : tabClocks_)
        if (tabs_->currentWidget() == t.tab)
            return t.clock;
    return clock_;
}

void MainWindow::addTabClock(QWidget* tab, PlaybackClock* clock, std::function<void()> stop)
{
    tabClocks_.push_back({tab, clock, std::move(stop)});
    connect(clock, &PlaybackClock::ticked, this, &MainWindow::updateStatus);
    connect(clock, &PlaybackClock::seeked, this, &MainWindow::updateStatus);
    for (PlaybackCursor* cursor : clock->cursors())
        connect(cursor, &PlaybackCursor::recordingGrew, this, &MainWindow::checkRunUntil);
    clock->setSpeed(clock_->speed());
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
            addRecentFile(path);
    });

    auto* logHost = new QWidget;
    auto* logColumn = new QVBoxLayout(logHost);
    logColumn->setContentsMargins(2, 2, 2, 2);
    auto* filterRow = new QHBoxLayout;
    auto* kinds = new QComboBox;
    kinds->setObjectName(QStringLiteral("kindFilter"));
    kinds->addItem(tr("Notable events"), static_cast<qulonglong>(EventFilterProxyModel::notableKinds()));
    kinds->addItem(tr("All kinds"), static_cast<qulonglong>(EventFilterProxyModel::allKinds()));
    for (int k = 0; k <= static_cast<int>(kLastEventKind); ++k)
        kinds->addItem(EventLogModel::kindName(static_cast<EventKind>(k)),
                       static_cast<qulonglong>(EventFilterProxyModel::kindBit(static_cast<EventKind>(k))));
    auto* text = new QLineEdit;
    text->setObjectName(QStringLiteral("textFilter"));
    text->setPlaceholderText(tr("Filter: text in kind/details, or a group number"));
    text->setClearButtonEnabled(true);
    filterRow->addWidget(kinds);
    filterRow->addWidget(text, 1);
    logColumn->addLayout(filterRow);
    eventFilter_ = new EventFilterProxyModel(this);
    eventFilter_->setSourceModel(eventLog_);
    eventFilter_->setKindMask(EventFilterProxyModel::notableKinds());
    eventTable_ = new QTableView;
    eventTable_->setModel(eventFilter_);
    eventTable_->setSortingEnabled(true);
    eventTable_->sortByColumn(EventLogModel::TimeColumn, Qt::AscendingOrder);
    eventTable_->setSelectionBehavior(QAbstractItemView::SelectRows);
    eventTable_->setSelectionMode(QAbstractItemView::SingleSelection);
    eventTable_->verticalHeader()->hide();
    eventTable_->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    eventTable_->verticalHeader()->setDefaultSectionSize(eventTable_->fontMetrics().height() + 4);
    eventTable_->horizontalHeader()->setStretchLastSection(true);
    eventTable_->setColumnWidth(EventLogModel::TimeColumn, 110);
    eventTable_->setColumnWidth(EventLogModel::GroupColumn, 60);
    eventTable_->setColumnWidth(EventLogModel::KindColumn, 140);
    eventTable_->setToolTip(tr("Click an event to select its group and seek playback there"));
    logColumn->addWidget(eventTable_, 1);
    connect(kinds, &QComboBox::currentIndexChanged, this, [this, kinds](int index) {
        eventFilter_->setKindMask(static_cast<std::uint32_t>(kinds->itemData(index).toULongLong()));
    });
    connect(text, &QLineEdit::textChanged, eventFilter_, &EventFilterProxyModel::setText);
    connect(eventTable_, &QTableView::clicked, this, &MainWindow::openEventRow);
    logDock_ = new QDockWidget(tr("Event log"), this);
    logDock_->setObjectName(QStringLiteral("eventLogDock"));
    logDock_->setWidget(logHost);
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
    recentMenu_ = file->addMenu(tr("Open &recent"));
    QAction* saveAs = file->addAction(tr("&Save scenario as..."), editor_, &ScenarioEditor::saveAs);
    saveAs->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));  // QKeySequence::SaveAs is empty on some desktops
    exportMenu_ = file->addMenu(tr("&Export"));
    exportMenu_->setObjectName(QStringLiteral("exportMenu"));
    exportMenu_->menuAction()->setVisible(false);
    exportMenu_->installEventFilter(new ShowWhenNotEmpty(exportMenu_));
    file->addAction(tr("Export &animation..."), this, [this] {
        auto* dialog = new AnimationExportDialog(this);
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
    for (Policy p : RaceView::kPolicies) {
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
            a->setChecked(a->data().toInt() == static_cast<int>(scenario_.policy));
    });
    QAction* race = sim->addAction(tr("Race the three polic&ies"), this, &MainWindow::showRace);
    race->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_T));

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
        auto* dialog = new QDialog(this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->setWindowTitle(tr("SPARe: the method in short"));
        auto* browser = new QTextBrowser;
        browser->setOpenExternalLinks(true);
        browser->setSource(QUrl(QStringLiteral("qrc:/studio/method-guide.html")));
        auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
        connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::close);
        auto* layout = new QVBoxLayout(dialog);
        layout->addWidget(browser);
        layout->addWidget(buttons);
        dialog->resize(720, 640);
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
    addRecentFile(scenarioPath_);
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
                                hasScenario_ ? tr("This scenario cannot be run; the current one stays.")
                                             : tr("This scenario cannot be run."),
                                QMessageBox::Ok, this);
    box->setObjectName(QStringLiteral("scenarioProblems"));
    box->setInformativeText(problems.join(QLatin1Char('\n')));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

bool MainWindow::startPrepared(const RunSetup& setup, bool quiet)
{
    if (!setup.ok()) {
        if (!quiet)
            showProblems(tr("Run %1").arg(QString::fromStdString(setup.scenario.name)), setup.problems);
        return false;
    }
    scenario_ = setup.scenario;
    trace_ = setup.trace;
    layout_ = setup.layout;
    checkpointInterval_ = setup.checkpointIntervalSteps;
    hasScenario_ = true;
    setWindowTitle(tr("SPARe Studio - %1 (%2)[*]")
                       .arg(QString::fromStdString(scenario_.name), QString::fromLatin1(policyDisplayName(scenario_.policy))));
    clock_->pause();
    eventLog_->clear();
    cursor_->reset(scenario_, layout_);
    clock_->syncTo(0.0);
    viewState_->select(-1);
    worker_->start(scenario_, trace_);
    clock_->play();
    if (raceView_->started())
        raceView_->start(scenario_, trace_);
    emit scenarioChanged(scenario_);
    return true;
}

void MainWindow::stopSimulation()
{
    if (tabs_->currentWidget() == raceView_) {
        raceView_->stop();
        return;
    }
    for (const TabClock& t : tabClocks_)
        if (tabs_->currentWidget() == t.tab) {
            t.stop();
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
    if (hasScenario_)
        startRun(scenario_, trace_);
}

void MainWindow::showRace()
{
    tabs_->setCurrentWidget(raceView_);
    if (!raceView_->started() && hasScenario_)
        raceView_->start(scenario_, trace_);
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
    clock_->syncTo(cursor_->state().time());
    revealCurrentEvent();
}

void MainWindow::chooseSeed()
{
    // Checked as it is typed: OK only for a seed the engine accepts, and nothing reaches the editor
    // before OK.
    QDialog dialog(this);
    dialog.setWindowTitle(tr("Seed"));
    auto* line = new QLineEdit(QString::number(scenario_.seed));
    auto* problem = new QLabel;
    problem->setObjectName(QStringLiteral("seedProblem"));
    problem->setStyleSheet(QStringLiteral("color: #b71c1c;"));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    auto* layout = new QVBoxLayout(&dialog);
    layout->addWidget(new QLabel(tr("run.seed (0 .. 2^64-1; the same seed gives the same run):")));
    layout->addWidget(line);
    layout->addWidget(problem);
    layout->addWidget(buttons);
    const auto check = [problem, buttons](const QString& text) {
        static const QRegularExpression digits(QStringLiteral("^\\d{1,20}$"));
        bool ok = digits.match(text.trimmed()).hasMatch();
        if (ok)
            text.trimmed().toULongLong(&ok);  // and not above 2^64-1
        problem->setText(ok ? QString() : tr("'%1' is not a seed: allowed a whole number 0 .. 18446744073709551615").arg(text));
        buttons->button(QDialogButtonBox::Ok)->setEnabled(ok);
    };
    connect(line, &QLineEdit::textChanged, &dialog, check);
    check(line->text());
    seedDialog_ = &dialog;
    const bool accepted = dialog.exec() == QDialog::Accepted;
    seedDialog_ = nullptr;
    if (!accepted)
        return;
    editor_->setFieldText(QStringLiteral("run.seed"), line->text().trimmed());
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
        clock_->syncTo(cursor_->state().time());
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

namespace {

bool isReorderWithMoves(const Event& e)
{
    return e.kind == EventKind::Decision && e.decision && !e.decision->wipeout && e.decision->moves > 0;
}

}  // namespace

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
    clock_->syncTo(cursor_->state().time());
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
    if (PlaybackClock* tabClock = currentClock(); tabClock != clock_) {
        // The race and the comparison have clocks of their own; their lanes show their figures.
        statusLabels_[0]->setText((tabClock == raceView_->clock() ? tr("race t %1") : tr("t %1"))
                                      .arg(EventLogModel::formatTime(tabClock->time())));
        statusLabels_[1]->setText(tr("speed %1").arg(PlaybackClock::speedText(tabClock->speed())));
        for (int i = 2; i < 6; ++i)
            statusLabels_[i]->clear();
        return;
    }
    const DisplayedFigures f = cursor_->state().figures();
    statusLabels_[0]->setText(tr("t %1").arg(EventLogModel::formatTime(f.timeS)));
    statusLabels_[1]->setText(tr("step %1/%2").arg(f.stepsDone).arg(f.totalSteps));
    statusLabels_[2]->setText(tr("S = %1").arg(f.stackNumber));
    statusLabels_[3]->setText(tr("live %1/%2").arg(f.aliveGroups).arg(f.groups));
    statusLabels_[4]->setText(scenario_.repair && scenario_.repair->rejoin == RejoinRule::AtStep
                                  ? tr("restarts %1, rejoins %2").arg(f.restarts).arg(f.rejoins)
                                  : tr("restarts %1").arg(f.restarts));
    statusLabels_[5]->setText(tr("availability %1%").arg(100.0 * f.availability, 0, 'f', 1));
    updateTimeline();
}

void MainWindow::updateTimeline()
{
    const double end = cursor_->recording().endTime();
    const double t = cursor_->state().time();
    const Recording& r = cursor_->recording();
    QString progress;
    if (!r.complete() && hasScenario_)
        progress = r.eventCount() == 0 ? tr(" (simulating: starting, Simulation > Stop to cancel)")
                                       : tr(" (simulating: step %1 of %2, %3 events)")
                                             .arg(r.event(r.eventCount() - 1).step)
                                             .arg(scenario_.steps)
                                             .arg(r.eventCount());
    timeLabel_->setText(tr("%1 / %2%3").arg(EventLogModel::formatTime(t), EventLogModel::formatTime(end), progress));
    if (stopAction_)
        stopAction_->setEnabled(hasScenario_);
}

void MainWindow::addRecentFile(const QString& path)
{
    QSettings settings;
    QStringList files = settings.value(QStringLiteral("recentFiles")).toStringList();
    files.removeAll(path);
    files.prepend(path);
    while (files.size() > kMaxRecentFiles)
        files.removeLast();
    settings.setValue(QStringLiteral("recentFiles"), files);
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu()
{
    if (!recentMenu_)
        return;
    recentMenu_->clear();
    const QStringList files = QSettings().value(QStringLiteral("recentFiles")).toStringList();
    for (const QString& f : files)
        recentMenu_->addAction(QFileInfo(f).fileName(), this, [this, f] {
            if (editor_->maybeSave())
                openScenario(f);
        })->setToolTip(f);
    recentMenu_->setEnabled(!files.isEmpty());
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
    currentClock()->pause();
    raceView_->clock()->pause();
    checkRunUntil();
}

bool MainWindow::runUntilReached(const RunUntil& until, PlaybackCursor* reference, std::size_t* eventCount,
                                 double* time) const
{
    const Recording& r = reference->recording();
    *eventCount = r.eventCount();
    switch (until.kind) {
    case RunUntil::Kind::Failures: {
        int seen = 0;
        const auto index = r.findNext(0, [&](const Event& e) {
            return e.kind == EventKind::Failure && ++seen >= static_cast<int>(until.value);
        });
        if (index) {
            *eventCount = *index + 1;
            *time = r.event(*index).time;
            return true;
        }
        *time = r.endTime();
        return r.complete();
    }
    case RunUntil::Kind::Time:
        *time = std::min(until.value, r.endTime());
        return r.complete() || r.endTime() >= until.value;
    case RunUntil::Kind::End:
        *time = r.endTime();
        return r.complete();
    case RunUntil::Kind::None: break;
    }
    return true;
}

void MainWindow::checkRunUntil()
{
    if (!pendingDone_)
        return;
    PlaybackClock* tabClock = currentClock();
    const bool race = tabClock != clock_;
    std::size_t count = 0;
    double time = 0.0;
    if (!race) {
        if (!runUntilReached(pendingUntil_, cursor_, &count, &time))
            return;
        if (pendingUntil_.kind == RunUntil::Kind::Failures)
            cursor_->seekToEvent(count, pendingAnimateLanding_);
        else
            cursor_->seekToTime(time, pendingAnimateLanding_);
        clock_->syncTo(cursor_->state().time());
    } else {
        // The race (or another tab's clock): the target time comes from the first cursor (the race's
        // CKPT-only lane, which sees every failure); all must have recorded that far.
        if (!runUntilReached(pendingUntil_, tabClock->cursors().front(), &count, &time))
            return;
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
