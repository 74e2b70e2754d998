#include "app/cli/CliCommand.h"
#include "app/cli/CliOptions.h"
#include "app/cli/MemoryBudget.h"
#include "app/cli/OutputFiles.h"
#include "app/cli/ProgressPrinter.h"

#include "engine/base/AtomicFile.h"
#include "engine/base/ProblemList.h"
#include "engine/base/ScenarioLimits.h"
#include "engine/sim/ScenarioJson.h"
#include "engine/sweep/RackCorrelatedFailures.h"
#include "engine/sweep/RepairWhatIf.h"
#include "engine/sweep/Sweep.h"
#include "engine/sweep/SweepReport.h"

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <memory>
#include <string>

namespace spare::cli {

namespace {

struct SweepOptions {
    std::string scenarioPath;
    std::string policies = "spare,rep,ckpt";
    std::string redundancy = "2-12";
    int seeds = 3;
    int threads = 0;
    std::string outPath;
    std::string memoryLimit;
    std::string layout;
    double rackShare = 0.0;
    // The repair what-if: any of the three turns it on; an axis not given keeps RepairWhatIfGrid's values.
    std::vector<int> spareNodes;
    std::vector<double> swapS;
    std::vector<std::string> rejoin;
    bool json = false;

    bool repairWhatIf() const { return !spareNodes.empty() || !swapS.empty() || !rejoin.empty(); }
    RepairWhatIfGrid repairGrid() const
    {
        std::vector<RejoinRule> rules;
        for (const std::string& name : rejoin)
            rules.push_back(*parseRejoinRule(name));
        return RepairWhatIfGrid::withAxes(spareNodes, swapS, std::move(rules));
    }
};

void printRows(const std::vector<SweepRow>& rows)
{
    fmt::print("{:<9} {:>3} {:>5}  {:>15}  {:>17}  {:>9} {:>9} {:>7}  {}\n", "policy", "r", "runs", "TTT/T0 (sd)",
               "availability (sd)", "restarts", "masked", "mean S", "");
    for (const auto& row : rows) {
        const auto& ttt = row.stat("ttt_ratio");
        const auto& availability = row.stat("availability");
        fmt::print("{:<9} {:>3} {:>2}/{:<2}  {:>7.3f} ({:5.3f})  {:>8.2f}% ({:5.2f})  {:>9.1f} {:>9.1f} {:>7.3f}  {}\n",
                   policyName(row.policy), row.redundancy, row.completedRuns, row.runs, ttt.mean, ttt.sd,
                   availability.mean * 100.0, availability.sd * 100.0, row.stat("restarts").mean,
                   row.stat("masked_failures").mean, row.stat("mean_stack_number").mean,
                   row.best ? "<- best" : (row.completedRuns < row.runs ? "(incomplete: stopped at 100 x T0)" : ""));
    }
}

// The repair what-if: one sweep per (pool size, swap time, rejoin rule); CSV and JSON rows carry the point.
int runRepairWhatIf(const SweepSpec& spec, const RepairWhatIfGrid& grid, const SweepRunOptions& run,
                    const OutputFiles& files, const SweepOptions& opts)
{
    if (const auto invalid = firstInvalidRepairPoint(spec.base, grid))
        throw UsageError(withOrigin(invalid->issues,
                                    fmt::format("--spare-nodes {} --swap-s {} --rejoin {}", invalid->point.spareNodes,
                                                invalid->point.swapS, rejoinRuleName(invalid->point.rejoin))));
    const std::vector<RepairWhatIfRow> rows = spare::runRepairWhatIf(spec, grid, run);
    if (!opts.outPath.empty())
        files.guard([&] { writeFileAtomically(opts.outPath, repairWhatIfToCsv(rows)); });
    if (opts.json) {
        fmt::print("{}\n", repairWhatIfToJson(rows).dump(2));
        return 0;
    }
    fmt::print("{:>11} {:>9} {:<8} {:<6} {:>3} {:>5}  {:>15}\n", "spare nodes", "swap s", "rejoin", "policy", "r",
               "runs", "TTT/T0 (sd)");
    for (const RepairWhatIfRow& r : rows) {
        const SweepStat& ttt = r.row.stat("ttt_ratio");
        fmt::print("{:>11} {:>9} {:<8} {:<6} {:>3} {:>2}/{:<2}  {:>7.3f} ({:5.3f})\n", r.point.spareNodes, r.point.swapS,
                   rejoinRuleName(r.point.rejoin), policyName(r.row.policy), r.row.redundancy, r.row.completedRuns,
                   r.row.runs, ttt.mean, ttt.sd);
    }
    return 0;
}

CommandAction setupSweep(CLI::App& sub)
{
    auto opts = std::make_shared<SweepOptions>();
    sub.add_option("scenario", opts->scenarioPath, "Scenario JSON file (the base of every cell)")->required();
    sub.add_option("--policies", opts->policies, "Comma list of spare, rep, ckpt, elastic, rebalance")->capture_default_str();
    sub.add_option("--redundancy,-r", opts->redundancy, "r values for spare and rep: 2-20, 3 or 2,4,8 (each 1 .. min(groups, 64))")
        ->capture_default_str();
    sub.add_option("--seeds", opts->seeds, "Seeds per cell: run.seed, run.seed + 1, ...")
        ->capture_default_str()
        ->check(integerIn(1, 1000));
    sub.add_option("--threads", opts->threads, "Worker threads (0 = all cores)")
        ->capture_default_str()
        ->check(integerIn(0, 1024));
    sub.add_option("--out", opts->outPath, "Write the rows as CSV (atomically)");
    sub.add_flag("--json", opts->json, "Print the rows as a JSON array");
    sub.add_option("--layout", opts->layout, "Replace cluster.layout: golomb, consecutive, golomb-domain or a layout file");
    sub.add_option("--rack-share", opts->rackShare,
                   "Share of the per-GPU failure rate that arrives as whole-rack failures, 0 <= share < 1 (the "
                   "correlated-failures what-if; needs a topology section)")
        ->capture_default_str();
    sub.add_option("--spare-nodes", opts->spareNodes,
                   "Repair what-if: comma list of hot-spare pool sizes (nodes), each 0 .. 10000000")
        ->delimiter(',')
        ->check(integerIn(0, RepairWhatIfGrid::kMaxSpareNodes));
    sub.add_option("--swap-s", opts->swapS, "Repair what-if: comma list of swap times (s), each 0 < s <= 1e9")
        ->delimiter(',')
        ->check(positiveNumberUpTo(RepairWhatIfGrid::kMaxSwapS));
    sub.add_option("--rejoin", opts->rejoin, "Repair what-if: comma list of rejoin rules, none or at_step")
        ->delimiter(',')
        ->check(choiceOf(rejoinRuleNames(), [](std::string_view name) { return parseRejoinRule(name).has_value(); }));
    addMemoryLimitOption(sub, opts->memoryLimit);
    return [opts] {
        OutputFiles files;
        files.add("--out", opts->outPath);
        files.check();
        SweepSpec spec;
        spec.base = loadScenarioFile(opts->scenarioPath);
        if (!opts->layout.empty()) {
            spec.base.layout = opts->layout;
            if (std::vector<InputIssue> issues = validateScenario(spec.base); !issues.empty())
                throw UsageError(withOrigin(std::move(issues), "--layout " + opts->layout));
        }
        try {
            spec.base = withRackShare(spec.base, opts->rackShare);
        } catch (const std::invalid_argument& e) {
            throw UsageError(fmt::format("--rack-share {}: {}", opts->rackShare, e.what()));
        }
        spec.policies = parsePolicyList(opts->policies);
        spec.seeds = opts->seeds;
        std::vector<int> redundancies;
        try {
            redundancies = parseIntegerRanges(opts->redundancy, ScenarioLimits::minRedundancy,
                                              std::min(spec.base.groups, ScenarioLimits::maxRedundancy));
        } catch (const std::invalid_argument& e) {
            throw UsageError(fmt::format("--redundancy {}: {}", opts->redundancy, e.what()));
        }
        spec.spareRedundancies = redundancies;
        spec.repRedundancies = redundancies;

        Sweep::checkPolicies(spec);
        requireMemoryFits(Sweep::estimateMemory(spec, opts->threads), spec.base, opts->memoryLimit);

        SweepRunOptions run;
        run.control.threads = opts->threads;
        run.control.progress = stderrProgress("sweep");
        if (opts->repairWhatIf())
            return runRepairWhatIf(spec, opts->repairGrid(), run, files, *opts);
        const SweepResult result = Sweep::run(spec, run);

        if (!opts->outPath.empty())
            files.guard([&] { writeFileAtomically(opts->outPath, sweepRowsToCsv(result.rows)); });
        if (opts->json) {
            fmt::print("{}\n", sweepRowsToJson(result.rows).dump(2));
            return 0;
        }
        printRows(result.rows);
        return 0;
    };
}

const bool registered = registerCommand(
    {"sweep", "Run a policy x redundancy x seed grid in parallel and summarise each (policy, r)", &setupSweep});

}  // namespace

}  // namespace spare::cli
