#pragma once

#include "engine/planning/ClusterFailureModel.h"
#include "engine/sim/Scenario.h"
#include "ui/planning/FitJob.h"

#include <QWidget>

#include <optional>

class QComboBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTabWidget;
class QTableView;
class QTableWidget;

namespace spare {

class ChartPanel;
class FitFamiliesModel;

// What a fit says: the counts of the log's lines, the three families (parameters and MTBF with 95%
// intervals, AIC, KS / AD with bootstrap p-values, the winner), the four fit charts, the clustering
// by location with the suggested rack share, and the failures section it gives the current scenario
// ("Use in scenario" applies it).
class FitResultsPanel : public QWidget {
    Q_OBJECT
public:
    explicit FitResultsPanel(QWidget* parent = nullptr);

    // A fit that succeeded (FitOutcome::ok()).
    void setOutcome(const FitOutcome& outcome);
    const FitOutcome& outcome() const { return outcome_; }
    // The scenario the failures section is computed for (groups x GPUs per group).
    void setScenario(const Scenario& scenario);
    // The fitted failures section for the current scenario (needs a fit and the fleet's units).
    const std::optional<ClusterFailureModel>& model() const { return model_; }
    // The current scenario with that section, as spare-cli fit --scenario-out writes it.
    std::optional<Scenario> fittedScenario() const;
    void setFitCommand(const QString& command);
    // Shown under "Use in scenario" after it was pressed.
    void showApplied(const QString& text, bool ok);
    // The chosen rack level's suggestion, with a location column.
    std::optional<RackShareSuggestion> rackShare() const;

    FitFamiliesModel* familiesModel() const { return families_; }
    ChartPanel* chart(const QString& name) const;
    QTableWidget* clusteringTable() const { return clusteringTable_; }
    QComboBox* rackLevel() const { return rackLevel_; }
    QPushButton* useButton() const { return use_; }
    QLabel* appliedLabel() const { return applied_; }
    QLabel* countsLabel() const { return counts_; }

signals:
    void useRequested();

private:
    QWidget* buildModelBox();
    QWidget* buildClusteringBox();
    void refreshModel();
    void refreshRackShare();

    FitOutcome outcome_;
    Scenario scenario_;
    std::optional<ClusterFailureModel> model_;
    FitFamiliesModel* families_ = nullptr;
    QLabel* counts_ = nullptr;
    QTableView* familiesTable_ = nullptr;
    QTabWidget* charts_ = nullptr;
    QVector<ChartPanel*> chartPanels_;
    QGroupBox* clusteringBox_ = nullptr;
    QTableWidget* clusteringTable_ = nullptr;
    QComboBox* rackLevel_ = nullptr;
    QLabel* rackEvidence_ = nullptr;
    QLabel* modelText_ = nullptr;
    QPushButton* use_ = nullptr;
    QLabel* applied_ = nullptr;
    QLineEdit* command_ = nullptr;
};

}  // namespace spare
