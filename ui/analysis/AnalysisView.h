#pragma once

#include "engine/study/AnalysisRequest.h"
#include "engine/study/AnalysisResults.h"
#include "engine/study/AnalysisStudy.h"
#include "ui/charts/ChartSpec.h"
#include "ui/charts/ChartStyle.h"

#include <QHash>
#include <QSet>
#include <QWidget>

#include <optional>

class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTabWidget;
class QTimer;

namespace spare {

class AnalysisRunner;
class ChartPanel;
class RegimeMapPage;

// The Analysis tab: the headline chart (effective throughput vs r for SPARe+CKPT, Rep+CKPT and
// CKPT-only, with the model 1/J(r), the best simulated r and r*) and the further charts (availability,
// stack number, mu, TTT vs N, checkpoint-period explorer, layouts side by side) and the regime map. The computation runs
// on a worker and streams into the charts; Cancel keeps the consistent partial charts.
class AnalysisView : public QWidget {
    Q_OBJECT
public:
    explicit AnalysisView(QWidget* parent = nullptr);
    ~AnalysisView() override;

    // Uses AnalysisRequest::interactiveDefaults and starts (or shows the cached results).
    void setScenario(const Scenario& scenario);
    void setRequest(const AnalysisRequest& request);
    const AnalysisRequest& request() const;
    const AnalysisResults& results() const;
    bool running() const;
    AnalysisRunner* runner() const { return runner_; }
    // The "Regime map" page (which policy wins where; run on demand, on the same scenario).
    RegimeMapPage* regimeMapPage() const { return regimeMap_; }

    QStringList chartNames() const;
    // The spec currently on screen (nullopt for an unknown name).
    std::optional<ChartSpec> chartSpec(const QString& name) const;
    ChartPanel* panel(const QString& name) const { return panels_.value(name); }
    // The (first) chart of the tab on screen.
    std::optional<ChartSpec> currentChartSpec() const;
    void setChartStyle(const ChartStyle& style);
    QString summaryText() const;

public slots:
    void rerun();
    // Re-runs with another r for the N sweep and the checkpoint explorer / another layout to compare.
    void setChosenRedundancy(int redundancy);
    // Re-runs with another share (0 .. 0.9) of the failure rate as whole-rack failures in the Correlated
    // failures what-if; 0 turns it off.
    void setRackShare(double share);
    // The layout file is read first: false and *error (nothing recomputed) when it is not usable.
    bool setComparedLayout(const QString& path, QString* error);
    void cancel();

signals:
    void analysisFinished();

private:
    void onUpdated(const AnalysisResults& results, const AnalysisProgress& progress);
    void showProgress();
    void onFinished(const AnalysisResults& results);
    void refreshCharts();
    void refreshPanel(const QString& name);

    AnalysisRunner* runner_ = nullptr;
    QTabWidget* tabs_ = nullptr;
    RegimeMapPage* regimeMap_ = nullptr;
    QHash<QString, ChartPanel*> panels_;
    QSet<QString> stale_;  // charts off screen that missed an update (rebuilt when their tab shows)
    QLabel* status_ = nullptr;
    QLabel* summary_ = nullptr;
    QProgressBar* progressBar_ = nullptr;
    QPushButton* cancel_ = nullptr;
    QPushButton* rerun_ = nullptr;
    QPushButton* loadLayout_ = nullptr;
    QSpinBox* chosenRedundancy_ = nullptr;
    QSpinBox* rackSharePercent_ = nullptr;
    AnalysisProgress progress_;  // the latest, shown by showProgress()
    QTimer* progressTimer_ = nullptr;
    QTimer* refreshTimer_ = nullptr;
};

}  // namespace spare
