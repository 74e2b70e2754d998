#pragma once

#include "engine/campaign/Campaign.h"
#include "engine/campaign/CampaignPlan.h"
#include "engine/campaign/CampaignResultsDir.h"
#include "engine/planning/RegimeMap.h"

#include <string>

namespace spare {

// The grid key that carries a regime map's contenders in its campaign.
inline constexpr const char* kRegimeContenderKey = "contender";

// The regime map as a campaign (docs/campaigns.md), so `spare-cli campaign run` runs it resumably and in
// shards: grid x, y and the variants key "contender" (each contender's policy, its in-memory tier or none,
// and checkpoint.semantics exact where the map needs it, as an overlay), `options.seeds` common seeds, the
// map's max_ttt_ratio. Throws InputError naming the key when an axis value is not valid on `base`.
Campaign regimeMapCampaign(const Scenario& base, const RegimeMapOptions& options, const std::string& name);

// The map from the results of regimeMapCampaign's campaign: the same cells as runRegimeMap with
// seedValues = the campaign's common seeds. Throws InputError when the campaign does not have that shape,
// std::runtime_error naming the count when runs are missing or failed.
RegimeMap regimeMapFromResults(const CampaignPlan& plan, const CampaignResults& results);

}  // namespace spare
