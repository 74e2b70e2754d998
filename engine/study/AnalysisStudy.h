#pragma once

#include "engine/study/AnalysisRequest.h"
#include "engine/study/AnalysisResults.h"

#include <atomic>
#include <functional>
#include <string>

namespace spare {

// Progress of a computation: units done of total and the running stage's name.
struct AnalysisProgress {
    int done = 0;
    int total = 0;
    std::string stage;
};

// Computes an AnalysisResults with the engine, stage by stage: the headline sweep (Sweep on oneTBB),
// the Monte-Carlo estimates per layout and r, the N sweep, the checkpoint-interval sweep and, when the
// scenario has racks, the correlated-failures sweeps (withRackShare), and the repair what-if (one
// sweep per RepairWhatIfGrid point, withRepairPoint). Calls
// `update` after every finished grid point with the results so far (from the sweep's worker threads,
// one call at a time). Raising
// `cancel` stops at the next grid point and returns the consistent partial results (cancelled = true).
// The window's worker, `spare-cli report`, spare_studio.analysis_study(), the tests and the benchmark
// all call this one function. A stage's exception ends the study: results.error holds it.
class AnalysisStudy {
public:
    using UpdateFn = std::function<void(const AnalysisResults&, const AnalysisProgress&)>;

    static AnalysisResults run(const AnalysisRequest& request, const std::atomic<bool>& cancel,
                               const UpdateFn& update = {});
    // Grid points the request asks for (the progress total).
    static int totalUnits(const AnalysisRequest& request);
};

}  // namespace spare
