#pragma once

#include <nlohmann/json.hpp>

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace spare {

// One grid dimension: a scenario key path ("cluster.redundancy") or a campaign variable
// ("total_gpus", declared under "variables" and used by derived keys), with its values in file order.
struct CampaignAxis {
    std::string key;
    std::vector<nlohmann::json> values;  // numbers or strings, already expanded from ranges
    bool isVariable = false;
    std::string variableMeaning;  // its description under "variables"
};

// A scenario key computed per cell: key = lhs (divide | multiply) rhs, where each operand is a grid key,
// a variable, a scenario key path (the cell's value) or a number. Integer keys are rounded to nearest.
struct CampaignDerivedKey {
    std::string key;
    std::string operation;  // "divide" or "multiply"
    nlohmann::json lhs;
    nlohmann::json rhs;
};

// Fixed: `seeds` replicates per cell. Adaptive: start with minSeeds, add one seed at a time until the 95%
// confidence half-width of the metric's mean is at most relativeHalfWidth x mean, or maxSeeds.
// Fixed replication may start at replicate `firstReplicate` (a later round of a sequential study keeps
// its earlier replicates' ids), and with commonSeeds every cell's replicate k gets the same seed
// (common random numbers: cells are compared on the same failures).
struct CampaignReplication {
    bool adaptive = false;
    int seeds = 1;
    int firstReplicate = 0;
    bool commonSeeds = false;
    int minSeeds = 3;
    int maxSeeds = 30;
    double relativeHalfWidth = 0.01;
    std::string metric = "ttt_ratio";
};

// A validated campaign (shape: docs/campaigns.md). `base` is the base scenario as a full scenario
// document (paths resolved), so a campaign is self-contained once loaded.
struct Campaign {
    std::string name;
    std::string description;
    nlohmann::json base;
    std::vector<CampaignAxis> grid;
    // false: every combination of the grid values; true ("design": "one_way"): each key's values alone,
    // the other keys at the base scenario's values (sensitivity studies).
    bool oneWay = false;
    // "design": "list": cell i takes value i of every grid key (all keys have as many values), for a set of
    // cells that is not a product, such as the candidates still in a selection.
    bool listed = false;
    // Variants keys (declared under "variants"), by grid key: each value's name and its partial scenario
    // document, merged into the cell's after the scenario keys (JSON merge patch, RFC 7386: null removes a
    // key or a whole section).
    std::map<std::string, std::vector<std::pair<std::string, nlohmann::json>>> variants;
    std::vector<CampaignDerivedKey> derived;
    CampaignReplication replication;
    double maxTttRatio = 100.0;  // a run stops (incomplete) at this x T0 of simulated time
};

}  // namespace spare
