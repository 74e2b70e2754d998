#pragma once

#include "engine/planning/ConfigurationPlanner.h"

#include <nlohmann/json.hpp>

#include <string>

namespace spare {

// Every figure of a plan: per policy the candidates (mean TTT/T0, 95% interval, replicates, when
// eliminated), the selection, the runner-up and their paired difference, the guarantee, and the runs
// spent against a full grid at the same confidence.
nlohmann::json planResultToJson(const PlanResult& result, const PlanSpec& spec);

// The spare-cli plan command that reproduces a spec on `scenarioPath` (shell-quoted where needed; r values
// as ranges: 2-16, 2,4,8).
std::string planCommandLine(const PlanSpec& spec, const std::string& scenarioPath);

// The one-page recommendation as Markdown (spare-cli plan's text output, --report, and the GUI's
// report): the figures above and `command`, the spare-cli line that reproduces them.
std::string planReportMarkdown(const PlanResult& result, const PlanSpec& spec, const std::string& command);

}  // namespace spare
