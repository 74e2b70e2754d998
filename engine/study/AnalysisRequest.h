#pragma once

#include "engine/sim/Scenario.h"
#include "engine/sweep/RepairWhatIf.h"

#include <cstdint>
#include <string>
#include <vector>

namespace spare {

// What the analysis study computes for one scenario (the Analysis tab, `spare-cli report`,
// spare_studio.analysis_study()): the grids of every chart. A value; its cacheKey() names the cache
// entry (scenario JSON text + grids), so a changed scenario or grid is a different entry.
struct AnalysisRequest {
    Scenario scenario;
    std::vector<Policy> policies{Policy::Spare, Policy::Rep, Policy::Ckpt};
    std::vector<int> redundancies;      // headline grid (r)
    int seeds = 3;                      // runs per (policy, r): seeds scenario.seed .. + seeds - 1
    std::uint64_t monteCarloTrials = 400;
    std::vector<int> groupsGrid;        // TTT/T0 vs N
    int chosenRedundancy = 0;           // r for the N sweep and the checkpoint explorer
    std::vector<int> intervalGrid;      // checkpoint explorer (steps)
    std::string extraLayoutPath;        // a loaded layout for the layout comparison (may be empty)
    int stepsCap = 0;                   // > 0: simulate at most this many steps (interactive default)
    double rackShare = 0.1;             // correlated-failures what-if: share of failures as whole racks (0 = off)
    // Repair what-if: SPARe and Rep at chosenRedundancy on every point of the grid (no points = off;
    // interactiveDefaults uses RepairWhatIfGrid's), repairSeeds runs per point (1 keeps the default
    // Analysis about as fast as without it).
    RepairWhatIfGrid repairGrid{{}, {}, {}};
    int repairSeeds = 1;

    static constexpr int kInteractiveStepsCap = 10'000;

    // Defaults sized to stay interactive (a few seconds for the paper's N = 600): r = 2..min(20, N/4)
    // (every other r past 12), 3 seeds, at most kInteractiveStepsCap steps, 3 values of N, 5 of T_c,
    // the repair what-if's 24 points.
    static AnalysisRequest interactiveDefaults(const Scenario& scenario);
    // The full headline grid of the paper: SPARe and Rep, r = 2..20, 3 seeds, whole run length, no
    // Monte-Carlo / N / T_c / what-if stages (the benchmark).
    static AnalysisRequest headlineBenchmark(const Scenario& scenario);

    // The scenario as simulated (steps capped).
    Scenario simulatedScenario() const;
    // Why the correlated-failures what-if cannot run on this scenario (empty when it can).
    std::string correlatedFailuresUnavailable() const;
    std::string cacheKey() const;
};

}  // namespace spare
