#pragma once

#include "sim/Scenario.h"

namespace spare {

// The "correlated failures" what-if (docs/analysis-and-export.md): the same per-GPU failure rate, with a
// share of it arriving as whole-rack failures. A GPU's failure rate in the model is 1 / (M N m): its
// group's clock (mean N m) spread over the group's M GPUs. withRackShare(s, share) moves `share` of that
// rate into one failures.domains entry at rack level: each rack's exponential clock has mean
// M N m / share (so each GPU's rack fails at share / (M N m)), and the per-group clocks keep the rest
// (system_mtbf_s becomes m / (1 - share), their mean N m / (1 - share)). Each GPU's rate is therefore
// unchanged; a rack event takes every group in the rack down at once. Domain entries already in the
// scenario are kept as they are. share = 0 returns the scenario unchanged.
//
// Throws std::invalid_argument naming the flag's value and range (0 <= share < 1), or what the scenario
// lacks: a topology section, a random failure model (not a trace), no failures.categories (they would
// re-split the rate).
Scenario withRackShare(const Scenario& scenario, double share);

}  // namespace spare
