#pragma once

#include "engine/sim/MemoryEstimate.h"

#include <CLI/CLI.hpp>

#include <string>

namespace spare::cli {

// --memory-limit SIZE for the commands that simulate (simulate, sweep, paper-table).
void addMemoryLimitOption(CLI::App& sub, std::string& limitText);

// Before any work: UsageError (exit 2) naming the estimate and the budget when the estimate is over
// it, or naming --memory-limit when its text is malformed. An empty text means defaultMemoryBudget().
void requireMemoryFits(const MemoryEstimate& estimate, const Scenario& scenario, const std::string& limitText);

}  // namespace spare::cli
