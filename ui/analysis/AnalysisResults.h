#pragma once

#include "analysis/MonteCarlo.h"
#include "sim/Scenario.h"
#include "sim/TimeBreakdown.h"

#include <QString>

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
    SeedSpread stackNumber;
    double tttS = 0.0;            // mean TTT
    TimeBreakdown timeBreakdown;  // each part's mean over the seeds
};

// One Monte-Carlo estimate of a layout (same seed for every layout: the same failure orders).
struct LayoutEstimate {
    QString layout;  // "golomb", "consecutive" or the loaded layout's name
    int redundancy = 0;
    MonteCarloResult result;
};

// Everything the Analysis tab has computed so far for one request. Grows while the worker runs;
// complete = every stage finished (only complete results are cached).
struct AnalysisResults {
    std::vector<SimulatedPoint> headline;   // x = r
    std::vector<LayoutEstimate> layouts;    // x = r per layout
    std::vector<SimulatedPoint> byGroups;   // x = N, r = chosen
    std::vector<SimulatedPoint> byInterval; // x = T_c steps, SPARe at the chosen r
    bool complete = false;
    bool cancelled = false;
    QString error;  // first error of a stage (the rest of the results stay valid)

    int simulatedPointCount() const
    {
        return static_cast<int>(headline.size() + byGroups.size() + byInterval.size());
    }
};

}  // namespace spare
