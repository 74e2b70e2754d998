#pragma once

#include "sim/RunMetrics.h"

#include <nlohmann/json_fwd.hpp>

#include <string>
#include <utility>
#include <vector>

namespace spare {

// Every RunMetrics field as (snake_case key, value), in a fixed order: the one list the JSON output,
// the sweep statistics and the CSV columns are built from.
std::vector<std::pair<std::string, double>> runMetricsFields(const RunMetrics& metrics);

// {"completed": bool, "<key>": number, ...} with integer fields as integers.
nlohmann::json runMetricsToJson(const RunMetrics& metrics);

}  // namespace spare
