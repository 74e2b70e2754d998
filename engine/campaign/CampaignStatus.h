#pragma once

#include "engine/campaign/CampaignPlan.h"
#include "engine/campaign/CampaignResultsDir.h"

#include <cstddef>
#include <string>
#include <vector>

namespace spare {

struct CampaignFailure {
    std::string runId;
    std::string parameters;
    std::string reason;
};

// Where a campaign stands given what its results folder holds. Fixed replication: every planned run is
// done, failed or missing. Adaptive: a cell is complete once replicationDone() holds for its results;
// an incomplete cell counts the runs it needs at least (min_seeds minus done, at least one).
struct CampaignStatus {
    std::size_t cells = 0;
    std::size_t completeCells = 0;
    std::size_t done = 0;
    std::size_t failed = 0;
    std::size_t missing = 0;
    std::size_t unknownRuns = 0;  // result lines whose run_id the plan does not have
    std::vector<CampaignFailure> failures;
    double etaS = -1.0;       // < 0: unknown (nothing finished yet, or nothing missing)
    double runsPerS = 0.0;    // observed rate over the finished runs' time span

    static CampaignStatus of(const CampaignPlan& plan, const CampaignResults& results);
};

}  // namespace spare
