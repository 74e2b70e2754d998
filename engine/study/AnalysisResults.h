#pragma once

#include "engine/analysis/MonteCarlo.h"
#include "engine/sim/Scenario.h"
#include "engine/sim/TimeBreakdown.h"
#include "engine/sweep/RepairWhatIf.h"

#include <exception>
#include <string>
#include <vector>

namespace spare {

// Mean and spread over the seeds of one grid point.
struct SeedSpread {
    double mean = 0.0;
    double sd = 0.0;
};

// One simulated grid point as the charts need it, taken from an engine sweep row. x is the swept
// value: r (headline), N (groups sweep) or the checkpoint interval in steps (explorer).
struct SimulatedPoint {
    Policy policy = Policy::Spare;
    double x = 0.0;
    int runs = 0;
    bool completed = false;  // every seed finished all steps (only such points can be "best")
    SeedSpread tttRatio;
    SeedSpread availability;
    SeedSpread ettr;  // effective training time ratio: productive time / wall clock (RunMetrics::ettr)
    SeedSpread stackNumber;
    double tttS = 0.0;            // mean TTT
    TimeBreakdown timeBreakdown;  // each part's mean over the seeds
};

// One Monte-Carlo estimate of a layout (same seed for every layout: the same failure orders).
struct LayoutEstimate {
    std::string layout;  // "golomb", "consecutive" or the loaded layout's name
    int redundancy = 0;
    MonteCarloResult result;
};

// One sweep of the correlated-failures what-if: the scenario on one layout with independent failures or
// with a share of them as whole-rack failures (withRackShare); x = r.
struct CorrelatedSweep {
    std::string layout;       // "golomb" or "golomb-domain"
    bool correlated = false;  // rack share applied
    std::vector<SimulatedPoint> points;
};

// One curve of the repair what-if: a swap time and rejoin rule; x = the hot-spare pool size (nodes).
struct RepairSweep {
    double swapS = 0.0;
    RejoinRule rejoin = RejoinRule::None;
    std::vector<SimulatedPoint> points;
};

// Everything the analysis study has computed so far for one request. Grows while the worker runs;
// complete = every stage finished (only complete results are cached).
struct AnalysisResults {
    std::vector<SimulatedPoint> headline;   // x = r
    std::vector<LayoutEstimate> layouts;    // x = r per layout
    std::vector<SimulatedPoint> byGroups;   // x = N, r = chosen
    std::vector<SimulatedPoint> byInterval; // x = T_c steps, SPARe at the chosen r
    std::vector<CorrelatedSweep> correlated; // x = r; empty when the scenario cannot have rack failures
    std::vector<RepairSweep> repair;         // x = spare nodes, one per (swap time, rejoin rule)
    bool complete = false;
    bool cancelled = false;
    std::exception_ptr error;  // first error of a stage (the rest of the results stay valid)

    int simulatedPointCount() const
    {
        std::size_t count = headline.size() + byGroups.size() + byInterval.size();
        for (const CorrelatedSweep& sweep : correlated)
            count += sweep.points.size();
        for (const RepairSweep& sweep : repair)
            count += sweep.points.size();
        return static_cast<int>(count);
    }
};

}  // namespace spare
