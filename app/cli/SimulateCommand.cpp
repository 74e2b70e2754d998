#include "CliCommand.h"

#include "io/RunOutputs.h"
#include "layout/LayoutIndependence.h"
#include "sim/RunMetricsJson.h"
#include "sim/ScenarioJson.h"
#include "sim/Simulator.h"

#include <fmt/core.h>
#include <nlohmann/json.hpp>

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
    std::vector<int> traceGroups;
    double untilS = std::numeric_limits<double>::infinity();
    double maxTttRatio = 100.0;
    bool json = false;
};

Scenario scenarioWithOverrides(const SimulateOptions& opts)
{
    Scenario scenario = loadScenarioFile(opts.scenarioPath);
    if (!opts.policy.empty()) {
        const auto policy = parsePolicy(opts.policy);
        if (!policy)
            throw UsageError(fmt::format("--policy {} is not allowed: use {}", opts.policy, policyNames()));
        scenario.policy = *policy;
    }
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

// "FROM:TO" in simulated seconds, FROM >= 0, TO > FROM.
void applyTraceWindow(const std::string& text, ChromeTraceOptions& options)
{
    if (text.empty())
        return;
    const auto colon = text.find(':');
    double from = -1.0;
    double to = -1.0;
    try {
        if (colon == std::string::npos)
            throw std::invalid_argument(text);
        from = std::stod(text.substr(0, colon));
        to = std::stod(text.substr(colon + 1));
    } catch (const std::exception&) {
        throw UsageError(fmt::format("--trace-window {} is malformed: expected FROM:TO in seconds, e.g. 0:86400", text));
    }
    if (!(from >= 0.0) || !(to > from))
        throw UsageError(fmt::format("--trace-window {} is out of range: allowed 0 <= FROM < TO", text));
    options.fromS = from;
    options.toS = to;
}

void printMetricsTable(const Scenario& scenario, const RunMetrics& metrics)
{
    fmt::print("scenario     {}\npolicy       {}\nredundancy   {}\nseed         {}\n", scenario.name,
               policyDisplayName(scenario.policy), scenario.redundancy, scenario.seed);
    fmt::print("completed    {}\n", metrics.completed ? "yes" : "no (stopped early)");
    for (const auto& [key, value] : runMetricsFields(metrics))
        fmt::print("{:<27} {}\n", key, value);
    if (scenario.policy == Policy::Spare)
        if (const auto warning = independenceWarning(layoutIndependence(scenario.layout, scenario.groups, scenario.redundancy));
            !warning.empty())
            fmt::print("warning: {}\n", warning);
}

CommandAction setupSimulate(CLI::App& sub)
{
    auto opts = std::make_shared<SimulateOptions>();
    sub.add_option("scenario", opts->scenarioPath, "Scenario JSON file")->required();
    sub.add_option("--policy", opts->policy, "Override run.policy: spare | rep | ckpt");
    sub.add_option("--redundancy,-r", opts->redundancy, "Override cluster.redundancy (1 .. min(groups, 64))");
    sub.add_option("--seed", opts->seed, "Override run.seed");
    sub.add_option("--trace", opts->tracePath, "Write a Chrome trace-event JSON (Perfetto) of the run");
    sub.add_option("--trace-window", opts->traceWindow,
                   "Only trace events in FROM:TO simulated seconds (keeps traces of long runs small)");
    sub.add_option("--trace-groups", opts->traceGroups, "Groups that get their own trace lane, e.g. 3,17")
        ->delimiter(',');
    sub.add_option("--events", opts->eventsPath, "Write every event as CSV");
    sub.add_option("--until", opts->untilS, "Stop at this simulated time (seconds, > 0)");
    sub.add_option("--max-ttt-ratio", opts->maxTttRatio,
                   "Stop an unfinished run at this multiple of T0 (0 = never; 0 .. 1e6)")
        ->capture_default_str();
    sub.add_flag("--json", opts->json, "Print the metrics as JSON");
    return [opts] {
        if (!(opts->untilS > 0.0))
            throw UsageError(fmt::format("--until {} is out of range: allowed > 0 seconds", opts->untilS));
        if (!(opts->maxTttRatio >= 0.0 && opts->maxTttRatio <= 1e6))
            throw UsageError(fmt::format("--max-ttt-ratio {} is out of range: allowed 0 .. 1e6", opts->maxTttRatio));
        const Scenario scenario = scenarioWithOverrides(*opts);
        const auto issues = validateScenario(scenario);
        if (!issues.empty())
            throw UsageError(fmt::format("{}: {}", issues.front().key, issues.front().message));
        const Simulator simulator(scenario);

        RunOutputs outputs;
        outputs.chromeTracePath = opts->tracePath;
        outputs.chromeTrace.policyLabel = policyDisplayName(scenario.policy);
        applyTraceWindow(opts->traceWindow, outputs.chromeTrace);
        for (int g : opts->traceGroups) {
            if (g < 0 || g >= scenario.groups)
                throw UsageError(fmt::format("--trace-groups {} is out of range: allowed 0 .. {}", g, scenario.groups - 1));
        }
        outputs.chromeTrace.groupLanes = opts->traceGroups;
        outputs.eventsCsvPath = opts->eventsPath;
        SimulationLimits limits;
        limits.untilS = opts->untilS;
        limits.maxTttRatio = opts->maxTttRatio;
        const RunMetrics metrics = *runWithOutputs(simulator, outputs, limits);

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
