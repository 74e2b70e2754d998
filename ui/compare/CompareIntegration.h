#pragma once

#include "ui/compare/CompareSetup.h"

#include <QObject>

#include <optional>

class QMainWindow;
class QTabWidget;

namespace spare {

class CompareView;
class CurrentRun;
struct StudioContext;

// The comparison as one of the window's features: the "Compare" tab (its clock is the one the playback
// bar drives while it is shown), Simulation > Compare two runs, and the Run tab's scenario as the base
// every comparison varies (runs start when the tab is first shown and
// restart when the scenario changes).
class CompareIntegration : public QObject {
    Q_OBJECT
public:
    explicit CompareIntegration(const StudioContext& context);

    CompareView* view() const { return view_; }
    // Shows the tab, starting the runs if they have not started.
    void showCompare();
    // Shows the tab running `setup`.
    void showSetup(const CompareSetup& setup);
    // --compare KIND:A,B: showSetup; for a --screenshot the docks are hidden so the tab fills the picture.
    void applyOptions(const std::optional<CompareSetup>& setup, bool screenshot);

private:
    QMainWindow* window_;
    QTabWidget* tabs_;
    const CurrentRun* run_;
    CompareView* view_ = nullptr;
};

}  // namespace spare
