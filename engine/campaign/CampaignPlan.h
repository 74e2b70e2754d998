#pragma once

#include "engine/campaign/Campaign.h"
#include "engine/sim/Scenario.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace spare {

// One point of the grid: a value per grid axis (grid order) and the derived keys' values.
struct CampaignCell {
    std::vector<nlohmann::json> values;   // parallel to Campaign::grid
    std::vector<nlohmann::json> derived;  // parallel to Campaign::derived
    std::string parameters;               // canonical "key=value;..." sorted by key: the cell's identity
    double cost = 0.0;                    // estimated relative run time of one run
};

// One run: a cell and a replicate. run_id and seed are functions of the cell's parameters and the
// replicate (and the base seed), so adding a grid value never changes an existing run.
struct CampaignRun {
    std::uint64_t key = 0;  // run_id as a number
    std::string runId;      // 16 hex digits of key
    std::size_t cell = 0;
    int replicate = 0;
    std::uint64_t seed = 0;
};

// A unit of work for a shard: one run (fixed replication) or one whole cell (adaptive replication,
// whose seeds depend on each other's results).
struct CampaignUnit {
    std::size_t cell = 0;
    int replicate = -1;  // -1: every replicate the cell needs
};

// Every run of a campaign, enumerated deterministically (cells: the grid's cartesian product, last axis
// fastest; or one key at a time for one_way designs, the base point once).
class CampaignPlan {
public:
    explicit CampaignPlan(Campaign campaign);

    const Campaign& campaign() const { return campaign_; }
    const std::vector<CampaignCell>& cells() const { return cells_; }

    // Fixed: seeds per cell. Adaptive: the most a cell may take (max_seeds).
    int maxReplicates() const;
    // Fixed: seeds per cell. Adaptive: min_seeds.
    int minReplicates() const;
    CampaignRun run(std::size_t cell, int replicate) const;
    // Every run the campaign can have (adaptive: up to max_seeds per cell), cell by cell.
    std::vector<CampaignRun> runs() const;

    // The cell's scenario document (base + grid values + derived keys) and the scenario with `seed`.
    nlohmann::json scenarioDocument(std::size_t cell) const;
    Scenario scenario(std::size_t cell, std::uint64_t seed) const;
    // Every cell checked against the scenario rules (combinations such as r > groups); "" when valid,
    // else one "campaign: cell {...}: key: message" line per problem.
    std::string validateCells(const std::string& origin) const;

    // The units of shard `index` of `count` (0-based), balanced by estimated cost (longest first onto
    // the least loaded shard), in the order to run them (costliest first).
    std::vector<CampaignUnit> shard(int index, int count) const;
    double unitCost(const CampaignUnit& unit) const;

private:
    // Each cell's grid values: the cartesian product, or for one_way designs each key's values alone.
    std::vector<std::vector<nlohmann::json>> cellValues() const;

    Campaign campaign_;
    std::vector<CampaignCell> cells_;
    std::uint64_t baseSeed_ = 1;
};

// The seed of replicate k in every cell of a campaign with common seeds: a function of the base seed and k
// alone, so results from a campaign folder and from an in-process run of the same replicates agree.
std::uint64_t commonReplicateSeed(std::uint64_t baseSeed, int replicate);

// A grid value as text (numbers in shortest round-trip form, strings as is).
std::string campaignValueText(const nlohmann::json& value);

}  // namespace spare
