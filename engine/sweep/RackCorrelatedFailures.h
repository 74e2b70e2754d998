#pragma once

#include "engine/sim/Scenario.h"

namespace spare {

// The "correlated failures" what-if (docs/analysis-and-export.md): the same failure rate for every GPU,
// with a share of it arriving as whole-rack failures. In the model a GPU is taken down when its group
// fails: without domain processes each group's clock fires at 1 / (N m). withRackShare(s, share) moves
// `share` of that rate into one failures.domains entry at rack level: the per-group clocks keep
// (1 - share) / (N m) (system_mtbf_s becomes m / (1 - share)) and each rack gets an exponential clock of
// mean k N m / share, k = the mean number of racks a group touches, so a group is hit by its racks at
// share / (N m) on average (exactly, when every group touches the same number of racks). The rate at
// which a GPU goes down, and the expected number of group failures, are unchanged; a rack event takes
// every group in the rack down at once. Domain entries already in the scenario are kept as they are.
// share = 0 returns the scenario unchanged.
//
// Throws std::invalid_argument naming the value and the range (0 <= share < 1), or what the scenario
// lacks: a topology section, a random failure model (not a trace), no failures.categories (they split
// the rate themselves).
Scenario withRackShare(const Scenario& scenario, double share);

// k above: the mean over the groups of the number of racks each touches.
double meanRacksPerGroup(const Scenario& scenario);

}  // namespace spare
