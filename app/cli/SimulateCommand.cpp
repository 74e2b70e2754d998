#include "app/cli/CliCommand.h"
#include "app/cli/CliOptions.h"
#include "app/cli/HumanFormat.h"
#include "app/cli/MemoryBudget.h"
#include "app/cli/OutputFiles.h"

#include "engine/base/InputError.h"
#include "engine/base/ProblemList.h"
#include "engine/base/ScenarioLimits.h"
#include "engine/output/RunOutputs.h"
#include "engine/output/TraceSelection.h"
#include "engine/sim/FailureTrace.h"
#include "engine/sim/ReplayState.h"
#include "engine/sim/RunFiguresJson.h"
#include "engine/sim/RunMetricsJson.h"
#include "engine/sim/ScenarioJson.h"
#include "engine/sim/ScenarioLayout.h"
#include "engine/sim/Simulator.h"

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace spare::cli {

namespace {

struct SimulateOptions {
    std::string scenarioPath;
    std::string policy;
    std::optional<int> redundancy;
    std::optional<std::uint64_t> seed;
    std::string tracePath;
    std::string eventsPath;
    std::string traceWindow;
    std::string traceGroups;
    double untilS = std::numeric_limits<double>::infinity();
    double maxTttRatio = 100.0;
    std::string memoryLimit;
    std::int64_t eventsLimit = static_cast<std::int64_t>(CsvEventWriter::kDefaultMaxRows);
    std::optional<double> stateAtS;
    bool json = false;
};

// Replays a run's events up to a time as the window's playback seeks there (PlaybackCursor::seekToTime):
// the longest prefix of events whose times are all <= the time, the clock then at min(time, the run's
// end). The run stops at the first event past the time: nothing after it can change the state.
class StateAtObserver final : public SimulationObserver {
public:
    StateAtObserver(ReplayState state, double timeS) : state_(std::move(state)), timeS_(timeS) {}

    void onEvent(const Event& event) override
    {
        endS_ = std::max(endS_, event.time);
        past_ = past_ || event.time > timeS_;
        if (!past_)
            state_.apply(event);
    }
    bool stopRequested() const override { return past_; }

    const ReplayState& stateAtTime()
    {
        state_.setTime(std::max(state_.snapshot().time, std::min(timeS_, endS_)));
        return state_;
    }

private:
    ReplayState state_;
    double timeS_;
    double endS_ = 0.0;
    bool past_ = false;
};

// What the window's Run tab shows at the time (--export-state after --run-until time:TIME).
nlohmann::json runTabStateAt(const Scenario& scenario, const Simulator& simulator, double timeS)
{
    StateAtObserver observer(ReplayState(scenario, scenario.groups, scenario.redundancy, {}), timeS);
    simulator.run(&observer);
    const ReplayState& state = observer.stateAtTime();
    return nlohmann::json{
        {"tab", "Run"},
        {"clock_s", state.snapshot().time},
        {"stack_number", state.snapshot().stackNumber},
        {"lanes", nlohmann::json::array({runFiguresJson(scenario, simulator.checkpointIntervalSteps(), state.figures())})},
    };
}

Scenario scenarioWithOverrides(const SimulateOptions& opts)
{
    Scenario scenario = loadScenarioFile(opts.scenarioPath);
    if (!opts.policy.empty())
        scenario.policy = *parsePolicy(opts.policy);
    if (opts.redundancy) {
        if (*opts.redundancy < 1 || *opts.redundancy > std::min(scenario.groups, 64))
            throw UsageError(fmt::format("--redundancy {} is out of range: allowed 1 .. {} (min(groups, 64))",
                                         *opts.redundancy, std::min(scenario.groups, 64)));
        scenario.redundancy = *opts.redundancy;
    }
    if (opts.seed)
        scenario.seed = *opts.seed;
    return scenario;
}

// Preparing the run reads failures.trace; its problems are scenario problems, reported like the others.
Simulator simulatorFor(const Scenario& scenario, const std::string& scenarioPath)
{
    try {
        return Simulator(prepareRun(scenario));
    } catch (const FailureTraceError& error) {
        throw FailureTraceError(issuesAtKey(error, scenarioPath, "failures.trace"));
    }
}

void printMetricsTable(const Scenario& scenario, const RunMetrics& m)
{
    const auto row = [](std::string_view label, const std::string& value) { fmt::print("{:<24}{}\n", label, value); };
    row("scenario", scenario.name);
    row("policy", fmt::format("{} (r = {})", policyDisplayName(scenario.policy), scenario.redundancy));
    row("seed", fmt::format("{}", scenario.seed));
    row("completed", m.completed ? std::string("yes")
                                 : fmt::format("no (stopped at the {} limit)", stopReasonName(m.stopReason)));
    row("time to train (TTT)", durationText(m.tttS));
    row("failure-free time T0", durationText(m.t0S));
    row("TTT / T0", fixedText(m.tttRatio, 3));
    row("effective throughput", percentText(m.effectiveThroughput));
    row("availability", percentText(m.availability));
    row("ETTR", fmt::format("{} (productive {} of the wall-clock time)", percentText(m.ettr), durationText(m.productiveS)));
    row("down", m.maintenanceStops > 0
                    ? fmt::format("{} (restarts {}, shrinks {}, maintenance {})", durationText(m.downS),
                                  durationText(m.restartS), durationText(m.shrinkS), durationText(m.maintenanceS))
                    : fmt::format("{} (restarts {}, shrinks {})", durationText(m.downS), durationText(m.restartS),
                                  durationText(m.shrinkS)));
    row("checkpoint waits", durationText(m.checkpointS));
    row("failed all-reduces", durationText(m.failedAllReduceS));
    row("patch computes", fmt::format("{} ({} rounds)", durationText(m.patchS), countText(m.patchComputes)));
    row("steps", fmt::format("{} of {} (checkpoint every {} steps)", countText(m.stepsDone), countText(m.steps),
                             countText(m.checkpointIntervalSteps)));
    row("executed steps", fmt::format("{} ({} rolled back)", countText(m.executedSteps), countText(m.reworkSteps)));
    row("checkpoints", fmt::format("{} written, {} voided", countText(m.checkpointsWritten),
                                   countText(m.checkpointsVoided)));
    row("failures", fmt::format("{} ({} masked, {} during restarts)", countText(m.failures),
                                countText(m.maskedFailures), countText(m.restartFailures)));
    row("restarts", fmt::format("{} (mean {})", countText(m.restarts), durationText(m.meanRestartS)));
    if (m.maintenanceStops > 0)
        row("maintenance stops", countText(m.maintenanceStops));
    if (m.discardedSteps > 0 || scenario.policy == Policy::Elastic || scenario.policy == Policy::Rebalance)
        row("reconfigurations", fmt::format("{} steps lost, {} detecting and re-planning", countText(m.discardedSteps),
                                            durationText(m.reconfigureS)));
    if (m.stepsBelowFullBatch > 0 || scenario.policy == Policy::Elastic) {
        const ProgressModel progress = scenario.progress.value_or(ProgressModel{});
        row("progress", fmt::format("{} steps, {} samples, {} effective (counted: {}, phi {})",
                                    countText(m.stepsDone), fixedText(m.samplesCommitted, 1),
                                    fixedText(m.effectiveProgress, 1), progressMeasureName(progress.measure),
                                    progress.phi));
        row("batch", fmt::format("mean {}, min {}, {} steps below full", fixedText(m.meanBatchFraction, 4),
                                 fixedText(m.minBatchFraction, 4), countText(m.stepsBelowFullBatch)));
    }
    if (scenario.memoryCheckpoint)
        row("in-memory checkpoints", fmt::format("{} taken; restarts from memory {}, from storage {}",
                                                 countText(m.memoryCheckpoints), countText(m.memoryRestores),
                                                 countText(m.storageRestores)));
    if (scenario.hosts) {
        row("slow hosts", fmt::format("{} of barrier wait; {} evicted", durationText(m.slowHostS),
                                      countText(m.slowHostsEvicted)));
        row("failure-prone nodes", fmt::format("{} removed", countText(m.proneNodesRemoved)));
    }
    row("mean stack number S", fixedText(m.meanStackNumber, 3));
    row("reorder decisions", fmt::format("{} kept, {} reordered, {} wipe-outs", countText(m.phase0Decisions),
                                         countText(m.phase2Decisions), countText(m.wipeouts)));
    const auto share = [](std::int64_t part, std::int64_t whole) {
        return percentText(whole > 0 ? static_cast<double>(part) / static_cast<double>(whole) : 0.0, 1);
    };
    if (scenario.policy == Policy::Spare)
        row("fixed check settles",
            fmt::format("{} of decisions; {} of executed steps need no reorder",
                        share(m.phase0Decisions, m.phase0Decisions + m.phase2Decisions + m.wipeouts),
                        share(m.executedSteps - m.stepsReordered, m.executedSteps)));
    row("events", countText(m.events));
    fmt::print("where the time went (parts of TTT)\n");
    for (const TimeBreakdownPart& part : timeBreakdownParts()) {
        const double seconds = m.timeBreakdown.*part.seconds;
        fmt::print("  {:<28}{} ({})\n", part.label, durationText(seconds),
                   percentText(m.tttS > 0.0 ? seconds / m.tttS : 0.0, 1));
    }
    if (scenario.policy == Policy::Spare)
        if (const auto warning = independenceWarning(scenarioLayoutIndependence(scenario));
            !warning.empty())
            fmt::print("warning: {}\n", warning);
}

CommandAction setupSimulate(CLI::App& sub)
{
    auto opts = std::make_shared<SimulateOptions>();
    sub.add_option("scenario", opts->scenarioPath, "Scenario JSON file")->required();
    sub.add_option("--policy", opts->policy, "Override run.policy")
        ->check(choiceOf(policyNames(), [](std::string_view name) { return parsePolicy(name).has_value(); }));
    sub.add_option("--redundancy,-r", opts->redundancy, "Override cluster.redundancy (1 .. min(groups, 64))")
        ->check(integerIn(ScenarioLimits::minRedundancy, ScenarioLimits::maxRedundancy));
    sub.add_option("--seed", opts->seed, "Override run.seed")->check(seedValue());
    CLI::Option* trace = sub.add_option("--trace", opts->tracePath, "Write a Chrome trace-event JSON (Perfetto) of the run");
    sub.add_option("--trace-window", opts->traceWindow,
                   "Only trace events in START:END simulated seconds (keeps traces of long runs small)")
        ->check(timeWindowValue())
        ->needs(trace);
    sub.add_option("--trace-groups", opts->traceGroups, "Groups that get their own trace lane, e.g. 3,17")
        ->needs(trace);
    CLI::Option* events = sub.add_option("--events", opts->eventsPath, "Write every event as CSV");
    sub.add_option("--events-limit", opts->eventsLimit,
                   "At most this many --events rows; a last row says when the cap was hit")
        ->capture_default_str()
        ->check(integerIn(1, 1'000'000'000))
        ->needs(events);
    sub.add_option("--until", opts->untilS, "Stop at this simulated time (seconds)")
        ->check(positiveNumber());
    sub.add_option("--max-ttt-ratio", opts->maxTttRatio, "Stop an unfinished run at this multiple of T0")
        ->capture_default_str()
        ->check(positiveNumberUpTo(1e6));
    CLI::Option* json = sub.add_flag("--json", opts->json, "Print the metrics as JSON");
    sub.add_option("--state-at", opts->stateAtS,
                   "Print what the window's Run tab shows at this simulated time (seconds), as "
                   "spare-studio --run-until time:TIME --export-state writes it")
        ->check(numberIn(0.0, ScenarioLimits::maxDurationS))
        ->needs(json)
        ->excludes(trace)
        ->excludes(events)
        ->excludes("--until")
        ->excludes("--max-ttt-ratio");
    addMemoryLimitOption(sub, opts->memoryLimit);
    return [opts] {
        OutputFiles files;
        files.add("--trace", opts->tracePath);
        files.add("--events", opts->eventsPath);
        files.check();
        const Scenario scenario = scenarioWithOverrides(*opts);
        if (std::vector<InputIssue> issues = validateScenario(scenario); !issues.empty())
            throw ScenarioError(withOrigin(std::move(issues), opts->scenarioPath));
        requireMemoryFits(estimateRunMemory(scenario), scenario, opts->memoryLimit);
        const Simulator simulator = simulatorFor(scenario, opts->scenarioPath);
        if (opts->stateAtS) {
            fmt::print("{}\n", runTabStateAt(scenario, simulator, *opts->stateAtS).dump(2));
            return 0;
        }

        RunOutputs outputs;
        outputs.chromeTracePath = opts->tracePath;
        outputs.chromeTrace.policyLabel = policyDisplayName(scenario.policy);
        if (const auto window = TraceSelection::parseWindow(opts->traceWindow)) {
            outputs.chromeTrace.fromS = window->first;
            outputs.chromeTrace.toS = window->second;
        }
        if (!opts->traceGroups.empty())
            outputs.chromeTrace.groupLanes = parseGroupList("--trace-groups", opts->traceGroups, scenario.groups);
        outputs.eventsCsvPath = opts->eventsPath;
        outputs.eventsCsvMaxRows = static_cast<std::size_t>(opts->eventsLimit);
        SimulationLimits limits;
        limits.untilS = opts->untilS;
        limits.maxTttRatio = opts->maxTttRatio;
        const RunMetrics metrics = files.guard([&] { return *runWithOutputs(simulator, outputs, limits); });

        if (opts->json) {
            fmt::print("{}\n", runReportJson(scenario, metrics).dump(2));
        } else {
            printMetricsTable(scenario, metrics);
        }
        return 0;
    };
}

const bool registered =
    registerCommand({"simulate", "Simulate one training run (SPARe+CKPT, Rep+CKPT or CKPT-only)", &setupSimulate});

}  // namespace

}  // namespace spare::cli
