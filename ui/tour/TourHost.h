#pragma once

#include "engine/sim/FailureTrace.h"
#include "engine/sim/Scenario.h"
#include "ui/tour/TourState.h"

#include <QRect>
#include <QString>

#include <vector>

class QWidget;

namespace spare {

// What the guided tour needs from the window it runs in: show a prepared state, the widget a step's
// arrow points at ("cluster", "stack", "timeline"; nullptr when there is none) and, within it, the
// part that matters for the state (the cell a decision moved, the failed group's row), in the
// widget's coordinates; a null
// rectangle means the whole widget.
class TourHost {
public:
    virtual ~TourHost() = default;
    virtual void showTourState(const Scenario& scenario, const std::vector<TraceFailure>& trace,
                               const TourState& state) = 0;
    virtual QWidget* tourTarget(const QString& name) = 0;
    virtual QRect tourFocus(const QString& name, const TourState& state) = 0;
};

}  // namespace spare
