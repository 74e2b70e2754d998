#include "engine/campaign/CampaignExport.h"

#include "engine/base/ShellWord.h"
#include "engine/campaign/CampaignJson.h"

#include <fmt/core.h>

#include <algorithm>

namespace spare {

namespace {

std::size_t plannedRuns(const CampaignPlan& plan)
{
    return plan.cells().size() * static_cast<std::size_t>(plan.minReplicates());
}

std::string runCommand(const CampaignExportOptions& o, const std::string& shard, const std::string& threads)
{
    return fmt::format("{} campaign run {} --shard {} --out {} --threads {}", shellQuoted(o.cliPath),
                       shellQuoted(o.campaignPath), shard, shellQuoted(o.outDir), threads);
}

std::string header(const CampaignPlan& plan, const CampaignExportOptions& o, int shards)
{
    return fmt::format("# Campaign \"{}\" (hash {}): {} runs{} in {} shards of about {} runs.\n"
                       "# Running it again (whole or in part) skips the runs already in {}.\n",
                       plan.campaign().name, campaignHash(plan.campaign()), plannedRuns(plan),
                       plan.campaign().replication.adaptive ? " at least (adaptive seeds)" : "", shards,
                       (plannedRuns(plan) + static_cast<std::size_t>(shards) - 1) / static_cast<std::size_t>(shards),
                       o.outDir);
}

}  // namespace

int CampaignExport::shardCount(const CampaignPlan& plan, const CampaignExportOptions& o)
{
    const std::size_t runs = plannedRuns(plan);
    const std::size_t units =
        plan.campaign().replication.adaptive ? plan.cells().size() : runs;
    const std::size_t wanted = (runs + static_cast<std::size_t>(o.runsPerTask) - 1) / static_cast<std::size_t>(o.runsPerTask);
    return static_cast<int>(std::max<std::size_t>(
        1, std::min({wanted, units, static_cast<std::size_t>(o.maxArraySize)})));
}

std::string CampaignExport::slurm(const CampaignPlan& plan, const CampaignExportOptions& o)
{
    const int k = shardCount(plan, o);
    std::string out = "#!/bin/bash\n" + header(plan, o, k);
    out += fmt::format("# Submit: sbatch THIS_FILE. Re-submit one task: sbatch --array=I THIS_FILE.\n"
                       "# Then: spare-cli campaign status {0} ; spare-cli campaign merge {0} --out results.csv\n",
                       shellQuoted(o.outDir));
    out += fmt::format("#SBATCH --job-name={}\n", "spare-" + (plan.campaign().name.empty() ? "campaign" : plan.campaign().name));
    out += fmt::format("#SBATCH --array=0-{}\n", k - 1);
    out += fmt::format("#SBATCH --ntasks=1\n#SBATCH --cpus-per-task={}\n", o.threads);
    out += fmt::format("#SBATCH --output={}/slurm-%A_%a.out\n", o.outDir);
    if (!o.partition.empty())
        out += fmt::format("#SBATCH --partition={}\n", o.partition);
    if (!o.timeLimit.empty())
        out += fmt::format("#SBATCH --time={}\n", o.timeLimit);
    out += "set -euo pipefail\n";
    out += "exec " + runCommand(o, fmt::format("\"${{SLURM_ARRAY_TASK_ID}}/{}\"", k),
                                fmt::format("\"${{SLURM_CPUS_PER_TASK:-{}}}\"", o.threads)) + "\n";
    return out;
}

std::string CampaignExport::makefile(const CampaignPlan& plan, const CampaignExportOptions& o)
{
    const int k = shardCount(plan, o);
    std::string out = header(plan, o, k);
    out += "# Run: make -j JOBS -f THIS_FILE (then make -f THIS_FILE merge).\n";
    out += "SHARDS :=";
    for (int i = 0; i < k; ++i)
        out += fmt::format(" {}", i);
    out += "\n\nall: $(addprefix shard-,$(SHARDS))\n\n";
    out += fmt::format("shard-%:\n\t{}\n\n", runCommand(o, fmt::format("$*/{}", k), std::to_string(o.threads)));
    out += fmt::format("merge: all\n\t{} campaign merge {} --out {}\n\n", shellQuoted(o.cliPath), shellQuoted(o.outDir),
                       shellQuoted(o.outDir + "/merged.csv"));
    out += ".PHONY: all merge $(addprefix shard-,$(SHARDS))\n";
    return out;
}

std::string CampaignExport::parallel(const CampaignPlan& plan, const CampaignExportOptions& o)
{
    const int k = shardCount(plan, o);
    return header(plan, o, k) +
           fmt::format("seq 0 {} | parallel --halt never {}\n", k - 1,
                       runCommand(o, fmt::format("{{}}/{}", k), std::to_string(o.threads)));
}

}  // namespace spare
