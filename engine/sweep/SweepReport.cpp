#include "engine/sweep/SweepReport.h"

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <algorithm>

namespace spare {

nlohmann::json sweepRowToJson(const SweepRow& row)
{
    nlohmann::json out;
    out["policy"] = policyName(row.policy);
    out["redundancy"] = row.redundancy;
    out["runs"] = row.runs;
    out["completed_runs"] = row.completedRuns;
    out["best"] = row.best;
    for (std::size_t k = 0; k < row.keys.size(); ++k) {
        out[row.keys[k] + "_mean"] = row.stats[k].mean;
        out[row.keys[k] + "_sd"] = row.stats[k].sd;
    }
    return out;
}

nlohmann::json sweepRowsToJson(const std::vector<SweepRow>& rows)
{
    auto out = nlohmann::json::array();
    for (const auto& row : rows)
        out.push_back(sweepRowToJson(row));
    return out;
}

std::string sweepCsvHeader(const std::vector<std::string>& keys)
{
    std::string header = "policy,redundancy,runs,completed_runs,best";
    for (const auto& key : keys)
        header += fmt::format(",{}_mean,{}_sd", key, key);
    return header + '\n';
}

std::string sweepCsvLine(const SweepRow& row, std::size_t keyCount)
{
    std::string line = fmt::format("{},{},{},{},{}", policyName(row.policy), row.redundancy, row.runs,
                                   row.completedRuns, row.best ? 1 : 0);
    for (std::size_t k = 0; k < keyCount; ++k) {
        if (k < row.stats.size())
            line += fmt::format(",{},{}", row.stats[k].mean, row.stats[k].sd);
        else
            line += ",,";
    }
    return line + '\n';
}

std::string sweepRowsToCsv(const std::vector<SweepRow>& rows)
{
    const auto withKeys = std::find_if(rows.begin(), rows.end(), [](const SweepRow& row) { return !row.keys.empty(); });
    const std::vector<std::string> keys = withKeys == rows.end() ? std::vector<std::string>{} : withKeys->keys;
    std::string csv = sweepCsvHeader(keys);
    for (const auto& row : rows)
        csv += sweepCsvLine(row, keys.size());
    return csv;
}

}  // namespace spare
