#pragma once

#include "ui/planning/PlanJob.h"
#include "ui/planning/PlanRequest.h"

#include <QWidget>

#include <optional>
#include <vector>

class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableView;
class QTextBrowser;

namespace spare {

class PlanRaceModel;

// The planner: policies, r and checkpoint candidates, confidence, indifference, first stage and batch;
// "Plan" runs the Kim-Nelson selection in the background with progress and cancel, the race table
// updated after every round; then the recommendation and the spare-cli command that reproduces it.
class PlannerPanel : public QWidget {
    Q_OBJECT
public:
    explicit PlannerPanel(QWidget* parent = nullptr);

    // The base scenario of the next plan, and the file that holds it (empty: none does).
    void setScenario(const Scenario& scenario, const QString& scenarioPath);
    const QString& scenarioPath() const { return scenarioPath_; }
    PlanRequest request() const;
    void setRequest(const PlanRequest& request);
    // The spec from the fields on the current scenario; nullopt with the problems shown in place.
    std::optional<PlanSpec> spec();
    // Starts the plan; false (problems shown) when a field is bad or a plan runs.
    bool startPlan(int threads = 0);
    void cancelPlan();
    // The finished plan (nullopt before one completes), and the command of the last plan started with
    // its scenario in `scenarioPath` (empty: the file the panel was given, if any).
    const std::optional<PlanOutcome>& lastOutcome() const { return outcome_; }
    QString commandLine(const QString& scenarioPath = {}) const;
    const QString& planScenarioPath() const { return planScenarioPath_; }

    PlanJob* planJob() const { return job_; }
    PlanRaceModel* raceModel() const { return race_; }
    QLabel* problemsLabel() const { return problems_; }
    QLabel* statusLabel() const { return status_; }
    QTextBrowser* recommendation() const { return recommendation_; }
    QPushButton* exportButton() const { return export_; }
    QLineEdit* commandField() const { return command_; }

signals:
    void planFinished(const spare::PlanOutcome& outcome);

private:
    QWidget* buildForm();
    void roundFinished(const PlanResult& result);
    void finished(const PlanOutcome& outcome);

    Scenario scenario_;
    bool hasScenario_ = false;
    QString scenarioPath_;
    std::shared_ptr<const PlanSpec> planSpec_;  // of the last plan started
    QString planScenarioPath_;                   // the file holding its base, if any
    PlanJob* job_ = nullptr;
    PlanRaceModel* race_ = nullptr;
    std::optional<PlanOutcome> outcome_;
    std::vector<QCheckBox*> policyChecks_;  // one per kPolicies entry
    QLineEdit* redundancy_ = nullptr;
    QLineEdit* checkpoint_ = nullptr;
    QDoubleSpinBox* confidence_ = nullptr;
    QLineEdit* indifference_ = nullptr;
    QSpinBox* firstStage_ = nullptr;
    QSpinBox* batch_ = nullptr;
    QSpinBox* maxReplicates_ = nullptr;
    QLabel* base_ = nullptr;
    QLabel* problems_ = nullptr;
    QPushButton* plan_ = nullptr;
    QPushButton* cancel_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QLabel* status_ = nullptr;
    QTableView* raceTable_ = nullptr;
    QTextBrowser* recommendation_ = nullptr;
    QLineEdit* command_ = nullptr;
    QPushButton* export_ = nullptr;
};

}  // namespace spare
