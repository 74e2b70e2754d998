#pragma once

#include "engine/campaign/CampaignPlan.h"
#include "engine/campaign/CampaignResultsDir.h"

#include "engine/base/RunControl.h"

#include <cstddef>

namespace spare {

struct CampaignRunOptions {
    // Progress: runs finished by this process so far, and the number this shard needs at least (skipped
    // ones included; adaptive cells add to it as they add seeds). Cancel: running runs stop at their next step.
    RunControl control;
};

struct CampaignRunSummary {
    std::size_t units = 0;    // units of this shard
    std::size_t skipped = 0;  // runs already done in the folder
    std::size_t ran = 0;      // runs finished (ok) by this call
    std::size_t failed = 0;   // runs that threw (their reason is in the result file)
    bool cancelled = false;
};

// Runs shard `index` of `count` of a plan into a results folder (oneTBB inside the process): prepares
// the folder, skips every run_id some shard file already has as ok, appends each finished run to
// shard-I-of-K.tsv. Adaptive cells add seeds one by one until replicationDone().
class CampaignRunner {
public:
    static CampaignRunSummary run(const CampaignPlan& plan, const CampaignResultsDir& dir, int index, int count,
                                  const CampaignRunOptions& options = {});
};

}  // namespace spare
