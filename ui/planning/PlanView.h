#pragma once

#include "engine/sim/Scenario.h"

#include <QString>
#include <QWidget>

#include <optional>

class QTabWidget;

namespace spare {

class FitResultsPanel;
class LogImportPanel;
class PlannerPanel;
struct FitOutcome;

// The Plan tab: plan from a real failure log. Left, the log import (LogImportPanel); right, the fit
// (FitResultsPanel, whose failures section "Use in scenario" hands to the scenario editor) and the
// planner (PlannerPanel) on the current scenario. Keeps the spare-cli commands that reproduce the fit
// and the plan, and exports the one-page report.
class PlanView : public QWidget {
    Q_OBJECT
public:
    explicit PlanView(QWidget* parent = nullptr);

    // The scenario that runs now and the file that holds it unchanged (empty: none does).
    void setScenario(const Scenario& scenario, const QString& path);
    const std::optional<Scenario>& scenario() const { return scenario_; }
    void openLog(const QString& path);
    // Asks for the fitted failures section to be applied to the current scenario (scenarioRequested),
    // then says what changed, or why nothing did.
    void useFittedFailures();
    // Writes the report as Markdown at `markdownPath` and as PDF beside it (same name, .pdf); when no
    // file holds the plan's scenario, writes it beside them too (NAME-scenario.json) so that the
    // report's command runs. False and *error on failure.
    bool exportReport(const QString& markdownPath, QString* error);
    QString fitCommand() const;

    LogImportPanel* importPanel() const { return import_; }
    FitResultsPanel* fitPanel() const { return fit_; }
    PlannerPanel* plannerPanel() const { return planner_; }
    void showFit();
    void showPlanner();

signals:
    // Apply this scenario (the current one with the fitted failures) through the scenario editor.
    void scenarioRequested(const spare::Scenario& scenario);

private:
    void fitFinished(const FitOutcome& outcome);
    void refreshFitCommand();
    void chooseReportPath();

    LogImportPanel* import_ = nullptr;
    FitResultsPanel* fit_ = nullptr;
    PlannerPanel* planner_ = nullptr;
    QTabWidget* steps_ = nullptr;
    std::optional<Scenario> scenario_;
    QString scenarioPath_;
    // The base the fit command names (the scenario before "Use in scenario") and the scenario file
    // that command writes; a scenario equal to the fitted one is held by that file.
    std::optional<Scenario> fitBase_;
    QString fitBasePath_;
    std::optional<Scenario> fitted_;
};

}  // namespace spare
