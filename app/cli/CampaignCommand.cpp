#include "app/cli/CliCommand.h"
#include "app/cli/CliOptions.h"
#include "app/cli/ProgressPrinter.h"
#include "app/cli/StopSignal.h"

#include "engine/base/AtomicFile.h"
#include "engine/campaign/CampaignExport.h"
#include "engine/campaign/CampaignJson.h"
#include "engine/campaign/CampaignPlan.h"
#include "engine/campaign/CampaignResultsDir.h"
#include "engine/campaign/CampaignRunner.h"
#include "engine/campaign/CampaignStatus.h"
#include "engine/campaign/CampaignTable.h"
#include "engine/campaign/ShardSelection.h"

#include <fmt/core.h>
#include <fmt/format.h>

#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>

namespace spare::cli {

namespace {

struct CampaignOptions {
    std::string campaignPath;
    std::string dir;
    std::string outPath;
    bool count = false;
    bool list = false;
    std::string shard;
    int shardCount = 0;
    int threads = 0;
    bool slurm = false;
    bool make = false;
    bool parallel = false;
    CampaignExportOptions exportOptions;
    std::string scriptPath;
    int failuresShown = 20;
};

// The plan of a campaign file, every cell checked against the scenario rules.
CampaignPlan loadPlan(const std::string& path)
{
    CampaignPlan plan(loadCampaignFile(path));
    if (const std::string problems = plan.validateCells(path); !problems.empty())
        throw CampaignError(problems);
    return plan;
}

std::string defaultOutDir(const std::string& campaignPath)
{
    return (std::filesystem::path("results") / std::filesystem::path(campaignPath).stem()).string();
}

void checkThreads(int threads)
{
    if (threads < 0 || threads > 1024)
        throw UsageError(fmt::format("--threads {} is out of range: allowed 0 .. 1024", threads));
}

std::string duration(double seconds)
{
    const auto s = static_cast<long long>(seconds + 0.5);
    if (s < 120)
        return fmt::format("{} s", s);
    if (s < 7200)
        return fmt::format("{} min", (s + 30) / 60);
    return fmt::format("{}h {:02}min", s / 3600, (s % 3600) / 60);
}

int planAction(const CampaignOptions& o)
{
    if (o.count && o.list)
        throw UsageError("--count and --list: give one of them");
    const CampaignPlan plan = loadPlan(o.campaignPath);
    const Campaign& c = plan.campaign();
    const std::size_t cells = plan.cells().size();
    const std::size_t minRuns = cells * static_cast<std::size_t>(plan.minReplicates());
    const std::size_t maxRuns = cells * static_cast<std::size_t>(plan.maxReplicates());
    if (o.count) {
        if (c.replication.adaptive)
            fmt::print("{}..{}\n", minRuns, maxRuns);
        else
            fmt::print("{}\n", minRuns);
        return 0;
    }
    if (o.list) {
        fmt::print("run_id\treplicate\tseed\tparameters\n");
        for (std::size_t cell = 0; cell < cells; ++cell)
            for (int k = 0; k < plan.minReplicates(); ++k) {
                const CampaignRun run = plan.run(cell, k);
                fmt::print("{}\t{}\t{}\t{}\n", run.runId, run.replicate, run.seed, plan.cells()[cell].parameters);
            }
        if (c.replication.adaptive)
            fmt::print("# adaptive: cells add replicates {}.. up to {} while the 95% CI of {} is wider than {} x mean\n",
                       plan.minReplicates(), plan.maxReplicates(), c.replication.metric, c.replication.relativeHalfWidth);
        return 0;
    }
    fmt::print("campaign \"{}\" (hash {}): {} cells", c.name, campaignHash(c), cells);
    if (c.replication.adaptive)
        fmt::print(", {} to {} runs (adaptive: {} to {} seeds per cell until the 95% CI half-width of {} <= {} x mean)\n",
                   minRuns, maxRuns, c.replication.minSeeds, c.replication.maxSeeds, c.replication.metric,
                   c.replication.relativeHalfWidth);
    else
        fmt::print(" x {} seeds = {} runs\n", c.replication.seeds, minRuns);
    for (const CampaignAxis& axis : c.grid) {
        std::vector<std::string> values;
        for (const auto& v : axis.values)
            values.push_back(campaignValueText(v));
        fmt::print("  {}{}: {} values: {}\n", axis.key,
                   axis.isVariable ? " (variable)" : c.variants.count(axis.key) ? " (variants)" : "", values.size(),
                   fmt::join(values, ", "));
    }
    for (const CampaignDerivedKey& d : c.derived)
        fmt::print("  {} = {} {} {}\n", d.key, campaignValueText(d.lhs), d.operation == "divide" ? "/" : "x",
                   campaignValueText(d.rhs));
    return 0;
}

int runAction(const CampaignOptions& o)
{
    checkThreads(o.threads);
    if (o.shardCount < 0 || o.shardCount > ShardSelection::maxCount)
        throw UsageError(fmt::format("--shard-count {} is out of range: allowed 1 .. {}", o.shardCount,
                                     ShardSelection::maxCount));
    const ShardSelection shard = ShardSelection::parse(o.shard, o.shardCount, [](const char* name) {
        const char* value = std::getenv(name);
        return value ? std::optional<std::string>(value) : std::nullopt;
    });
    const CampaignPlan plan = loadPlan(o.campaignPath);
    const CampaignResultsDir dir(o.dir.empty() ? defaultOutDir(o.campaignPath) : o.dir);
    CampaignRunOptions options;
    options.control.threads = o.threads;
    options.control.cancel = &installStopSignal();
    options.control.progress = stderrProgress(fmt::format("campaign shard {}/{}", shard.index, shard.count));
    const CampaignRunSummary summary = CampaignRunner::run(plan, dir, shard.index, shard.count, options);
    fmt::print("shard {}/{} ({}) of \"{}\" into {}: {} runs done now, {} already done, {} failed{}\n", shard.index,
               shard.count, shard.source, plan.campaign().name, dir.path(), summary.ran, summary.skipped, summary.failed,
               summary.cancelled ? "; stopped by a signal (run again to go on)" : "");
    return summary.cancelled ? 130 : summary.failed > 0 ? 1 : 0;
}

int statusAction(const CampaignOptions& o)
{
    const CampaignResultsDir dir(o.dir);
    const CampaignPlan plan(dir.campaign());
    const CampaignResults results = dir.read();
    const CampaignStatus status = CampaignStatus::of(plan, results);
    fmt::print("campaign \"{}\" (hash {}) in {}: {} shard files\n", plan.campaign().name, campaignHash(plan.campaign()),
               dir.path(), results.shardFiles);
    fmt::print("done     {}\nfailed   {}\nmissing  {}{}\ncells    {} of {} complete\n", status.done, status.failed,
               status.missing, plan.campaign().replication.adaptive ? " (at least: adaptive seeds)" : "",
               status.completeCells, status.cells);
    if (status.missing == 0)
        fmt::print("ETA      none: nothing missing\n");
    else if (status.etaS >= 0.0)
        fmt::print("ETA      {} at the observed rate ({:.3g} runs/s)\n", duration(status.etaS), status.runsPerS);
    else
        fmt::print("ETA      unknown (no run finished yet)\n");
    if (results.unterminated > 0)
        fmt::print("note     {} shard file(s) end in a partial line (a run killed while being written; it runs again)\n",
                   results.unterminated);
    if (results.malformed > 0 || status.unknownRuns > 0)
        fmt::print("note     {} malformed line(s), {} run_id(s) not in the plan: ignored\n", results.malformed,
                   status.unknownRuns);
    if (results.duplicates > 0)
        fmt::print("note     {} run(s) found twice (kept once)\n", results.duplicates);
    for (std::size_t i = 0; i < status.failures.size() && i < static_cast<std::size_t>(o.failuresShown); ++i)
        fmt::print("failed   {} {{{}}}: {}\n", status.failures[i].runId, status.failures[i].parameters,
                   status.failures[i].reason);
    return 0;
}

int mergeAction(const CampaignOptions& o)
{
    const std::string extension = std::filesystem::path(o.outPath).extension().string();
    if (extension != ".csv" && extension != ".json")
        throw UsageError(fmt::format("--out {}: the merged table is written as .csv or .json", o.outPath));
    const CampaignResultsDir dir(o.dir);
    const CampaignPlan plan(dir.campaign());
    const CampaignResults results = dir.read();
    const CampaignTable table(plan, results);
    writeFileAtomically(o.outPath, extension == ".csv" ? table.toCsv() : table.toJson());
    const CampaignStatus status = CampaignStatus::of(plan, results);
    fmt::print("merged {} runs of \"{}\" into {} ({} failed, {} missing)\n", table.rows(), plan.campaign().name,
               o.outPath, status.failed, status.missing);
    if (status.missing > 0)
        fmt::print(stderr, "spare-cli: campaign merge: {} runs are missing; see spare-cli campaign status {}\n",
                   status.missing, dir.path());
    return status.missing > 0 ? 1 : 0;
}

int exportAction(CampaignOptions o)
{
    if (int(o.slurm) + int(o.make) + int(o.parallel) != 1)
        throw UsageError("campaign export: give exactly one of --slurm, --make, --parallel");
    CampaignExportOptions& e = o.exportOptions;
    if (e.runsPerTask < 1 || e.runsPerTask > 1'000'000)
        throw UsageError(fmt::format("--runs-per-task {} is out of range: allowed 1 .. 1000000", e.runsPerTask));
    if (e.maxArraySize < 1 || e.maxArraySize > 4'000'000)
        throw UsageError(fmt::format("--max-array-size {} is out of range: allowed 1 .. 4000000", e.maxArraySize));
    if (e.threads < 1 || e.threads > 1024)
        throw UsageError(fmt::format("--threads {} is out of range: allowed 1 .. 1024", e.threads));
    const CampaignPlan plan = loadPlan(o.campaignPath);
    const auto absolute = [](const std::string& path) { return std::filesystem::absolute(path).lexically_normal().string(); };
    e.campaignPath = absolute(o.campaignPath);
    e.outDir = absolute(o.dir.empty() ? defaultOutDir(o.campaignPath) : o.dir);
    if (e.cliPath.empty())
        e.cliPath = std::filesystem::read_symlink("/proc/self/exe").string();
    CampaignResultsDir(e.outDir).prepare(plan.campaign());
    const std::string script = o.slurm  ? CampaignExport::slurm(plan, e)
                               : o.make ? CampaignExport::makefile(plan, e)
                                        : CampaignExport::parallel(plan, e);
    if (o.scriptPath.empty())
        fmt::print("{}", script);
    else
        writeFileAtomically(o.scriptPath, script);
    return 0;
}

CommandAction setupCampaign(CLI::App& sub)
{
    auto o = std::make_shared<CampaignOptions>();
    auto action = std::make_shared<CommandAction>();
    sub.require_subcommand(1);

    CLI::App* plan = sub.add_subcommand("plan", "List or count the runs of a campaign file (validates it)");
    plan->add_option("campaign", o->campaignPath, "Campaign JSON file")->required();
    plan->add_flag("--count", o->count, "Print the number of runs only");
    plan->add_flag("--list", o->list, "Print every run: run_id, replicate, seed, parameters");
    plan->callback([o, action] { *action = [o] { return planAction(*o); }; });

    CLI::App* run = sub.add_subcommand("run", "Run one shard of a campaign (resumable: finished runs are skipped)");
    run->add_option("campaign", o->campaignPath, "Campaign JSON file")->required();
    run->add_option("--shard", o->shard,
                    "I/K, or auto (SLURM_ARRAY_TASK_ID/COUNT, JOB_COMPLETION_INDEX with --shard-count, "
                    "OMPI_COMM_WORLD_RANK/SIZE, PMI_RANK/SIZE)")
        ->required();
    run->add_option("--shard-count", o->shardCount, "K for --shard auto with JOB_COMPLETION_INDEX");
    run->add_option("--out", o->dir, "Results folder (default results/<campaign file name>)");
    run->add_option("--threads", o->threads, "Worker threads (0 = all cores, at most 1024)")->capture_default_str();
    run->callback([o, action] { *action = [o] { return runAction(*o); }; });

    CLI::App* status = sub.add_subcommand("status", "Done, failed (with reasons), missing runs and an ETA");
    status->add_option("dir", o->dir, "Results folder")->required();
    status->add_option("--failures", o->failuresShown, "Failed runs to list")->capture_default_str();
    status->callback([o, action] { *action = [o] { return statusAction(*o); }; });

    CLI::App* merge = sub.add_subcommand("merge", "Merge every shard into one table sorted by run_id");
    merge->add_option("dir", o->dir, "Results folder")->required();
    merge->add_option("--out", o->outPath, "FILE.csv or FILE.json (written atomically)")->required();
    merge->callback([o, action] { *action = [o] { return mergeAction(*o); }; });

    CLI::App* exp = sub.add_subcommand("export", "Write a Slurm array script, a Makefile or a GNU parallel line");
    exp->add_option("campaign", o->campaignPath, "Campaign JSON file")->required();
    exp->add_flag("--slurm", o->slurm, "sbatch script for a job array");
    exp->add_flag("--make", o->make, "Makefile with one target per shard");
    exp->add_flag("--parallel", o->parallel, "GNU parallel command line");
    exp->add_option("--runs-per-task", o->exportOptions.runsPerTask, "Runs packed into one task")->capture_default_str();
    exp->add_option("--max-array-size", o->exportOptions.maxArraySize, "The cluster's MaxArraySize")
        ->capture_default_str();
    exp->add_option("--partition", o->exportOptions.partition, "Slurm partition");
    exp->add_option("--time", o->exportOptions.timeLimit, "Slurm time limit per task");
    exp->add_option("--threads", o->exportOptions.threads, "Threads per task")->capture_default_str();
    exp->add_option("--out", o->dir, "Results folder (default results/<campaign file name>)");
    exp->add_option("--cli", o->exportOptions.cliPath, "spare-cli path on the cluster (default: this one)");
    exp->add_option("--script", o->scriptPath, "Write the script to this file (default: print it)");
    exp->callback([o, action] { *action = [o] { return exportAction(*o); }; });

    return [action] { return (*action)(); };
}

const bool registered = registerCommand(
    {"campaign", "Design-space studies over any scenario key: plan, run (sharded, resumable), status, merge, export",
     &setupCampaign});

}  // namespace

}  // namespace spare::cli
