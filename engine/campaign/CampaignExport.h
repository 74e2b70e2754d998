#pragma once

#include "engine/campaign/CampaignPlan.h"

#include <string>

namespace spare {

struct CampaignExportOptions {
    std::string cliPath;       // spare-cli to call (absolute)
    std::string campaignPath;  // the campaign file (absolute)
    std::string outDir;        // the results folder (absolute)
    int runsPerTask = 16;      // runs packed into one array task / make target / parallel job
    int maxArraySize = 1001;   // Slurm's MaxArraySize: task ids stay below it
    int threads = 1;           // threads per task
    std::string partition;     // Slurm partition ("" = the cluster's default)
    std::string timeLimit;     // Slurm --time ("" = the partition's default)
};

// Scripts that run every shard of a campaign with a site's own tools. Every shard is a
// `spare-cli campaign run FILE --shard I/K`, so re-running any of them skips finished runs.
class CampaignExport {
public:
    // K: ceil(runs / runsPerTask), at most maxArraySize and at most the plan's units (min runs for adaptive).
    static int shardCount(const CampaignPlan& plan, const CampaignExportOptions& options);
    static std::string slurm(const CampaignPlan& plan, const CampaignExportOptions& options);
    static std::string makefile(const CampaignPlan& plan, const CampaignExportOptions& options);
    static std::string parallel(const CampaignPlan& plan, const CampaignExportOptions& options);
};

}  // namespace spare
