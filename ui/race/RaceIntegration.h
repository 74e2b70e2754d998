#pragma once

#include "engine/planning/RegimeContender.h"
#include "engine/sim/Scenario.h"

#include <QObject>

#include <vector>

class QTabWidget;

namespace spare {

class CurrentRun;
class RaceView;
struct StudioContext;

// The Race tab as one of the window's features: the "Race" tab (its clock is the one the playback bar
// drives while it is shown), Simulation > Race the policies, and the Run tab's scenario raced when the
// tab is first shown and again whenever it changes once the race has started. A regime-map cell opens
// its own scenario with its contenders as lanes (showRaceOf).
class RaceIntegration : public QObject {
    Q_OBJECT
public:
    explicit RaceIntegration(const StudioContext& context);

    RaceView* view() const { return view_; }
    // Shows the tab, starting the race if it has not started.
    void showRace();
    // Shows the tab racing `scenario` with these lanes (2 .. 6 contenders).
    void showRaceOf(const Scenario& scenario, const std::vector<RegimeContender>& lanes);

private:
    void startIfShown();

    QTabWidget* tabs_;
    const CurrentRun* run_;
    RaceView* view_;
};

}  // namespace spare
