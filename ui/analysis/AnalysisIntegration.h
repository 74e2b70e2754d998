#pragma once

#include "tour/TourHost.h"

#include <QObject>
#include <QPointer>
#include <QTemporaryDir>

#include <atomic>
#include <memory>
#include <thread>

namespace spare {

class AnalysisView;
class MainWindow;
class PresentationMode;
class TourController;
struct StudioOptions;

// Plugs the analysis part into spare-studio's MainWindow through its public API: the "Analysis" tab
// (computed when first shown and again when the scenario changed), File > Export (report, current
// chart, Perfetto trace, event CSV), View > Presentation mode (F11), Help > Guided tour, and the
// scripted exports of --export-report / --export-chart. It is the guided tour's host.
class AnalysisIntegration : public QObject, public TourHost {
    Q_OBJECT
public:
    explicit AnalysisIntegration(MainWindow* window);
    ~AnalysisIntegration() override;

    AnalysisView* analysisView() const { return view_; }
    PresentationMode* presentation() const { return presentation_; }
    TourController* tour();

    // Brings the analysis up to date with the window's scenario (no-op when it already is).
    void refreshAnalysis();
    // Scripted exports (--export-report / --export-chart, before the window shows): compute the
    // analysis of the window's scenario in this thread, then write the report folder / one chart.
    // Return false and set *error on failure.
    bool exportReport(const QString& folder, QString* error);
    bool exportChart(const QString& name, const QString& path, QString* error);
    // --export-report / --export-chart: returns the process exit code (0 ok, 1 I/O, 2 bad chart name);
    // messages go to stderr.
    int runScriptedExports(const StudioOptions& options);

    void showTourState(const Scenario& scenario, const std::vector<TraceFailure>& trace, const TourState& state) override;
    QWidget* tourTarget(const QString& name) override;

private:
    void buildActions();
    bool computeBlocking(QString* error);
    // The menu's export: waits for the worker's analysis (starting it if needed), then writes.
    void exportReportWhenReady(const QString& folder);
    void exportRunInBackground(bool perfetto);

    QPointer<MainWindow> window_;
    AnalysisView* view_ = nullptr;
    PresentationMode* presentation_ = nullptr;
    TourController* tour_ = nullptr;
    QTemporaryDir tourFolder_;
    std::atomic<bool> runExportCancel_{false};
    std::thread runExport_;
};

}  // namespace spare
