#pragma once

#include "engine/sim/RunMetrics.h"
#include "engine/sim/Scenario.h"

#include "engine/base/RunControl.h"

#include <limits>
#include <vector>

namespace spare {

struct ScenarioBatchOptions {
    double maxTttRatio = 100.0;  // a run stops (incomplete) at this x T0, as in sweeps and campaigns
    double untilS = std::numeric_limits<double>::infinity();  // and at this simulated time
    RunControl control;  // progress: runs finished so far, total
};

// Runs every scenario once (each with its own run.seed) on oneTBB workers. Result i belongs to
// scenario i whatever the thread count; a cancelled batch leaves the unfinished runs with
// stopReason Cancelled.
std::vector<RunMetrics> runScenarioBatch(const std::vector<Scenario>& scenarios, const ScenarioBatchOptions& options);

}  // namespace spare
