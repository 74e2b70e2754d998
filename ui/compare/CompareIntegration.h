#pragma once

#include <QObject>
#include <QPointer>

namespace spare {

class CompareView;
class MainWindow;
struct CompareSetup;
struct StudioOptions;

// Plugs the comparison into spare-studio's MainWindow through its public API: the "Compare" tab (its
// clock is the one the playback bar drives while it is shown), Simulation > Compare two runs, and the
// window's scenario as the base every comparison varies (runs start when the tab is first shown and
// restart when the scenario changes).
class CompareIntegration : public QObject {
    Q_OBJECT
public:
    explicit CompareIntegration(MainWindow* window);

    CompareView* view() const { return view_; }
    // Shows the tab, starting the runs if they have not started.
    void showCompare();
    // Shows the tab running `setup`.
    void showSetup(const CompareSetup& setup);
    // --compare KIND:A,B: showSetup; with --screenshot the docks are hidden so the tab fills the picture.
    void applyOptions(const StudioOptions& options);

private:
    QPointer<MainWindow> window_;
    CompareView* view_ = nullptr;
};

}  // namespace spare
