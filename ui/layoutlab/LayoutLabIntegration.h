#pragma once

#include <QObject>

class QLabel;
class QMainWindow;
class QTabWidget;

namespace spare {

class CurrentRun;
class Layout;
class LayoutLabView;
class PlaybackCursor;
struct StudioContext;

// The layout lab as one of the window's features: the "Layout" tab (set to the Run tab's scenario when
// shown and whenever the scenario changes while it is shown), a status-bar
// notice whenever the running layout is not independent, and the scripted --export-chart of
// layout-tradeoff and overlap-matrix.
class LayoutLabIntegration : public QObject {
    Q_OBJECT
public:
    explicit LayoutLabIntegration(const StudioContext& context);

    LayoutLabView* view() const { return view_; }
    QString statusNotice() const;
    // Brings the tab up to date with the window's scenario (no-op when it already is).
    void refreshLab();
    // Computes in this thread (fixed seed and trial count), then writes; false and *error on failure.
    bool exportChart(const QString& name, const QString& path, QString* error);
    // --layout-lab: shows the tab; for a --screenshot, refines it in this thread first so the picture
    // shows the final numbers, and hides the docks so the tab fills the picture.
    void applyOptions(bool layoutLab, bool screenshot);

private:
    void layoutMaybeChanged();
    void showNotice(const Layout& layout);

    QMainWindow* window_;
    QTabWidget* tabs_;
    const CurrentRun* run_;
    PlaybackCursor* cursor_;
    LayoutLabView* view_ = nullptr;
    QLabel* notice_ = nullptr;
    const Layout* shownLayout_ = nullptr;  // the run's layout the notice describes (compared, never dereferenced later)
    bool labCurrent_ = false;
};

}  // namespace spare
