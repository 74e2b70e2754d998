#include "app/cli/CliCommand.h"
#include "app/cli/CliOptions.h"
#include "app/cli/OutputFiles.h"
#include "app/cli/ProgressPrinter.h"
#include "app/cli/StopSignal.h"

#include "engine/base/AtomicFile.h"
#include "engine/base/InputError.h"
#include "engine/campaign/CampaignError.h"
#include "engine/campaign/CampaignJson.h"
#include "engine/planning/RegimeMap.h"
#include "engine/planning/RegimeMapCampaign.h"
#include "engine/sim/ScenarioJson.h"

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <memory>
#include <system_error>

namespace spare::cli {

namespace {

struct RegimeMapCliOptions {
    std::string scenarioPath;
    std::string x = kRegimeMapDefaultX;
    std::string y = kRegimeMapDefaultY;
    std::string policies = kRegimeMapDefaultContenders;
    int seeds = 3;
    int threads = 0;
    double maxTttRatio = 100.0;
    std::string outPath;
    std::string jsonPath;
    std::string campaignOut;
    std::string fromResults;
};

void writeMap(const RegimeMap& map, const RegimeMapCliOptions& o, const OutputFiles& files)
{
    if (!o.outPath.empty())
        files.guard([&] { writeFileAtomically(o.outPath, regimeMapCsv(map)); });
    if (!o.jsonPath.empty())
        files.guard([&] { writeFileAtomically(o.jsonPath, regimeMapToJson(map).dump(2) + "\n"); });
    fmt::print("{}", regimeMapText(map));
}

// --from-results DIR: the map from a campaign folder (every run done).
int mapFromResults(const RegimeMapCliOptions& o, const OutputFiles& files)
{
    std::error_code ec;
    if (!std::filesystem::is_directory(o.fromResults, ec))
        throw UsageError(fmt::format("--from-results {}: not a folder; give the campaign's results folder "
                                     "(spare-cli campaign run FILE --out DIR)",
                                     o.fromResults));
    const CampaignResultsDir dir(o.fromResults);
    const CampaignPlan plan(dir.campaign());
    writeMap(regimeMapFromResults(plan, dir.read()), o, files);
    return 0;
}

CommandAction setupRegimeMap(CLI::App& sub)
{
    auto opts = std::make_shared<RegimeMapCliOptions>();
    CLI::Option* scenario =
        sub.add_option("scenario", opts->scenarioPath, "Scenario JSON file (the base of every cell)");
    CLI::Option* x =
        sub.add_option("--x", opts->x, "Column axis: KEY=V1,V2,... or KEY=LO:HI:N (N values) or KEY=LO:HI:Ng (geometric)")
            ->capture_default_str();
    CLI::Option* y = sub.add_option("--y", opts->y, "Row axis, the same forms")->capture_default_str();
    CLI::Option* policies = sub.add_option("--policies", opts->policies,
                                           "Comma list of 2 .. 6 contenders: spare, rep, ckpt, elastic, rebalance, each "
                                           "optionally with -memory (the in-memory checkpoint tier)")
                                ->capture_default_str();
    CLI::Option* seeds = sub.add_option("--seeds", opts->seeds, "Seeds 1 .. N per cell, the same for every contender")
                             ->capture_default_str()
                             ->check(integerIn(1, 1000));
    CLI::Option* threads = sub.add_option("--threads", opts->threads, "Worker threads (0 = all cores)")
                               ->capture_default_str()
                               ->check(integerIn(0, 1024));
    CLI::Option* maxRatio =
        sub.add_option("--max-ttt-ratio", opts->maxTttRatio, "A run still unfinished at this multiple of T0 counts as it")
            ->capture_default_str()
            ->check(positiveNumberUpTo(1e6));
    sub.add_option("--out", opts->outPath, "Write one CSV row per cell and contender (atomically)");
    sub.add_option("--json", opts->jsonPath, "Write the map as JSON (atomically)");
    CLI::Option* campaignOut = sub.add_option(
        "--campaign-out", opts->campaignOut,
        "Write the map as a campaign file instead of running it (spare-cli campaign run / export runs it, "
        "resumably and in shards, on common seeds)");
    sub.add_option("--from-results", opts->fromResults,
                   "Draw the map from the results folder of a --campaign-out campaign (every run done)")
        ->excludes(scenario)
        ->excludes(x)
        ->excludes(y)
        ->excludes(policies)
        ->excludes(seeds)
        ->excludes(threads)
        ->excludes(maxRatio)
        ->excludes(campaignOut);
    return [opts] {
        OutputFiles files;
        files.add("--out", opts->outPath);
        files.add("--json", opts->jsonPath);
        files.add("--campaign-out", opts->campaignOut);
        files.addInput("scenario", opts->scenarioPath);
        files.check();
        if (!opts->fromResults.empty())
            return mapFromResults(*opts, files);
        if (opts->scenarioPath.empty())
            throw UsageError("regime-map: give a scenario file (or --from-results DIR)");
        if (!opts->campaignOut.empty() && !(opts->outPath.empty() && opts->jsonPath.empty()))
            throw UsageError("--campaign-out writes the campaign only; --out and --json go with --from-results");
        RegimeMapOptions options;
        options.x = parseRegimeAxis(opts->x, "--x");
        options.y = parseRegimeAxis(opts->y, "--y");
        options.contenders = parseRegimeContenders(opts->policies, "--policies");
        options.seeds = opts->seeds;
        options.control.threads = opts->threads;
        options.maxTttRatio = opts->maxTttRatio;
        const Scenario base = loadScenarioFile(opts->scenarioPath);
        const std::atomic<bool>& stop = installStopSignal();
        options.control.cancel = &stop;
        if (!opts->campaignOut.empty()) {
            const Campaign campaign =
                regimeMapCampaign(base, options, std::filesystem::path(opts->campaignOut).stem().string());
            if (const std::string problems = CampaignPlan(campaign).validateCells(opts->campaignOut); !problems.empty())
                throw CampaignError(problems);
            files.guard([&] { writeFileAtomically(opts->campaignOut, campaignToJsonText(campaign)); });
            fmt::print(stderr, "regime-map: the campaign has {}\n",
                       regimeMapEstimateText(options, estimateRegimeMap(base, options)));
            fmt::print("wrote {}: run it with spare-cli campaign run {} --shard 0/1 --out DIR (or campaign export "
                       "--slurm), then draw it with spare-cli regime-map --from-results DIR\n",
                       opts->campaignOut, opts->campaignOut);
            return 0;
        }
        fmt::print(stderr, "regime-map: {}\n", regimeMapEstimateText(options, estimateRegimeMap(base, options)));
        options.control.progress = stderrProgress("regime-map");
        const RegimeMap map = runRegimeMap(base, options);
        if (stop.load())
            return 130;
        writeMap(map, *opts, files);
        return 0;
    };
}

const bool registered = registerCommand(
    {"regime-map", "Which policy wins where: two scenario keys as axes, each cell's winner by TTT/T0", &setupRegimeMap});

}  // namespace

}  // namespace spare::cli
