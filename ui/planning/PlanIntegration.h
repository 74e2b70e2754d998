#pragma once

#include "engine/sim/Scenario.h"

#include <QObject>

class QTabWidget;
class QWidget;

namespace spare {

class CurrentRun;
class PlanView;
class ScenarioEditor;
struct StudioContext;

// The Plan tab as one of the window's features: the "Plan" tab, File > Plan from a failure log (shows
// the tab and asks for the log), the Run tab's scenario followed as it changes, and
// the fitted failures applied through the scenario editor (its fields, then Apply).
class PlanIntegration : public QObject {
    Q_OBJECT
public:
    explicit PlanIntegration(const StudioContext& context);

    PlanView* view() const { return view_; }

private:
    void followScenario();
    void applyThroughEditor(const Scenario& scenario);

    QWidget* window_;
    QTabWidget* tabs_;
    const CurrentRun* run_;
    ScenarioEditor* editor_;
    PlanView* view_ = nullptr;
};

}  // namespace spare
