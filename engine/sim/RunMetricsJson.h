#pragma once

#include "engine/sim/RunMetrics.h"
#include "engine/sim/Scenario.h"

#include <nlohmann/json_fwd.hpp>

#include <string>
#include <utility>
#include <vector>

namespace spare {

// Every scalar RunMetrics field as (snake_case key, value), in a fixed order: the one list the JSON
// output, the sweep statistics and the CSV columns are built from. The time breakdown and the per-step
// controller phases are not in it; runMetricsToJson writes them as the objects below.
std::vector<std::pair<std::string, double>> runMetricsFields(const RunMetrics& metrics);

// "until", "max_ttt_ratio", "max_failures", "cancelled"; "none" for StopReason::None.
const char* stopReasonName(StopReason reason);

// {"useful_compute_s": seconds, ...}: every timeBreakdownParts() key.
nlohmann::json timeBreakdownToJson(const TimeBreakdown& breakdown);

// {"per_decision": {"fixed_check", "reorder", "wipeout"},
//  "per_executed_step": {"no_decision", "fixed_check_only", "reorder"}}: counts.
nlohmann::json controllerPhasesToJson(const RunMetrics& metrics);

// {"nodes_failed", "rejoins", "mean_rejoin_delay_s", "spare_waits", "spare_wait_s", "min_free_spares"}.
nlohmann::json repairMetricsToJson(const RepairMetrics& repair);

// {"completed": bool, "stop_reason": name, "<key>": number, ..., "time_breakdown": {...},
// "controller_phases": {...}, and "repair": {...} under a repair model} with integer fields as integers.
nlohmann::json runMetricsToJson(const RunMetrics& metrics);

// runMetricsToJson plus the run's identity (scenario name, policy, redundancy, groups, seed): what
// `spare-cli simulate --json` prints and the GUI's metrics.json holds.
nlohmann::json runReportJson(const Scenario& scenario, const RunMetrics& metrics);

}  // namespace spare
