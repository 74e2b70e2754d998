#include "sweep/SweepReport.h"

#include <fmt/core.h>
#include <nlohmann/json.hpp>

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

std::string sweepRowsToCsv(const std::vector<SweepRow>& rows)
{
    std::string csv = "policy,redundancy,runs,completed_runs,best";
    const std::vector<std::string>* keys = nullptr;
    for (const auto& row : rows)
        if (!row.keys.empty()) {
            keys = &row.keys;
            break;
        }
    if (keys)
        for (const auto& key : *keys)
            csv += fmt::format(",{}_mean,{}_sd", key, key);
    csv += '\n';
    for (const auto& row : rows) {
        csv += fmt::format("{},{},{},{},{}", policyName(row.policy), row.redundancy, row.runs, row.completedRuns,
                           row.best ? 1 : 0);
        if (keys)
            for (std::size_t k = 0; k < keys->size(); ++k) {
                if (k < row.stats.size())
                    csv += fmt::format(",{},{}", row.stats[k].mean, row.stats[k].sd);
                else
                    csv += ",,";
            }
        csv += '\n';
    }
    return csv;
}

}  // namespace spare
