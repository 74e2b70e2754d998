#pragma once

#include "ui/studio/StudioContext.h"
#include "ui/tour/TourHost.h"

#include <QObject>

#include <optional>
#include <vector>

class QTabWidget;

namespace spare {

class TourController;

// Help > Guided tour, and the tour's host in the window: each step plays the tour's own scenario and
// trace in the Run tab up to the step's time, and its arrow points at a Run tab view; when the tour
// ends the window gets back the scenario the user had.
class GuidedTour : public QObject, public TourHost {
    Q_OBJECT
public:
    explicit GuidedTour(const StudioContext& context);
    ~GuidedTour() override;

    // Created on first use.
    TourController* tour();
    // Starts the tour; a script that cannot be read is shown in a message box.
    void start();

    void showTourState(const Scenario& scenario, const std::vector<TraceFailure>& trace, const TourState& state) override;
    QWidget* tourTarget(const QString& name) override;
    QRect tourFocus(const QString& name, const TourState& state) override;

private:
    void restoreUserScenario();

    QWidget* window_;
    QTabWidget* tabs_;
    const CurrentRun* run_;
    StudioContext::RunTab runTab_;
    decltype(StudioContext::startRun) startRun_;
    decltype(StudioContext::runUntil) runUntil_;
    TourController* tour_ = nullptr;
    // What the window ran before the tour took the Run tab over.
    std::optional<Scenario> userScenario_;
    std::optional<std::vector<TraceFailure>> userTrace_;
};

}  // namespace spare
