#pragma once

#include "engine/campaign/CampaignPlan.h"
#include "engine/campaign/CampaignResultsDir.h"

#include <cstdint>
#include <string>
#include <vector>

namespace spare {

// The merged results of a campaign: one row per run_id found in the results folder, sorted by run_id,
// whatever the number of shards that produced them. Columns: run_id, the grid keys (file order), the
// derived keys, replicate, seed, status, reason, then campaignResultColumns().
class CampaignTable {
public:
    CampaignTable(const CampaignPlan& plan, const CampaignResults& results);

    std::size_t rows() const { return rows_.size(); }
    std::vector<std::string> columns() const;
    // Provenance as "# key: value" lines first (campaign, campaign_hash, spare-cli version and revision).
    std::string toCsv() const;
    // {"provenance": {...}, "columns": [...], "runs": [{column: value, ...}, ...]}
    std::string toJson() const;

private:
    struct Row {
        std::uint64_t key;
        std::uint64_t seed;
        std::size_t cell;
        int replicate;
        const CampaignResult* result;
    };

    const CampaignPlan& plan_;
    std::vector<Row> rows_;
};

}  // namespace spare
