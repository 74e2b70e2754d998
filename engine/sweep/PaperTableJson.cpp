#include "engine/sweep/PaperTableJson.h"

#include "engine/sweep/SweepReport.h"

#include <nlohmann/json.hpp>

namespace spare {

namespace {

nlohmann::json rowSummary(const SweepRow& row)
{
    return {{"redundancy", row.redundancy},
            {"ttt_ratio", row.stat("ttt_ratio").mean},
            {"ttt_ratio_sd", row.stat("ttt_ratio").sd},
            {"availability", row.stat("availability").mean},
            {"steps_done", row.stat("steps_done").mean},
            {"ttt_s", row.stat("ttt_s").mean},
            {"restarts", row.stat("restarts").mean},
            {"completed_runs", row.completedRuns},
            {"runs", row.runs}};
}

}  // namespace

nlohmann::json paperTableToJson(const PaperTable& table)
{
    auto out = nlohmann::json::array();
    for (const auto& row : table.rows) {
        const PaperReference& p = row.paper;
        out.push_back({{"groups", p.groups},
                       {"paper",
                        {{"rep", {{"redundancy", p.repRedundancy}, {"ttt_ratio", p.repTttRatio}, {"availability", p.repAvailability}}},
                         {"spare", {{"redundancy", p.spareRedundancy}, {"ttt_ratio", p.spareTttRatio}, {"availability", p.spareAvailability}}},
                         {"gain_percent", p.gainPercent}}},
                       {"ours",
                        {{"rep_best", rowSummary(row.repBest)},
                         {"spare_best", rowSummary(row.spareBest)},
                         {"rep_at_paper_r", rowSummary(row.repAtPaperR)},
                         {"spare_at_paper_r", rowSummary(row.spareAtPaperR)},
                         {"ckpt", rowSummary(row.ckpt)},
                         {"gain_percent", row.gainPercent}}},
                       {"rows", sweepRowsToJson(row.rows)}});
    }
    return out;
}

}  // namespace spare
