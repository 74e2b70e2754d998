#pragma once

#include "engine/sim/RunFigures.h"
#include "engine/sim/Scenario.h"

#include <nlohmann/json.hpp>

namespace spare {

// A run's figures at one point of its replay as a JSON object: policy, redundancy, checkpoint interval,
// progress, failures, restarts, rejoins, availability, down time and stack number. `spare-cli simulate
// --state-at` prints it and the window's --export-state writes one per run shown, so the two agree.
nlohmann::json runFiguresJson(const Scenario& scenario, int checkpointIntervalSteps, const RunFigures& figures);

}  // namespace spare
