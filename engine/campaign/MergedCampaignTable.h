#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace spare {

// One row of a merged campaign table.
struct MergedCampaignRun {
    std::vector<std::string> parameters;  // parallel to MergedCampaignTable::parameterColumns, as merged
    int replicate = 0;
    std::uint64_t seed = 0;
    bool ok = false;
    std::vector<double> metrics;  // parallel to metricColumns; NaN where empty or null (failed runs)
};

// A table written by `spare-cli campaign merge` (CampaignTable::toCsv / toJson), read back: the
// parameter columns are those between run_id and replicate (grid keys, then derived keys), the metric
// columns those after reason. Reading checks the header and every row, and throws CampaignError with
// one "origin: line N: problem" line per problem (a foreign file fails on its header).
struct MergedCampaignTable {
    std::vector<std::pair<std::string, std::string>> provenance;  // "# key: value" lines / "provenance"
    std::vector<std::string> parameterColumns;
    std::vector<std::string> metricColumns;
    std::vector<MergedCampaignRun> runs;

    std::optional<std::size_t> metricIndex(std::string_view column) const;

    // By extension: .csv or .json.
    static MergedCampaignTable read(const std::string& path);
    static MergedCampaignTable fromCsv(std::string_view text, const std::string& origin);
    static MergedCampaignTable fromJson(std::string_view text, const std::string& origin);
};

}  // namespace spare
