#pragma once

#include "engine/sweep/Sweep.h"

#include <nlohmann/json_fwd.hpp>

#include <string>
#include <vector>

namespace spare {

// {"policy", "redundancy", "runs", "completed_runs", "best", "<metric>_mean", "<metric>_sd", ...}
nlohmann::json sweepRowToJson(const SweepRow& row);
nlohmann::json sweepRowsToJson(const std::vector<SweepRow>& rows);
// Same columns as CSV (RFC 4180, '.' decimals, header line first).
std::string sweepRowsToCsv(const std::vector<SweepRow>& rows);
// Those columns for rows whose metrics are `keys`: the header line, and one row's line (a row with
// fewer stats leaves the rest empty). Both end with a newline.
std::string sweepCsvHeader(const std::vector<std::string>& keys);
std::string sweepCsvLine(const SweepRow& row, std::size_t keyCount);

}  // namespace spare
