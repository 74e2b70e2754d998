#include "python/src/Bindings.h"
#include "python/src/EngineCall.h"
#include "python/src/EventArray.h"
#include "python/src/PythonJson.h"
#include "python/src/ScenarioValue.h"

#include "engine/base/InputError.h"
#include "engine/base/ScenarioLimits.h"
#include "engine/sim/RunMetricsJson.h"
#include "engine/sim/ScenarioJson.h"
#include "engine/sim/Simulator.h"

#include <pybind11/stl.h>

#include <algorithm>
#include <limits>
#include <optional>
#include <string>

namespace py = pybind11;

namespace spare::python {

namespace {

// The scenario spare-cli simulate runs with --policy, --redundancy and --seed.
Scenario withRunOverrides(Scenario scenario, const std::optional<std::string>& policy,
                          const std::optional<int>& redundancy, const std::optional<std::uint64_t>& seed)
{
    if (policy) {
        const auto parsed = parsePolicy(*policy);
        if (!parsed)
            throw InputError("policy '" + *policy + "' is not known; allowed: " + policyNames());
        scenario.policy = *parsed;
    }
    if (redundancy) {
        const int maxRedundancy = std::min(scenario.groups, ScenarioLimits::maxRedundancy);
        if (*redundancy < ScenarioLimits::minRedundancy || *redundancy > maxRedundancy)
            throw InputError("redundancy " + std::to_string(*redundancy) + " is out of range: allowed 1 .. " +
                             std::to_string(maxRedundancy) + " (min(groups, 64))");
        scenario.redundancy = *redundancy;
    }
    if (seed)
        scenario.seed = *seed;
    std::string problems;
    for (const ScenarioIssue& issue : validateScenario(scenario))
        problems += (problems.empty() ? "" : "\n") + issue.key + ": " + issue.message;
    if (!problems.empty())
        throw InputError(problems);
    return scenario;
}

py::dict simulate(py::handle scenarioArgument, const std::optional<std::string>& policy,
                  const std::optional<int>& redundancy, const std::optional<std::uint64_t>& seed, bool events,
                  double untilS, double maxTttRatio, py::object progress, const std::optional<CancelToken>& cancel)
{
    const ScenarioValue value = ScenarioValue::fromArgument(scenarioArgument);
    const Scenario scenario = withRunOverrides(*value.scenario, policy, redundancy, seed);
    if (!(untilS > 0.0))
        throw InputError("until_s " + std::to_string(untilS) + " is out of range: allowed > 0");
    if (!(maxTttRatio > 0.0 && maxTttRatio <= 1e6))
        throw InputError("max_ttt_ratio " + std::to_string(maxTttRatio) + " is out of range: allowed 0 < x <= 1e6");
    EngineCall call(progress, cancel);
    struct Outcome {
        RunMetrics metrics;
        std::vector<EventRow> rows;
    };
    Outcome outcome = call.run([&] {
        const Simulator simulator(scenario);
        SimulationLimits limits;
        limits.untilS = untilS;
        limits.maxTttRatio = maxTttRatio;
        limits.cancel = call.stopFlag();
        Outcome out;
        if (events || !progress.is_none()) {
            EventRowObserver observer(call.progressSink(), scenario.steps);
            out.metrics = simulator.run(&observer, limits);
            if (events)
                out.rows = observer.takeRows();
        } else {
            out.metrics = simulator.run(nullptr, limits);
        }
        return out;
    });
    py::dict result;
    result["report"] = jsonToPython(runReportJson(scenario, outcome.metrics));
    result["events"] = events ? eventArray(std::move(outcome.rows)) : py::none();
    result["scenario"] = ScenarioValue{std::make_shared<const Scenario>(scenario), value.path};
    return result;
}

}  // namespace

void bindSimulation(py::module_& module)
{
    module.attr("EVENT_KINDS") = eventKindNames();
    module.def("_simulate", &simulate, py::arg("scenario"), py::arg("policy") = py::none(),
               py::arg("redundancy") = py::none(), py::arg("seed") = py::none(), py::arg("events") = true,
               py::arg("until_s") = std::numeric_limits<double>::infinity(), py::arg("max_ttt_ratio") = 100.0,
               py::arg("progress") = py::none(), py::arg("cancel") = py::none());
}

}  // namespace spare::python
