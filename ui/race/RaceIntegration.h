#pragma once

#include <QObject>

class QTabWidget;

namespace spare {

class CurrentRun;
class RaceView;
struct StudioContext;

// The Race tab as one of the window's features: the "Race" tab (its clock is the one the playback bar
// drives while it is shown), Simulation > Race the three policies, and the Run tab's scenario raced
// when the tab is first shown and again whenever it changes once the race has started.
class RaceIntegration : public QObject {
    Q_OBJECT
public:
    explicit RaceIntegration(const StudioContext& context);

    RaceView* view() const { return view_; }
    // Shows the tab, starting the race if it has not started.
    void showRace();

private:
    void startIfShown();

    QTabWidget* tabs_;
    const CurrentRun* run_;
    RaceView* view_;
};

}  // namespace spare
