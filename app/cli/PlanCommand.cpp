#include "app/cli/CliCommand.h"
#include "app/cli/CliOptions.h"
#include "app/cli/MemoryBudget.h"
#include "app/cli/OutputFiles.h"
#include "app/cli/ProgressPrinter.h"
#include "app/cli/StopSignal.h"

#include "engine/base/AtomicFile.h"
#include "engine/base/OutputFileError.h"
#include "engine/base/RunControl.h"
#include "engine/base/ScenarioLimits.h"
#include "engine/planning/ConfigurationPlanner.h"
#include "engine/planning/PlanFolder.h"
#include "engine/planning/PlanReport.h"
#include "engine/planning/ScenarioBatch.h"
#include "engine/sim/ScenarioJson.h"
#include "engine/sweep/Sweep.h"

#include <fmt/core.h>
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>
#include <sstream>
#include <string>

namespace spare::cli {

namespace {

struct PlanOptionsText {
    std::string scenarioPath;
    std::string policies = "spare,rep";
    std::optional<std::string> redundancy;  // not given: 2 .. 16, at most min(groups, 64)
    std::string checkpoint = "auto";
    double confidence = 0.95;
    std::string indifference = "1%";
    int firstStage = 10;
    int batch = 5;
    int maxReplicates = 2000;
    int threads = 0;
    std::string dir;
    std::string resume;
    bool noRun = false;
    bool json = false;
    std::string reportPath;
    std::string memoryLimit;
    std::vector<std::string> specFlagsGiven;  // the flags that define a plan, as given on the command line
};

// The flags whose values plan.json records: a resumed plan takes them from its folder.
constexpr const char* kSpecFlags[] = {"--policies", "--redundancy", "--checkpoint", "--confidence",
                                      "--indifference", "--first-stage", "--batch", "--max-replicates"};

std::vector<std::optional<int>> parseCheckpointList(const std::string& text, int maxSteps)
{
    std::vector<std::optional<int>> out;
    std::stringstream in(text);
    std::string item;
    while (std::getline(in, item, ',')) {
        std::optional<int> value;
        if (item != "auto") {
            const auto number = parseDecimal(item);
            if (!number || *number != static_cast<double>(static_cast<long long>(*number)) || *number < 1 ||
                *number > maxSteps)
                throw UsageError(fmt::format("--checkpoint {}: \"{}\" is not allowed; use auto or interval steps 1 .. {} "
                                             "(workload.steps), comma separated",
                                             text, item, maxSteps));
            value = static_cast<int>(*number);
        }
        if (std::find(out.begin(), out.end(), value) == out.end())
            out.push_back(value);
    }
    if (out.empty())
        throw UsageError(fmt::format("--checkpoint \"{}\" is empty; use auto or a comma list of interval steps", text));
    return out;
}

double parseIndifference(const std::string& text)
{
    const bool percent = !text.empty() && text.back() == '%';
    const auto number = parseDecimal(percent ? text.substr(0, text.size() - 1) : text);
    const double share = number ? (percent ? *number / 100.0 : *number) : -1.0;
    if (!(share > 0.0 && share <= 0.5))
        throw UsageError(fmt::format("--indifference {}: allowed a share of TTT/T0 above 0 and at most 0.5, as 0.01 or 1%",
                                     text));
    return share;
}

PlanSpec specFromFlags(const PlanOptionsText& o)
{
    PlanSpec spec;
    spec.base = loadScenarioFile(o.scenarioPath);
    spec.policies = parsePolicyList(o.policies);
    const int maxR = std::min(spec.base.groups, ScenarioLimits::maxRedundancy);
    if (o.redundancy && o.redundancy->empty())
        throw UsageError(fmt::format("--redundancy \"\" is empty; allowed: r values 2 .. {} as a range or a comma list, "
                                     "e.g. 2-{}",
                                     maxR, std::min(16, maxR)));
    try {
        spec.redundancies = parseIntegerRanges(o.redundancy.value_or(fmt::format("2-{}", std::min(16, maxR))), 2, maxR);
    } catch (const std::invalid_argument& e) {
        throw UsageError(fmt::format("--redundancy {}: {}", o.redundancy.value_or(""), e.what()));
    }
    spec.checkpointIntervals = parseCheckpointList(o.checkpoint, spec.base.steps);
    spec.confidence = o.confidence;
    spec.indifference = parseIndifference(o.indifference);
    spec.firstStage = o.firstStage;
    spec.batch = o.batch;
    spec.maxReplicates = o.maxReplicates;
    if (const auto problems = spec.validate(); !problems.empty())
        throw UsageError(fmt::format("plan: {}", fmt::join(problems, "; ")));
    return spec;
}

// One timed run per policy at its costliest candidate, scaled by the campaign cost model (1 + r).
void printEstimate(const PlanSpec& spec, int threads)
{
    const int workers = RunControl::resolveThreads(threads);
    double firstStageS = 0.0;
    std::size_t candidates = 0;
    for (const Policy policy : spec.policies) {
        const std::vector<PlanCandidate> all = spec.candidates(policy);
        const auto costliest = std::max_element(all.begin(), all.end(), [](const auto& a, const auto& b) {
            return a.redundancy < b.redundancy;
        });
        const auto start = std::chrono::steady_clock::now();
        ScenarioBatchOptions one;
        one.control.threads = 1;
        one.maxTttRatio = spec.maxTttRatio;
        runScenarioBatch({spec.scenario(*costliest, 0)}, one);
        const double pilotS = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        for (const PlanCandidate& c : all)
            firstStageS += spec.firstStage * pilotS * (1.0 + c.redundancy) / (1.0 + costliest->redundancy);
        candidates += all.size();
    }
    fmt::print(stderr,
               "plan: {} candidates; first stage {} runs, about {} on {} threads (one timed run per policy); then {} "
               "replicates per round for the candidates still in, at most {} each\n",
               candidates, candidates * static_cast<std::size_t>(spec.firstStage), formatDuration(firstStageS / workers),
               workers, spec.batch, spec.maxReplicates);
}

void printRound(const PlanResult& r, double elapsedS)
{
    std::vector<std::string> parts;
    for (const PlanPolicyResult& p : r.policies) {
        const auto in = std::count_if(p.candidates.begin(), p.candidates.end(), [](const auto& c) { return c.alive; });
        const PlanCandidateState& lead = p.candidates[static_cast<std::size_t>(p.selected)];
        parts.push_back(fmt::format("{} {} in{}, lead r={} T_c={} {:.4f} +- {:.4f}", policyName(p.policy), in,
                                    p.done ? " (decided)" : "", lead.candidate.redundancy,
                                    checkpointIntervalText(lead.candidate.checkpointIntervalSteps), lead.mean, lead.halfWidth));
    }
    fmt::print(stderr, "plan: round {}, {} runs, {}: {}\n", r.rounds, r.runs, formatDuration(elapsedS), fmt::join(parts, "; "));
}

int runPlanCommand(const PlanOptionsText& o)
{
    if (!o.dir.empty() && !o.resume.empty())
        throw UsageError("--dir and --resume are exclusive: --resume DIR goes on with the plan in DIR");
    if (o.scenarioPath.empty() == o.resume.empty())
        throw UsageError("plan: give a SCENARIO file, or --resume DIR for a plan started with --dir");
    if (o.noRun && o.dir.empty() && o.resume.empty())
        throw UsageError("--no-run writes the next round as a campaign: it needs --dir DIR or --resume DIR");
    if (!o.resume.empty() && !o.specFlagsGiven.empty())
        throw UsageError(fmt::format("--resume {}: {} cannot change a plan under way: its folder fixes them (plan.json); "
                                     "allowed with --resume: --threads, --no-run, --json, --report, --memory-limit",
                                     o.resume, fmt::join(o.specFlagsGiven, ", ")));
    if (!o.dir.empty() && std::filesystem::exists(o.dir) && !std::filesystem::is_directory(o.dir))
        throw UsageError(fmt::format("--dir {}: is not a folder; allowed: a folder (created when missing)", o.dir));
    OutputFiles files;
    files.add("--report", o.reportPath);
    files.check();

    std::string scenarioPath = o.scenarioPath;
    std::unique_ptr<PlanFolder> folder;
    PlanSpec spec;
    if (!o.resume.empty()) {
        folder = std::make_unique<PlanFolder>(o.resume);
        spec = folder->spec();
        scenarioPath = folder->scenarioPath();
    } else {
        spec = specFromFlags(o);
        if (!o.dir.empty()) {
            folder = std::make_unique<PlanFolder>(o.dir);
            try {
                folder->prepare(spec);
            } catch (const OutputFileError& e) {
                if (e.deviceFailure())
                    throw OutputFileError("--dir " + e.path(), e.reason(), e.errorNumber());
                throw UsageError(fmt::format("--dir {}: {}", e.path(), e.reason()));
            }
        }
    }
    SweepSpec memory;
    memory.base = spec.base;
    memory.policies = spec.policies;
    memory.spareRedundancies = spec.redundancies;
    memory.repRedundancies = spec.redundancies;
    requireMemoryFits(Sweep::estimateMemory(memory, o.threads), spec.base, o.memoryLimit);

    const std::atomic<bool>& stop = installStopSignal();
    if (o.resume.empty() && !o.noRun)
        printEstimate(spec, o.threads);
    std::unique_ptr<LocalPlanRoundRunner> local;
    PlanRoundRunner* runner = nullptr;
    if (folder) {
        folder->setRunLocally(!o.noRun);
        CampaignRunOptions run;
        run.control.threads = o.threads;
        run.control.cancel = &stop;
        folder->setRunOptions(run);
        runner = folder.get();
    } else {
        local = std::make_unique<LocalPlanRoundRunner>(RunControl{o.threads, {}, &stop});
        runner = local.get();
    }
    const auto start = std::chrono::steady_clock::now();
    PlanOptions options;
    options.control.cancel = &stop;
    options.roundDone = [&](const PlanResult& r) {
        if (r.rounds > 0)
            printRound(r, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    };
    const PlanResult result = runPlan(spec, *runner, options);

    if (result.cancelled || stop.load()) {
        // The rounds done, and in a folder also the runs of the stopped round that are saved there.
        fmt::print(stderr, "spare-cli: plan stopped by a signal after {} runs{}\n",
                   result.runs + (folder ? folder->savedRunsOfStoppedRound() : 0),
                   folder ? fmt::format(", saved in {}; go on with spare-cli plan --resume {}", folder->path(), folder->path())
                          : std::string());
        return 130;
    }
    if (result.pending) {
        const int round = result.pending->index;
        fmt::print("plan: round {} needs {} runs ({} candidates x {} replicates). Run its campaign anywhere, e.g.\n"
                   "  spare-cli campaign run {} --out {} --shard auto      (one task of a job array)\n"
                   "  spare-cli campaign export {} --slurm --out {}\n"
                   "then go on with: spare-cli plan --resume {}\n",
                   round, result.pending->candidates.size() * static_cast<std::size_t>(result.pending->replicates),
                   result.pending->candidates.size(), result.pending->replicates, folder->roundCampaignPath(round),
                   folder->roundResultsPath(round), folder->roundCampaignPath(round), folder->roundResultsPath(round),
                   folder->path());
        return 0;
    }
    const std::string command = planCommandLine(spec, scenarioPath);
    const std::string report = planReportMarkdown(result, spec, command);
    if (!o.reportPath.empty()) {
        try {
            files.guard([&] { writeFileAtomically(o.reportPath, report); });
        } catch (const std::exception&) {
            if (!stop.load())
                throw;
            // A signal while the report waited (a FIFO no one reads): stopped, not failed.
            fmt::print(stderr, "spare-cli: plan stopped by a signal before its report was written\n");
            return 130;
        }
    }
    if (o.json) {
        nlohmann::json doc = planResultToJson(result, spec);
        doc["command"] = command;
        fmt::print("{}\n", doc.dump(2));
    } else {
        fmt::print("{}", report);
    }
    return 0;
}

CommandAction setupPlan(CLI::App& sub)
{
    auto o = std::make_shared<PlanOptionsText>();
    CLI::App* app = &sub;
    sub.add_option("scenario", o->scenarioPath, "Scenario JSON file (the cluster, workload and failure model to plan for)");
    sub.add_option("--policies", o->policies, "Comma list of spare, rep, ckpt: one selection per policy")
        ->capture_default_str();
    sub.add_option("--redundancy,-r", o->redundancy,
                   "Candidate r values for spare and rep: 2-16, 2,4,8 (2 .. min(groups, 64); default 2-16 or up to groups)");
    sub.add_option("--checkpoint", o->checkpoint,
                   "Candidate checkpoint intervals: auto (the closed-form rule at each r) and/or interval steps, "
                   "comma separated (auto,4,8,16)")
        ->capture_default_str();
    sub.add_option("--confidence", o->confidence, "Probability of selecting the best (0.5 .. 0.999)")
        ->capture_default_str()
        ->check(numberIn(0.5, 0.999));
    sub.add_option("--indifference", o->indifference,
                   "Indifference zone: differences smaller than this share of the best TTT/T0 do not matter (1% or 0.01)")
        ->capture_default_str();
    sub.add_option("--first-stage", o->firstStage, "Replicates of every candidate before any elimination (5 .. 1000)")
        ->capture_default_str()
        ->check(integerIn(5, 1000));
    sub.add_option("--batch", o->batch, "Replicates added per round to the candidates still in (1 .. 1000)")
        ->capture_default_str()
        ->check(integerIn(1, 1000));
    sub.add_option("--max-replicates", o->maxReplicates, "Most replicates of one candidate (a guard; 5 .. 100000)")
        ->capture_default_str()
        ->check(integerIn(5, 100000));
    sub.add_option("--threads", o->threads, "Worker threads (0 = all cores)")->capture_default_str()->check(integerIn(0, 1024));
    sub.add_option("--dir", o->dir, "Run the rounds as campaigns in this folder (resumable; rounds can run on a job array)");
    sub.add_option("--resume", o->resume, "Go on with the plan in this folder (started with --dir)");
    sub.add_flag("--no-run", o->noRun, "With --dir/--resume: write the next round's campaign and stop (run it elsewhere)");
    sub.add_flag("--json", o->json, "Print every figure as JSON");
    sub.add_option("--report", o->reportPath, "Write the recommendation as Markdown (atomically)");
    addMemoryLimitOption(sub, o->memoryLimit);
    return [o, app] {
        for (const char* flag : kSpecFlags)
            if (app->get_option(flag)->count() > 0)
                o->specFlagsGiven.emplace_back(flag);
        return runPlanCommand(*o);
    };
}

const bool registered = registerCommand(
    {"plan", "Choose r and the checkpoint interval per policy with stated confidence (Kim-Nelson selection)",
     &setupPlan});

}  // namespace

}  // namespace spare::cli
