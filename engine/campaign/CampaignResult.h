#pragma once

#include "engine/sim/RunMetrics.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace spare {

// One line of a shard's result file, tab-separated and newline-terminated:
//   run_id  ok|failed  wall_s  finished_at(unix s)  then the metrics (ok: campaignResultColumns() order)
//   or the failure reason (failed).
// A line is written with one write() and counts only once its newline is there.
struct CampaignResult {
    std::uint64_t key = 0;  // run_id as a number (CampaignRun::key)
    bool ok = false;
    double wallS = 0.0;
    double finishedAt = 0.0;
    std::string payload;  // ok: the metric values, tab-separated, as written; failed: the reason

    static CampaignResult done(std::uint64_t key, const RunMetrics& metrics, double wallS, double finishedAt);
    static CampaignResult failed(std::uint64_t key, std::string_view reason, double wallS, double finishedAt);

    std::string line() const;
    // nullopt for a line that is not one of ours (wrong field count, bad status): reported as malformed.
    static std::optional<CampaignResult> parse(std::string_view line, std::size_t columns);
    // The metric value at `column` (ok results only).
    double value(std::size_t column) const;
};

// The metric columns of an ok result: "completed", then every runMetricsFields key.
const std::vector<std::string>& campaignResultColumns();

}  // namespace spare
