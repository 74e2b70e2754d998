#pragma once

#include "engine/planning/RegimeContender.h"
#include "engine/sim/Scenario.h"

#include <nlohmann/json_fwd.hpp>

#include "engine/base/RunControl.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace spare {

// The default map of `spare-cli regime-map`, `report --regime-map` and the Analysis tab.
inline constexpr const char* kRegimeMapDefaultX = "restart.duration_s=60,120,300,600,1200,1800,3600";
inline constexpr const char* kRegimeMapDefaultY = "failures.system_mtbf_s=150,300,600,1200,2400";
inline constexpr const char* kRegimeMapDefaultContenders = "spare,ckpt-memory,elastic,rebalance";

// One axis of a regime map: a numeric scenario key ("restart.duration_s") and its values.
struct RegimeAxis {
    std::string key;
    std::vector<double> values;
};

struct RegimeMapOptions {
    RegimeAxis x;
    RegimeAxis y;
    std::vector<RegimeContender> contenders;
    int seeds = 3;               // seeds 1 .. seeds, the same for every contender (common random numbers)
    // The seed of replicate k when not empty (`seeds` of them): a campaign's common seeds.
    std::vector<std::uint64_t> seedValues;
    double maxTttRatio = 100.0;  // a run still unfinished here counts as this (and says so)
    RunControl control;          // progress: runs
};

struct RegimeCell {
    double x = 0.0;
    double y = 0.0;
    std::vector<double> meanRatio;  // TTT / T0 by the scenario's progress measure, per contender
    std::vector<double> halfWidth;  // 95% over seeds
    std::vector<int> unfinished;    // runs that reached maxTttRatio, per contender
    int winner = -1;
    int runnerUp = -1;
    double margin = 0.0;            // (runner-up - winner) / winner
    // The paired difference winner - runner-up over the seeds has a 95% interval that excludes 0.
    bool separable = false;
};

struct RegimeMap {
    RegimeMapOptions options;
    // Elastic, rebalance and the in-memory tier need checkpoint.semantics exact: when a contender needs it
    // and the base scenario has the paper's rule, every contender runs under exact (the same rules for all).
    bool semanticsMadeExact = false;
    std::vector<RegimeCell> cells;  // y-major: cell (ix, iy) is cells[iy * x.values.size() + ix]
    std::size_t runs = 0;
};

// Throws InputError when `key` is not a numeric scenario key.
void checkRegimeAxisKey(const std::string& key, const char* flag);
// "KEY=V1,V2,..." or "KEY=LO:HI:N" (N evenly spaced values) or "KEY=LO:HI:Ng" (geometric), 1 .. 100 values.
// Throws InputError naming `argument` (the flag or argument the text came from).
RegimeAxis parseRegimeAxis(const std::string& spec, const char* argument);
// `base` with `key` set to `value` (validated as a scenario file would be: InputError names the key).
Scenario scenarioWithValue(const Scenario& base, const std::string& key, double value);

// How long runRegimeMap will take: one run per contender at the middle cell (the first seed), timed on this
// machine, times cells x seeds / threads.
struct RegimeMapEstimate {
    double probeS = 0.0;  // the probe's wall time, every contender
    double totalS = 0.0;  // the estimate for the whole map
    int threads = 1;
    std::size_t runs = 0;
    std::string probeCell;  // "KEY=V, KEY=V"
};
RegimeMapEstimate estimateRegimeMap(const Scenario& base, const RegimeMapOptions& options);
// "288 runs (6 x 4 cells x 4 contenders x 3 seeds); about 5 s on 2 threads (one run per contender at ... took
// 0.07 s)": what the CLI and the window say before a map starts.
std::string regimeMapEstimateText(const RegimeMapOptions& options, const RegimeMapEstimate& estimate);

// The rules every contender of the map runs under: `base`, under checkpoint.semantics exact when a contender
// needs it and the base has the paper's rule (then *madeExact is set).
Scenario regimeMapRules(const Scenario& base, const std::vector<RegimeContender>& contenders, bool* madeExact);
// A cell's settings for one contender of the map (contenderSettings): Rep+CKPT at run.rep_redundancy when
// the scenario sets it, else at the cell's cluster.redundancy (a per-cell best r could not be written
// as a campaign's variant).
ContenderSettings regimeContenderSettings(const Scenario& cell, const RegimeContender& contender,
                                          const std::vector<RegimeContender>& contenders);
// The cell's scenario for that contender: the cell with regimeContenderSettings applied.
Scenario regimeContenderScenario(const Scenario& cell, const RegimeContender& contender,
                                 const std::vector<RegimeContender>& contenders);
// One cell's statistics from its runs: ratios[c][k] the TTT/T0 of contender c on seed k (maxTttRatio for an
// unfinished run), unfinished[c] how many did not finish.
RegimeCell regimeCell(double x, double y, const std::vector<std::vector<double>>& ratios, std::vector<int> unfinished);

// Every cell x contender x seed, as one batch. A cancelled map has the cells done so far only.
// Throws InputError when a cell's scenario is invalid (naming the key and value).
RegimeMap runRegimeMap(const Scenario& base, const RegimeMapOptions& options);

// One row per cell and contender: x,y,contender,mean_ttt_ratio,half_width,unfinished,winner,margin,separable.
std::string regimeMapCsv(const RegimeMap& map);
// {"x": key, "y": key, "contenders": [...], "seeds", "semantics_made_exact", "cells": [{"x", "y", "winner",
// "runner_up", "margin", "separable", "contenders": [{"name", "mean_ttt_ratio", "half_width", "unfinished"}]}]}.
nlohmann::json regimeMapToJson(const RegimeMap& map);
// The map as text: one letter per cell for the winner, lower case where the top two cannot be separated.
std::string regimeMapText(const RegimeMap& map);

}  // namespace spare
