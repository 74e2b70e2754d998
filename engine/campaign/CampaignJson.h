#pragma once

#include "engine/campaign/Campaign.h"
#include "engine/campaign/CampaignError.h"

#include <string>
#include <string_view>

namespace spare {

// Reads a campaign file (shape: docs/campaigns.md). Relative base scenario paths are resolved against the
// file's folder. Throws CampaignError listing EVERY problem as "path: key.path: message" lines: syntax,
// unknown keys, empty grids, malformed ranges, and grid values the scenario rules reject (each value is
// checked on the base scenario with ScenarioJson, so the scenario limits table applies).
Campaign loadCampaignFile(const std::string& path);

// Same on JSON text; `origin` prefixes each message line, `baseDir` resolves a relative base path.
Campaign campaignFromJsonText(std::string_view text, const std::string& origin, const std::string& baseDir = {});

// The campaign with its base inlined and every range expanded, keys in file order: reading it back gives
// the same campaign. Its text identifies the campaign (campaignHash).
std::string campaignToJsonText(const Campaign& campaign);

// stableHash64 of campaignToJsonText, as 16 hex digits.
std::string campaignHash(const Campaign& campaign);

}  // namespace spare
