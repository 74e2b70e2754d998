#pragma once

#include "sim/FailureTrace.h"
#include "sim/Scenario.h"
#include "tour/TourState.h"

#include <QString>

#include <vector>

class QWidget;

namespace spare {

// What the guided tour needs from the window it runs in: show a prepared state, and the widget a
// step's arrow points at ("cluster", "stack", "timeline"; nullptr when there is none).
class TourHost {
public:
    virtual ~TourHost() = default;
    virtual void showTourState(const Scenario& scenario, const std::vector<TraceFailure>& trace,
                               const TourState& state) = 0;
    virtual QWidget* tourTarget(const QString& name) = 0;
};

}  // namespace spare
