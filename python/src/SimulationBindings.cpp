#include "python/src/Arguments.h"
#include "python/src/Bindings.h"
#include "python/src/EngineCall.h"
#include "python/src/EventArray.h"
#include "python/src/PythonJson.h"
#include "python/src/ScenarioValue.h"

#include "engine/base/InputError.h"
#include "engine/sim/RunMetricsJson.h"
#include "engine/sim/ScenarioJson.h"
#include "engine/sim/Simulator.h"

#include <pybind11/stl.h>

#include <limits>
#include <string>

namespace py = pybind11;

namespace spare::python {

namespace {

// The scenario spare-cli simulate runs with --policy, --redundancy and --seed.
Scenario withRunOverrides(Scenario scenario, py::handle policy, py::handle redundancy, py::handle seed)
{
    if (const auto name = optionalTextArgument("policy", policy)) {
        const auto parsed = parsePolicy(*name);
        if (!parsed)
            throw InputError("policy '" + *name + "' is not known; allowed: " + policyNames());
        scenario.policy = *parsed;
    }
    if (!redundancy.is_none())
        scenario.redundancy = redundancyArgument(redundancy, scenario.groups);
    if (!seed.is_none())
        scenario.seed = seedArgument("seed", seed);
    if (std::vector<InputIssue> issues = validateScenario(scenario); !issues.empty())
        throw ScenarioError(std::move(issues));
    return scenario;
}

py::dict simulate(py::handle scenarioArgument, py::handle policy, py::handle redundancy, py::handle seed,
                  py::handle eventsArgument, py::handle untilArgument, py::handle maxTttRatioArgument,
                  py::handle progress, py::handle cancel)
{
    const ScenarioValue value = ScenarioValue::fromArgument("scenario", scenarioArgument);
    const Scenario scenario = withRunOverrides(*value.scenario, policy, redundancy, seed);
    const bool events = flagArgument("events", eventsArgument);
    if (events)
        requireNumPy();  // before the run, not after it
    const double untilS =
        positiveNumberArgument("until_s", untilArgument, std::numeric_limits<double>::infinity());
    const double maxTttRatio = positiveNumberArgument("max_ttt_ratio", maxTttRatioArgument, 1e6);
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
        if (events || call.reportsProgress()) {
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
