#pragma once

#include "ui/campaign/CampaignSelection.h"
#include "ui/charts/ChartSpec.h"

#include <QStringList>
#include <QWidget>

#include <memory>

class QComboBox;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QTabWidget;
class QTableView;

namespace spare {

class CampaignData;
class CampaignHeatmapModel;
class CampaignResultsLoader;
class CampaignRunJob;
struct CampaignRunOutcome;
class ChartPanel;

// The Campaign tab: a merged campaign's heatmap (a table coloured by value, tooltips with mean, 95% CI
// and n), one-way sensitivity (tornado) and CI-band charts of a chosen metric; selectors for the axes and
// the base point that fixes the other keys; exports of the current chart; and a local campaign run
// with progress, cancel and resume whose merge opens here when it completes.
class CampaignView : public QWidget {
    Q_OBJECT
public:
    explicit CampaignView(QWidget* parent = nullptr);
    ~CampaignView() override;

    // Reads in the background; answers with dataChanged() or openFailed().
    void openResults(const QString& path);
    void setData(std::shared_ptr<const CampaignData> data);
    const std::shared_ptr<const CampaignData>& data() const { return data_; }
    void setSelection(const CampaignSelection& selection);
    const CampaignSelection& selection() const { return selection_; }
    // "heatmap", "tornado" or "ci-bands": the chart of the current tab.
    QString currentChart() const;
    void showChart(const QString& name);
    ChartSpec chartSpec(const QString& name) const;

    // Runs (or resumes) a campaign file into a folder; the fields show them.
    void startRun(const QString& campaignPath, const QString& outDir);
    void cancelRun();

    CampaignHeatmapModel* heatmapModel() const { return heatmapModel_; }
    CampaignRunJob* runJob() const { return runJob_; }
    QProgressBar* progressBar() const { return progress_; }
    QTableView* heatmapTable() const { return heatmapTable_; }

signals:
    void dataChanged();
    void openFailed(const QString& path, const QStringList& problems);
    void runFailed(const QString& message);

private:
    QWidget* buildRunBox();
    void rebuildSelectors();
    void readSelectors();
    void refresh();
    void exportCurrentChart();
    void runFinished(const CampaignRunOutcome& outcome);

    std::shared_ptr<const CampaignData> data_;
    CampaignSelection selection_;
    CampaignResultsLoader* loader_ = nullptr;
    CampaignRunJob* runJob_ = nullptr;
    CampaignHeatmapModel* heatmapModel_ = nullptr;
    QLabel* source_ = nullptr;
    QComboBox* metric_ = nullptr;
    QComboBox* xKey_ = nullptr;
    QComboBox* yKey_ = nullptr;
    QHBoxLayout* pointRow_ = nullptr;
    QVector<QComboBox*> pointCombos_;
    QLabel* problem_ = nullptr;
    QTabWidget* charts_ = nullptr;
    QTableView* heatmapTable_ = nullptr;
    ChartPanel* tornado_ = nullptr;
    ChartPanel* ciBands_ = nullptr;
    QLineEdit* campaignFile_ = nullptr;
    QLineEdit* outDir_ = nullptr;
    QPushButton* run_ = nullptr;
    QPushButton* cancel_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QLabel* runStatus_ = nullptr;
    bool updating_ = false;  // selectors being rebuilt: their signals change nothing
};

}  // namespace spare
