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

// N and r as spare-cli checks --groups and --redundancy.
void checkGroupsAndRedundancy(int groups, int redundancy)
{
    requireIntegerIn("groups", groups, 2, ScenarioLimits::maxGroups);
    const int maxRedundancy = std::min(groups, ScenarioLimits::maxRedundancy);
    if (redundancy < ScenarioLimits::minRedundancy || redundancy > maxRedundancy)
        throw InputError(fmt::format("redundancy {} is out of range: allowed 1 .. {} (min(groups, {}))", redundancy,
                                     maxRedundancy, ScenarioLimits::maxRedundancy));
}

// The failure domains of `groups` groups: from a topology file (a scenario's topology keys and
// gpus_per_group) or a scenario's topology section, at domain_level (default: the topology's).
std::optional<ClusterPlacement> placementFor(py::handle topology, py::handle scenario,
                                             const std::optional<std::string>& level, int groups)
{
    if (topology.is_none() && scenario.is_none()) {
        if (level)
            throw InputError("domain_level needs topology or scenario");
        return std::nullopt;
    }
    if (!topology.is_none() && !scenario.is_none())
        throw InputError("topology and scenario: give one (both name a topology)");
    TopologyFile file;
    if (!topology.is_none()) {
        file = loadTopologyFile(pathArgument(topology));
    } else {
        const ScenarioValue value = ScenarioValue::fromArgument(scenario);
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

py::object layout(std::optional<int> groups, std::optional<int> redundancy, std::optional<std::string> name,
                  py::handle scenario, py::handle topology, const std::optional<std::string>& level)
{
    std::string layoutKey;
    bool hasTopology = !topology.is_none();
    if (!scenario.is_none()) {
        const ScenarioValue value = ScenarioValue::fromArgument(scenario);
        hasTopology = value.scenario->topology.has_value();
        groups = groups.value_or(value.scenario->groups);
        redundancy = redundancy.value_or(value.scenario->redundancy);
        if (!name) {
            name = value.scenario->layout;
            layoutKey = "cluster.layout";
        }
    } else if (!groups || !redundancy) {
        throw InputError(fmt::format("{} is required (or scenario, whose cluster section names N, r and the layout)",
                                     groups ? "redundancy" : "groups"));
    }
    checkGroupsAndRedundancy(*groups, *redundancy);
    const auto placement =
        hasTopology || level ? placementFor(topology, scenario, level, *groups) : std::optional<ClusterPlacement>();
    const Layout built = Layout::byName(name.value_or("golomb"), *groups, *redundancy, layoutKey,
                                        placement ? &*placement : nullptr);
    std::optional<LayoutDomainReport> report;
    if (placement)
        report = layoutDomainReport(built, *placement, placement->topology().domainLevel);
    return jsonToPython(layoutToJson(built, report ? &*report : nullptr));
}

py::object reorder(int groups, int redundancy, const std::vector<int>& failed, const std::string& name,
                   int stackNumber)
{
    checkGroupsAndRedundancy(groups, redundancy);
    const Layout built = Layout::byName(name, groups, redundancy);
    if (stackNumber < 1 || stackNumber > built.redundancy())
        throw InputError(fmt::format("stack_number {} is out of range: allowed 1 .. {} (the redundancy)", stackNumber,
                                     built.redundancy()));
    if (failed.empty())
        throw InputError(fmt::format("failed: no group given; allowed: distinct groups 0 .. {}", groups - 1));
    for (std::size_t i = 0; i < failed.size(); ++i) {
        if (failed[i] < 0 || failed[i] >= groups)
            throw InputError(fmt::format("failed: group {} is out of range: allowed 0 .. {}", failed[i], groups - 1));
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

py::object montecarlo(int groups, int redundancy, long long trials, const std::string& name, std::uint64_t seed,
                      std::optional<int> threads, const std::string& device, bool wipeoutOnly, py::handle scenario,
                      py::handle topology, const std::optional<std::string>& level, std::optional<double> burstShare,
                      py::object progress, const std::optional<CancelToken>& cancel)
{
    const Device requested = deviceArgument(device);
    checkGroupsAndRedundancy(groups, redundancy);
    requireIntegerIn("trials", trials, 1, 1'000'000'000);
    if (threads)
        requireIntegerIn("threads", *threads, 1, 4096);
    const auto placement = placementFor(topology, scenario, level, groups);
    if (burstShare && !placement)
        throw InputError("burst_share needs topology or scenario (the failure domains that burst)");
    const Layout built = Layout::byName(name, groups, redundancy, "", placement ? &*placement : nullptr);

    MonteCarloOptions options;
    options.trials = static_cast<std::uint64_t>(trials);
    options.seed = seed;
    options.device = requested;
    options.wipeoutOnly = wipeoutOnly;
    MonteCarloRunInfo info;
    if (burstShare) {
        requireNumberIn("burst_share", *burstShare, 0.0, 1.0);
        info.burstLevel = placement->topology().domainLevel;
        options.bursts = DomainBursts::fromPlacement(*placement, *info.burstLevel, *burstShare);
    }
    EngineCall call(progress, cancel);
    options.progress = call.progressSink();
    options.cancel = call.stopFlag();
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

py::object analyze(int groups, int redundancy, double mtbfS, double restartS, double checkpointS, double stepS)
{
    checkGroupsAndRedundancy(groups, redundancy);
    requireNumberIn("mtbf_s", mtbfS, ScenarioLimits::minSystemMtbfS, ScenarioLimits::maxSystemMtbfS);
    requireNumberIn("restart_s", restartS, 0.0, ScenarioLimits::maxDurationS);
    requireNumberIn("checkpoint_s", checkpointS, 0.0, ScenarioLimits::maxDurationS);
    requireNumberIn("step_s", stepS, ScenarioLimits::minComputeS, ScenarioLimits::maxDurationS);
    ClosedFormInputs inputs;
    inputs.groups = groups;
    inputs.redundancy = redundancy;
    inputs.mtbfS = mtbfS;
    inputs.restartS = restartS;
    inputs.checkpointWriteS = checkpointS;
    inputs.stepS = stepS;
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
