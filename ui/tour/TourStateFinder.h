#pragma once

#include "engine/sim/FailureTrace.h"
#include "engine/sim/Scenario.h"
#include "ui/tour/TourState.h"
#include "ui/tour/TourStep.h"

#include <vector>

namespace spare {

// Runs the engine on the tour scenario up to the event a step seeks (deterministic: trace failures,
// the scenario's seed) and returns that state. found = false when the run ends without a match.
class TourStateFinder {
public:
    static TourState find(const Scenario& scenario, const std::vector<TraceFailure>& trace, const TourSeek& seek);
    static bool matches(const TourSeek& seek, const Event& event);
};

}  // namespace spare
