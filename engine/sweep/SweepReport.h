#pragma once

#include "sweep/Sweep.h"

#include <nlohmann/json_fwd.hpp>

#include <string>
#include <vector>

namespace spare {

// {"policy", "redundancy", "runs", "completed_runs", "best", "<metric>_mean", "<metric>_sd", ...}
nlohmann::json sweepRowToJson(const SweepRow& row);
nlohmann::json sweepRowsToJson(const std::vector<SweepRow>& rows);
// Same columns as CSV (RFC 4180, '.' decimals, header line first).
std::string sweepRowsToCsv(const std::vector<SweepRow>& rows);

}  // namespace spare
