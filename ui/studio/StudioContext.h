#pragma once

#include "engine/planning/RegimeContender.h"
#include "engine/sim/FailureTrace.h"
#include "engine/sim/Scenario.h"
#include "ui/base/RunUntil.h"
#include "ui/studio/TabClock.h"

#include <QString>

#include <functional>
#include <optional>
#include <vector>

class QMainWindow;
class QMenu;
class QTabWidget;

namespace spare {

class ClusterView;
class CurrentRun;
class PlaybackCursor;
class PresentationMode;
class ScenarioEditor;
class StackView;
class TimelineWidget;

// What MainWindow hands each feature it composes (a tab with its menus, the guided tour, the run
// export): where the feature adds itself, the Run tab's run it follows and the requests it may make of
// the window. A feature keeps the parts it uses and never sees the window's class.
struct StudioContext {
    struct Menus {
        QMenu* file = nullptr;
        QMenu* exports = nullptr;  // File > Export, hidden until it has actions
        QMenu* view = nullptr;
        QMenu* help = nullptr;
        QMenu* simulation = nullptr;
    };
    // The Run tab's views, which the tour points at and the trace export takes its window from.
    struct RunTab {
        ClusterView* cluster = nullptr;
        StackView* stack = nullptr;
        TimelineWidget* timeline = nullptr;
    };

    QMainWindow* window = nullptr;  // the dialogs' parent; its status bar and docks
    QTabWidget* tabs = nullptr;
    Menus menus;
    RunTab runTab;
    const CurrentRun* run = nullptr;
    PlaybackCursor* cursor = nullptr;  // the Run tab's
    ScenarioEditor* editor = nullptr;
    PresentationMode* presentation = nullptr;
    // Restarts the Run tab on a scenario (`trace` replaces its trace file); false when refused.
    std::function<bool(const Scenario& scenario, std::optional<std::vector<TraceFailure>> trace)> startRun;
    // Pauses, waits (without blocking) until the current tab's recording reaches `until`, seeks there
    // and calls `done`.
    std::function<void(const RunUntil& until, std::function<void()> done, bool animateLanding)> runUntil;
    std::function<void(const TabClock& clock)> addTabClock;
    // A run of the feature's own stopped with an error (MainWindow::runFailed).
    std::function<void(const QString& message)> runFailed;
    // Opens the Race tab on `scenario` with these lanes (a regime-map cell).
    std::function<void(const Scenario& scenario, const std::vector<RegimeContender>& lanes)> showRace;
};

}  // namespace spare
