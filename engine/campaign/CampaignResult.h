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
    std::string source;   // "FILE: line N" when read from a shard file; empty for a result made here

    static CampaignResult done(std::uint64_t key, const RunMetrics& metrics, double wallS, double finishedAt);
    static CampaignResult failed(std::uint64_t key, std::string_view reason, double wallS, double finishedAt);

    std::string line() const;
    // nullopt for a line that is not one of ours (wrong field count, bad status): reported as malformed.
    static std::optional<CampaignResult> parse(std::string_view line, std::size_t columns);
    // The metric text at `column` as written (ok results only; empty past the last column). Readers
    // check it: a result file comes from outside the process.
    std::string_view field(std::size_t column) const;
    // field(column) as a finite number; nullopt for anything else (text, empty, nan, inf).
    std::optional<double> number(std::size_t column) const;
    // "SOURCE: RUN: COLUMN \"TEXT\" is PROBLEM; allowed: ALLOWED", the text cut to a few hundred
    // characters: the message for a bad value read back from a result file.
    std::string problem(std::size_t column, std::string_view run, std::string_view what, std::string_view allowed) const;
    // number(column), or a CampaignError with problem() naming `run` when the text is not a finite number.
    double finiteNumber(std::size_t column, std::string_view run) const;
};

// The metric columns of an ok result: "completed", then every runMetricsFields key.
const std::vector<std::string>& campaignResultColumns();

}  // namespace spare
