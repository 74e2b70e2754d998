#include "python/src/Arguments.h"
#include "python/src/Bindings.h"
#include "python/src/EngineCall.h"
#include "python/src/PythonJson.h"
#include "python/src/ScenarioValue.h"

#include "engine/analysis/MonteCarlo.h"
#include "engine/analysis/MonteCarloJson.h"
#include "engine/base/InputError.h"
#include "engine/base/ScenarioLimits.h"
#include "engine/layout/Layout.h"
#include "engine/layout/LayoutDomainReport.h"
#include "engine/layout/LayoutJson.h"
#include "engine/planning/ClosedFormReport.h"
#include "engine/reorder/ReorderController.h"
#include "engine/reorder/ReorderDecisionJson.h"
#include "engine/sim/TopologyFile.h"
#include "engine/topology/ClusterPlacement.h"

#include <fmt/core.h>
#include <pybind11/stl.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace py = pybind11;

namespace spare::python {

namespace {

// N as spare-cli checks --groups.
int groupCount(py::handle value)
{
    return static_cast<int>(integerArgument("groups", value, 2, ScenarioLimits::maxGroups));
}

// The failure domains of `groups` groups: from a topology file (a scenario's topology keys and
// gpus_per_group) or a scenario's topology section, at domain_level (default: the topology's).
std::optional<ClusterPlacement> placementFor(py::handle topology, py::handle scenario, py::handle levelArgument,
                                             int groups)
{
    const std::optional<std::string> level = optionalTextArgument("domain_level", levelArgument);
    if (topology.is_none() && scenario.is_none()) {
        if (level)
            throw InputError("domain_level needs topology or scenario");
        return std::nullopt;
    }
    if (!topology.is_none() && !scenario.is_none())
        throw InputError("topology and scenario: give one (both name a topology)");
    TopologyFile file;
    if (!topology.is_none()) {
        file = loadTopologyFile(pathArgument("topology", topology));
    } else {
        const ScenarioValue value = ScenarioValue::fromArgument("scenario", scenario);
        if (!value.scenario->topology)
            throw InputError("scenario: the scenario has no topology section");
        file = {*value.scenario->topology, value.scenario->gpusPerGroup};
    }
    if (level) {
        const auto parsed = parseDomainLevel(*level);
        if (!parsed)
            throw InputError(fmt::format("domain_level '{}' is not known; allowed: {}", *level, domainLevelNames()));
        file.topology.domainLevel = *parsed;
    }
    return ClusterPlacement::fromTopology(file.topology, groups, file.gpusPerGroup);
}

py::object layout(py::handle groupsValue, py::handle redundancyValue, py::handle nameArgument,
                  py::handle scenario, py::handle topology, py::handle level)
{
    std::string layoutKey;
    bool hasTopology = !topology.is_none();
    std::optional<std::string> name = optionalTextArgument("layout", nameArgument);
    std::optional<int> groups;
    if (!groupsValue.is_none())
        groups = groupCount(groupsValue);
    std::optional<int> scenarioRedundancy;
    if (!scenario.is_none()) {
        const ScenarioValue value = ScenarioValue::fromArgument("scenario", scenario);
        hasTopology = value.scenario->topology.has_value();
        groups = groups.value_or(value.scenario->groups);
        scenarioRedundancy = value.scenario->redundancy;
        if (!name) {
            name = value.scenario->layout;
            layoutKey = "cluster.layout";
        }
    } else if (!groups || redundancyValue.is_none()) {
        throw InputError(fmt::format("{} is required (or scenario, whose cluster section names N, r and the layout)",
                                     groups ? "redundancy" : "groups"));
    }
    const py::object redundancyGiven = redundancyValue.is_none() ? py::int_(*scenarioRedundancy)
                                                                  : py::reinterpret_borrow<py::object>(redundancyValue);
    const int redundancy = redundancyArgument(redundancyGiven, *groups);
    const auto placement = hasTopology || !level.is_none() ? placementFor(topology, scenario, level, *groups)
                                                            : std::optional<ClusterPlacement>();
    const Layout built = Layout::byName(name.value_or("golomb"), *groups, redundancy, layoutKey,
                                        placement ? &*placement : nullptr);
    std::optional<LayoutDomainReport> report;
    if (placement)
        report = layoutDomainReport(built, *placement, placement->topology().domainLevel);
    return jsonToPython(layoutToJson(built, report ? &*report : nullptr));
}

py::object reorder(py::handle groupsValue, py::handle redundancyValue, py::handle failedArgument,
                   py::handle name, py::handle stackNumberArgument)
{
    const int groups = groupCount(groupsValue);
    const int redundancy = redundancyArgument(redundancyValue, groups);
    const Layout built = Layout::byName(textArgument("layout", name), groups, redundancy);
    const int stackNumber = static_cast<int>(
        integerArgument("stack_number", stackNumberArgument, 1, built.redundancy(), "the redundancy"));
    std::vector<int> failed;
    if (py::isinstance<py::str>(failedArgument) || !py::isinstance<py::iterable>(failedArgument))
        throwTypeError("failed", "a list of group numbers", failedArgument);
    for (const py::handle group : failedArgument) {
        if (failed.size() == static_cast<std::size_t>(groups))
            throw InputError(fmt::format("failed: more than {} groups; allowed: distinct groups 0 .. {}", groups,
                                         groups - 1));
        failed.push_back(static_cast<int>(integerArgument("failed: group", group, 0, groups - 1)));
    }
    if (failed.empty())
        throw InputError(fmt::format("failed: no group given; allowed: distinct groups 0 .. {}", groups - 1));
    for (std::size_t i = 0; i < failed.size(); ++i) {
        if (std::find(failed.begin(), failed.begin() + static_cast<std::ptrdiff_t>(i), failed[i]) !=
            failed.begin() + static_cast<std::ptrdiff_t>(i))
            throw InputError(fmt::format("failed: group {} is given twice", failed[i]));
    }
    ReorderController controller(built, stackNumber);
    const ReorderDecision decision = controller.onFailures(failed);
    return jsonToPython(reorderDecisionToJson(controller, decision));
}

Device deviceArgument(const std::string& name)
{
    if (name == "auto")
        return Device::Auto;
    if (name == "cpu")
        return Device::Cpu;
    if (name == "cuda") {
        if (const std::string why = MonteCarlo::cudaUnavailableReason(); !why.empty())
            throw InputError("device cuda is not available: " + why);
        return Device::Cuda;
    }
    throw InputError(fmt::format("device '{}' is not known; allowed: auto | cpu | cuda", name));
}

py::object montecarlo(py::handle groupsValue, py::handle redundancyValue, py::handle trials, py::handle name,
                      py::handle seed, py::handle threadsArgument, py::handle device, py::handle wipeoutOnly,
                      py::handle scenario, py::handle topology, py::handle level, py::handle burstShareArgument,
                      py::handle progress, py::handle cancel)
{
    const Device requested = deviceArgument(textArgument("device", device));
    const int groups = groupCount(groupsValue);
    const int redundancy = redundancyArgument(redundancyValue, groups);
    const auto threads = optionalIntegerArgument("threads", threadsArgument, 1, 4096);
    const auto placement = placementFor(topology, scenario, level, groups);
    const auto burstShare = optionalNumberArgument("burst_share", burstShareArgument, 0.0, 1.0);
    if (burstShare && !placement)
        throw InputError("burst_share needs topology or scenario (the failure domains that burst)");
    const Layout built =
        Layout::byName(textArgument("layout", name), groups, redundancy, "", placement ? &*placement : nullptr);

    MonteCarloOptions options;
    options.trials = static_cast<std::uint64_t>(integerArgument("trials", trials, 1, 1'000'000'000));
    options.seed = seedArgument("seed", seed);
    options.device = requested;
    options.wipeoutOnly = flagArgument("wipeout_only", wipeoutOnly);
    MonteCarloRunInfo info;
    if (burstShare) {
        info.burstLevel = placement->topology().domainLevel;
        options.bursts = DomainBursts::fromPlacement(*placement, *info.burstLevel, *burstShare);
    }
    EngineCall call(progress, cancel);
    options.control = call.control();
    const MonteCarloResult result = call.run([&] {
        // An arena of its own, not a process-wide limit: a call beside it in another thread keeps its threads.
        tbb::task_arena arena(threads ? *threads : tbb::task_arena::automatic);
        info.threads = arena.max_concurrency();
        return arena.execute([&] {
            const auto start = std::chrono::steady_clock::now();
            MonteCarloResult out = MonteCarlo::run(built, options);
            info.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            return out;
        });
    });
    return jsonToPython(monteCarloToJson(built, options, result, info));
}

py::object analyze(py::handle groups, py::handle redundancy, py::handle mtbfS, py::handle restartS,
                   py::handle checkpointS, py::handle stepS)
{
    ClosedFormInputs inputs;
    inputs.groups = groupCount(groups);
    inputs.redundancy = redundancyArgument(redundancy, inputs.groups);
    inputs.mtbfS = numberArgument("mtbf_s", mtbfS, ScenarioLimits::minSystemMtbfS, ScenarioLimits::maxSystemMtbfS);
    inputs.restartS = numberArgument("restart_s", restartS, 0.0, ScenarioLimits::maxDurationS);
    inputs.checkpointWriteS = numberArgument("checkpoint_s", checkpointS, 0.0, ScenarioLimits::maxDurationS);
    inputs.stepS = numberArgument("step_s", stepS, ScenarioLimits::minComputeS, ScenarioLimits::maxDurationS);
    const ClosedFormReport report = [&] {
        const py::gil_scoped_release released;
        return closedFormReport(inputs);
    }();
    return jsonToPython(closedFormReportToJson(report));
}

}  // namespace

void bindLayouts(py::module_& module)
{
    module.def("_layout", &layout, py::arg("groups") = py::none(), py::arg("redundancy") = py::none(),
               py::arg("layout") = py::none(), py::arg("scenario") = py::none(), py::arg("topology") = py::none(),
               py::arg("domain_level") = py::none());
    module.def("_reorder", &reorder, py::arg("groups"), py::arg("redundancy"), py::arg("failed"),
               py::arg("layout") = "golomb", py::arg("stack_number") = 1);
    module.def("_montecarlo", &montecarlo, py::arg("groups"), py::arg("redundancy"), py::arg("trials"),
               py::arg("layout") = "golomb", py::arg("seed") = 1, py::arg("threads") = py::none(),
               py::arg("device") = "auto", py::arg("wipeout_only") = false, py::arg("scenario") = py::none(),
               py::arg("topology") = py::none(), py::arg("domain_level") = py::none(),
               py::arg("burst_share") = py::none(), py::arg("progress") = py::none(), py::arg("cancel") = py::none());
    const ClosedFormInputs paper;
    module.def("_analyze", &analyze, py::arg("groups"), py::arg("redundancy"), py::arg("mtbf_s") = paper.mtbfS,
               py::arg("restart_s") = paper.restartS, py::arg("checkpoint_s") = paper.checkpointWriteS,
               py::arg("step_s") = paper.stepS);
}

}  // namespace spare::python
