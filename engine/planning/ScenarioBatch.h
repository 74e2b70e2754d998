#pragma once

#include "engine/sim/RunMetrics.h"
#include "engine/sim/Scenario.h"

#include <atomic>
#include <cstddef>
#include <functional>
#include <limits>
#include <vector>

namespace spare {

struct ScenarioBatchOptions {
    int threads = 0;             // 0 = all hardware threads
    double maxTttRatio = 100.0;  // a run stops (incomplete) at this x T0, as in sweeps and campaigns
    double untilS = std::numeric_limits<double>::infinity();  // and at this simulated time
    // From worker threads (must be thread-safe): runs finished so far, total.
    std::function<void(std::size_t done, std::size_t total)> progress;
    const std::atomic<bool>* cancel = nullptr;
};

// Runs every scenario once (each with its own run.seed) on oneTBB workers. Result i belongs to
// scenario i whatever the thread count; a cancelled batch leaves the unfinished runs with
// stopReason Cancelled.
std::vector<RunMetrics> runScenarioBatch(const std::vector<Scenario>& scenarios, const ScenarioBatchOptions& options);

}  // namespace spare
