#pragma once

#include "engine/sim/DisplayedFigures.h"
#include "engine/sim/Scenario.h"

#include <nlohmann/json.hpp>

namespace spare {

// One run's figures at a point of its playback, as the window's --export-state writes a lane (Run, Race
// and Compare tabs) and `spare-cli simulate --state-at` prints it: policy, redundancy, checkpoint
// interval, progress, failures, restarts, rejoins, availability, down time and stack number.
nlohmann::json runLaneJson(const Scenario& scenario, int checkpointIntervalSteps, const DisplayedFigures& figures);

}  // namespace spare
