#pragma once

#include <QObject>
#include <QPointer>

class QLabel;

namespace spare {

class Layout;
class LayoutLabView;
class MainWindow;
struct StudioOptions;

// Plugs the layout lab into spare-studio's MainWindow through its public API: the "Layout" tab (set to
// the window's scenario when shown and whenever the scenario changes while it is shown), a status-bar
// notice whenever the running layout is not independent, and the scripted --export-chart of
// layout-tradeoff and overlap-matrix.
class LayoutLabIntegration : public QObject {
    Q_OBJECT
public:
    explicit LayoutLabIntegration(MainWindow* window);

    LayoutLabView* view() const { return view_; }
    QString statusNotice() const;
    // Brings the tab up to date with the window's scenario (no-op when it already is).
    void refreshLab();
    // Computes in this thread (fixed seed and trial count), then writes; false and *error on failure.
    bool exportChart(const QString& name, const QString& path, QString* error);
    // --layout-lab: shows the tab; with --screenshot, refines it in this thread first so the picture
    // shows the final numbers, and hides the docks so the tab fills the picture.
    void applyOptions(const StudioOptions& options);

private:
    void layoutMaybeChanged();
    void showNotice(const Layout& layout);

    QPointer<MainWindow> window_;
    LayoutLabView* view_ = nullptr;
    QLabel* notice_ = nullptr;
    const Layout* shownLayout_ = nullptr;  // the run's layout the notice describes (compared, never dereferenced later)
    bool labCurrent_ = false;
};

}  // namespace spare
