#pragma once

#include "JobRunner.h"
#include "sim/FailureTrace.h"
#include "sim/Scenario.h"
#include "tour/TourHost.h"

#include <QObject>
#include <QPointer>

#include <optional>
#include <vector>

namespace spare {

class AnalysisView;
class MainWindow;
class PresentationMode;
class TourController;

// Plugs the analysis part into spare-studio's MainWindow through its public API: the "Analysis" tab
// (computed when first shown and again when the scenario changed), File > Export (report, current
// chart, Perfetto trace, event CSV; written on worker threads), View > Presentation mode (F11) and
// Help > Guided tour. It is the guided tour's host: the tour plays its own scenario and trace in the
// Run tab and, when it ends, gives the window back the scenario the user had.
class AnalysisIntegration : public QObject, public TourHost {
    Q_OBJECT
public:
    explicit AnalysisIntegration(MainWindow* window);
    ~AnalysisIntegration() override;

    AnalysisView* analysisView() const { return view_; }
    PresentationMode* presentation() const { return presentation_; }
    TourController* tour();

    // Brings the analysis up to date with the window's scenario (no-op when it already is, or when the
    // window has no scenario).
    void refreshAnalysis();
    // The menu's report export: waits for the analysis (starting it if needed), then writes the folder
    // on a worker thread. reportWritten() tells the outcome.
    void exportReportWhenReady(const QString& folder);

    void showTourState(const Scenario& scenario, const std::vector<TraceFailure>& trace, const TourState& state) override;
    QWidget* tourTarget(const QString& name) override;
    QRect tourFocus(const QString& name, const TourState& state) override;

signals:
    // ok = false: `message` says why nothing (or not everything) was written.
    void reportWritten(bool ok, const QString& message);

private:
    void buildActions();
    void startTour();
    void restoreUserScenario();
    void exportRunInBackground(bool perfetto);
    // Where an export dialog starts: the last export folder, a name with the scenario's.
    QString suggestion(const QString& what, const QString& extension) const;
    void showResult(const QString& message);

    QPointer<MainWindow> window_;
    AnalysisView* view_ = nullptr;
    PresentationMode* presentation_ = nullptr;
    TourController* tour_ = nullptr;
    // What the window ran before the tour took the Run tab over.
    std::optional<Scenario> userScenario_;
    std::optional<std::vector<TraceFailure>> userTrace_;
    struct Written {
        bool ok = false;
        QString message;
    };
    // Last members: cancelled and joined first. A newer export supersedes the one of its kind that runs.
    JobRunner<Written> reportMetrics_{this, QStringLiteral("spare-report")};
    JobRunner<QString> runExport_{this, QStringLiteral("spare-run-export")};  // the outcome: the message
};

}  // namespace spare
