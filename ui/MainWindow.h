#pragma once

#include "engine/sim/FailureTrace.h"
#include "engine/sim/Scenario.h"
#include "ui/StudioOptions.h"
#include "ui/studio/TabClock.h"

#include <QMainWindow>
#include <QString>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

class QAction;
class QDockWidget;
class QDialog;
class QLabel;
class QMenu;
class QSlider;
class QTabWidget;
class QTableView;

namespace spare {

class CampaignData;
class ClusterView;
class CompareIntegration;
class CompareView;
class CurrentRun;
class EventFilterProxyModel;
class EventLogModel;
class Layout;
class PlaybackClock;
struct RunSetup;
class PlaybackCursor;
class RaceIntegration;
class RecentFilesMenu;
class RaceView;
class ScenarioEditor;
class SimulationWorker;
class StackView;
class TimelineWidget;
class ViewState;
struct Event;

// spare-studio's window: the Run tab (cluster view, stack view, playback bar), the scenario editor and
// event log docks, menus, toolbar and status bar. It composes its features (the other tabs, the guided
// tour, presentation mode, the run export): each gets a StudioContext at construction, adds its tab and
// menu entries there and follows the Run tab's scenario through the context's CurrentRun; the window's
// options reach them through applyOptions() at the end of the constructor.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    // Opens `scenarioPath` (default scenarios/teaching-12.json) and starts playing it at once. A file that
    // cannot be run leaves the window without a scenario and (unless options.automated()) lists every
    // problem in a dialog. `campaign`: --campaign's table when main() has read it already.
    explicit MainWindow(const StudioOptions& options = {}, std::shared_ptr<const CampaignData> campaign = {},
                        QWidget* parent = nullptr);
    ~MainWindow() override;

    QTabWidget* tabs() const { return tabs_; }
    QMenu* fileMenu() const { return fileMenu_; }
    QMenu* exportMenu() const { return exportMenu_; }
    QMenu* viewMenu() const { return viewMenu_; }
    QMenu* helpMenu() const { return helpMenu_; }

    PlaybackCursor* cursor() const { return cursor_; }
    PlaybackClock* clock() const { return clock_; }
    SimulationWorker* worker() const { return worker_; }
    ViewState* viewState() const { return viewState_; }
    ScenarioEditor* editor() const { return editor_; }
    ClusterView* clusterView() const { return clusterView_; }
    StackView* stackView() const { return stackView_; }
    RaceView* raceView() const;
    CompareView* compareView() const;
    EventLogModel* eventLog() const { return eventLog_; }
    EventFilterProxyModel* eventFilter() const { return eventFilter_; }
    QTableView* eventTable() const { return eventTable_; }
    TimelineWidget* timeline() const { return timeline_; }
    // False until a scenario the user chose (or the default one) could be run.
    bool hasScenario() const;
    const Scenario& scenario() const;
    // The checkpoint interval (steps) of the current run, "auto" resolved.
    int checkpointInterval() const;
    QString statusText() const;

    // Loads a scenario file and runs it. On any problem (file, keys, layout, trace) the current scenario
    // stays, a dialog lists every problem (unless quiet) and false is returned.
    bool openScenario(const QString& path, bool quiet = false);
    // Restarts the run (and the race, when it was started) on a scenario; `trace` replaces the
    // scenario's trace file. Same refusal as openScenario.
    bool startRun(const Scenario& scenario, std::optional<std::vector<TraceFailure>> trace = std::nullopt);
    // Pauses, waits (without blocking) until the recording reaches `until`, seeks there and calls
    // `done`. Applies to the Race tab when it is current.
    void runUntil(const RunUntil& until, std::function<void()> done, bool animateLanding = false);
    // The whole window as a PNG, written with QSaveFile.
    bool saveScreenshot(const QString& path);

public slots:
    void stepEvent();
    void stepBack();
    void chooseSeed();
    // What an interactive session brings back from the last one (the Run tab's speed); scripts and
    // tests do without.
    void restoreSession();
    // The Seed dialog while it is open (for tests), else nullptr.
    QDialog* seedDialog() const { return seedDialog_; }
    void jumpToNextFailure();
    void jumpToPreviousFailure();
    void jumpToNextReorder();
    void jumpToNextReorderWithMoves();
    void jumpToPreviousReorderWithMoves();
    void jumpToNextWipeout();
    void jumpToRestartEnd();
    void resetRun();
    // Cancels the simulation (on the Race tab: the race's); what was recorded so far stays and plays.
    void stopSimulation();
    void showRace();

signals:
    // A run started on this scenario (opened, applied, reset or the tour's).
    void scenarioChanged(const spare::Scenario& scenario);
    // The engine stopped a run with an error.
    void runFailed(const QString& message);
    // --campaign's table is read and the flags' selection is on screen.
    void campaignOptionsApplied();

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void buildRunTab();
    bool openPrepared(const RunSetup& setup, const QString& path, bool quiet);
    bool startPrepared(const RunSetup& setup, bool quiet);
    void showProblems(const QString& title, const QStringList& problems);
    void buildDocks();
    void buildMenus();
    void updateStatus();
    void updateTimeline();
    void jumpTo(const std::function<bool(const Event&)>& match, const QString& what, bool forward = true);
    void showSpeedOfCurrentTab();
    void addTabClock(const TabClock& tabClock);
    // The current tab's own clock (addTabClock), if it has one.
    const TabClock* currentTabClock() const;
    // The clock the playback bar drives: the current tab's own, else the Run tab's.
    PlaybackClock* currentClock() const;
    void openEventRow(const QModelIndex& proxyIndex);
    void stepOneEvent(bool forward);  // the current tab's clock: the next event, or back to just before the last
    void revealCurrentEvent();
    void checkRunUntil();

    CurrentRun* run_ = nullptr;
    QString scenarioPath_;
    std::shared_ptr<const Layout> layout_;
    ViewState* viewState_ = nullptr;
    PlaybackCursor* cursor_ = nullptr;
    PlaybackClock* clock_ = nullptr;
    SimulationWorker* worker_ = nullptr;
    QTabWidget* tabs_ = nullptr;
    ClusterView* clusterView_ = nullptr;
    StackView* stackView_ = nullptr;
    RaceIntegration* race_ = nullptr;
    CompareIntegration* compare_ = nullptr;
    ScenarioEditor* editor_ = nullptr;
    EventLogModel* eventLog_ = nullptr;
    EventFilterProxyModel* eventFilter_ = nullptr;
    QTableView* eventTable_ = nullptr;
    QDockWidget* editorDock_ = nullptr;
    QDockWidget* logDock_ = nullptr;
    QMenu* fileMenu_ = nullptr;
    QMenu* exportMenu_ = nullptr;
    QMenu* viewMenu_ = nullptr;
    QMenu* helpMenu_ = nullptr;
    QMenu* simulationMenu_ = nullptr;
    std::vector<TabClock> tabClocks_;
    RecentFilesMenu* recentMenu_ = nullptr;
    QAction* playAction_ = nullptr;
    QAction* stopAction_ = nullptr;
    TimelineWidget* timeline_ = nullptr;
    QSlider* speedSlider_ = nullptr;
    QLabel* speedLabel_ = nullptr;
    QLabel* timeLabel_ = nullptr;
    QLabel* statusLabels_[6] = {};
    RunUntil pendingUntil_;
    std::function<void()> pendingDone_;
    bool pendingAnimateLanding_ = false;
    QDialog* seedDialog_ = nullptr;
};

}  // namespace spare
