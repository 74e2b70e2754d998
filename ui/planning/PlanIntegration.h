#pragma once

#include "sim/Scenario.h"

#include <QObject>
#include <QPointer>

namespace spare {

class MainWindow;
class PlanView;

// Plugs the Plan tab into spare-studio's MainWindow: the "Plan" tab, File > Plan from a failure log
// (shows the tab and asks for the log), the current scenario followed through scenarioChanged, and
// the fitted failures applied through the scenario editor (its fields, then Apply).
class PlanIntegration : public QObject {
    Q_OBJECT
public:
    explicit PlanIntegration(MainWindow* window);

    PlanView* view() const { return view_; }

private:
    void followScenario();
    void applyThroughEditor(const Scenario& scenario);

    QPointer<MainWindow> window_;
    PlanView* view_ = nullptr;
};

}  // namespace spare
