#include "CliCommand.h"

#include "io/ChromeTraceWriter.h"
#include "io/CsvEventWriter.h"
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
    double untilS = std::numeric_limits<double>::infinity();
    double maxTttRatio = 100.0;
    bool json = false;
};

// Forwards every event to several observers (trace and CSV at once).
class ObserverFanOut final : public SimulationObserver {
public:
    void add(SimulationObserver* observer) { observers_.push_back(observer); }
    bool empty() const { return observers_.empty(); }
    void onEvent(const Event& event) override
    {
        for (auto* observer : observers_)
            observer->onEvent(event);
    }

private:
    std::vector<SimulationObserver*> observers_;
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

void printMetricsTable(const Scenario& scenario, const RunMetrics& metrics)
{
    fmt::print("scenario     {}\npolicy       {}\nredundancy   {}\nseed         {}\n", scenario.name,
               policyDisplayName(scenario.policy), scenario.redundancy, scenario.seed);
    fmt::print("completed    {}\n", metrics.completed ? "yes" : "no (stopped early)");
    for (const auto& [key, value] : runMetricsFields(metrics))
        fmt::print("{:<27} {}\n", key, value);
}

CommandAction setupSimulate(CLI::App& sub)
{
    auto opts = std::make_shared<SimulateOptions>();
    sub.add_option("scenario", opts->scenarioPath, "Scenario JSON file")->required();
    sub.add_option("--policy", opts->policy, "Override run.policy: spare | rep | ckpt");
    sub.add_option("--redundancy,-r", opts->redundancy, "Override cluster.redundancy (1 .. min(groups, 64))");
    sub.add_option("--seed", opts->seed, "Override run.seed");
    sub.add_option("--trace", opts->tracePath, "Write a Chrome trace-event JSON (Perfetto) of the run");
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

        std::unique_ptr<ChromeTraceWriter> trace;
        std::unique_ptr<CsvEventWriter> csv;
        ObserverFanOut fanOut;
        if (!opts->tracePath.empty()) {
            ChromeTraceOptions traceOptions;
            traceOptions.policyLabel = policyDisplayName(scenario.policy);
            trace = std::make_unique<ChromeTraceWriter>(opts->tracePath, traceOptions);
            fanOut.add(trace.get());
        }
        if (!opts->eventsPath.empty()) {
            csv = std::make_unique<CsvEventWriter>(opts->eventsPath);
            fanOut.add(csv.get());
        }
        SimulationLimits limits;
        limits.untilS = opts->untilS;
        limits.maxTttRatio = opts->maxTttRatio;
        const RunMetrics metrics = simulator.run(fanOut.empty() ? nullptr : &fanOut, limits);
        if (trace)
            trace->finish();
        if (csv)
            csv->finish();

        if (opts->json) {
            nlohmann::json out = runMetricsToJson(metrics);
            out["scenario"] = scenario.name;
            out["policy"] = policyName(scenario.policy);
            out["redundancy"] = scenario.redundancy;
            out["groups"] = scenario.groups;
            out["seed"] = scenario.seed;
            fmt::print("{}\n", out.dump(2));
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
