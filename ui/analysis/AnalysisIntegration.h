#pragma once

#include "ui/base/JobRunner.h"

#include <QObject>
#include <QString>

class QMainWindow;
class QTabWidget;

namespace spare {

class AnalysisView;
class CurrentRun;
struct StudioContext;

// The analysis as one of the window's features: the "Analysis" tab (computed when first shown and again
// when the scenario changed), File > Export's analysis report (the analysis's charts drawn here, its
// metrics.json written on a worker thread) and current analysis chart, and the charts' presentation
// style while presentation mode is on.
class AnalysisIntegration : public QObject {
    Q_OBJECT
public:
    explicit AnalysisIntegration(const StudioContext& context);

    AnalysisView* analysisView() const { return view_; }

    // Brings the analysis up to date with the Run tab's scenario (no-op when it already is, or when
    // there is no scenario).
    void refreshAnalysis();
    // The menu's report export: waits for the analysis (starting it if needed), then writes the folder
    // on a worker thread. reportWritten() tells the outcome.
    void exportReportWhenReady(const QString& folder);

signals:
    // ok = false: `message` says why nothing (or not everything) was written.
    void reportWritten(bool ok, const QString& message);

private:
    void buildActions(const StudioContext& context);
    void showResult(const QString& message);

    QMainWindow* window_;
    QTabWidget* tabs_;
    const CurrentRun* run_;
    AnalysisView* view_ = nullptr;
    struct Written {
        bool ok = false;
        QString message;
    };
    // Last member: cancelled and joined first. A newer report supersedes the one that runs.
    JobRunner<Written> reportMetrics_{this, QStringLiteral("spare-report")};
};

}  // namespace spare
