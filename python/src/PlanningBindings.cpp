#include "python/src/Arguments.h"
#include "python/src/Bindings.h"
#include "python/src/EngineCall.h"
#include "python/src/PythonJson.h"
#include "python/src/ScenarioValue.h"

#include "engine/base/InputError.h"
#include "engine/base/ScenarioLimits.h"
#include "engine/planning/ConfigurationPlanner.h"
#include "engine/planning/FailureLogStudy.h"
#include "engine/planning/PlanReport.h"
#include "engine/planning/PlanSpec.h"
#include "engine/planning/RegimeMap.h"
#include "engine/planning/TimeFormat.h"

#include <fmt/core.h>
#include <fmt/ranges.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace py = pybind11;

namespace spare::python {

namespace {

// The arguments of _fit that describe the log and the fleet, read through the conversion layer.
struct FitArguments {
    std::string timeColumn;
    std::string timeFormat;
    std::map<std::string, std::vector<std::string>> where;
    std::map<std::string, std::vector<std::string>> whereNot;
    std::optional<std::string> from;
    std::optional<std::string> to;
    std::optional<std::string> locationColumn;
    std::optional<std::string> locationPattern;
    double clusterWindowS = 3600.0;
    std::optional<std::string> rackLevel;
    std::optional<double> units;
    std::string unit;
    int gpusPerNode = 8;
    std::optional<int> groups;
    std::optional<int> gpusPerGroup;
    bool skipBadRows = false;
    bool requireSorted = false;
};

FailureLogOptions readOptions(const FitArguments& a)
{
    FailureLogOptions read;
    read.timeColumn = a.timeColumn;
    read.timeFormat = TimeFormat::parse(a.timeFormat);
    for (const auto& [column, values] : a.where)
        read.filters.push_back({column, values, false});
    for (const auto& [column, values] : a.whereNot)
        read.filters.push_back({column, values, true});
    if (a.from)
        read.fromS = parseWindowBound(*a.from, read.timeFormat, WindowBound::From);
    if (a.to)
        read.toS = parseWindowBound(*a.to, read.timeFormat, WindowBound::To);
    if (a.locationColumn.has_value() != a.locationPattern.has_value())
        throw InputError("location_column and location_pattern: give both or neither");
    if (a.locationColumn) {
        read.locationColumn = *a.locationColumn;
        read.locationPattern = LocationPattern::parse(*a.locationPattern);
        if (a.rackLevel && !read.locationPattern->levelIndex(*a.rackLevel))
            throw InputError(fmt::format("rack_level '{}': not a level of location_pattern '{}'; allowed: {}",
                                         *a.rackLevel, *a.locationPattern,
                                         fmt::join(read.locationPattern->levelNames(), ", ")));
    } else if (a.rackLevel) {
        throw InputError("rack_level needs location_column and location_pattern");
    }
    read.badRows = a.skipBadRows ? FailureLogOptions::BadRows::Skip : FailureLogOptions::BadRows::Error;
    read.requireSorted = a.requireSorted;
    return read;
}

py::object fit(const std::string& logPath, const FitArguments& a, py::handle scenario, int bootstrap,
               std::uint64_t seed, int threads, bool checkpointSweep, py::handle progress, py::handle cancel)
{
    const auto unit = parseFleetUnit(a.unit);
    if (!unit)
        throw InputError(fmt::format("unit '{}' is not known; allowed: gpu | node", a.unit));
    if (a.groups.has_value() != a.gpusPerGroup.has_value())
        throw InputError("groups and gpus_per_group: give both (the planned cluster) or neither");
    if (a.groups && !scenario.is_none())
        throw InputError("groups and scenario: give one (both describe the planned cluster)");
    const bool plannedCluster = a.groups || !scenario.is_none();
    if (plannedCluster && !a.units)
        throw InputError(fmt::format("{} needs units (the size of the fleet the log covers)",
                                     a.groups ? "groups" : "scenario"));
    if (checkpointSweep && scenario.is_none())
        throw InputError("checkpoint_sweep needs scenario");

    FailureLogStudyOptions study;
    study.read = readOptions(a);
    study.bootstrapSamples = bootstrap;
    study.seed = seed;
    study.control.threads = threads;
    if (a.units)
        study.fleet = FleetDescription{*a.units, *unit, a.gpusPerNode};
    if (!scenario.is_none()) {
        study.plannedBase = *ScenarioValue::fromArgument("scenario", scenario).scenario;
    } else if (a.groups) {
        Scenario base;
        base.groups = *a.groups;
        base.gpusPerGroup = *a.gpusPerGroup;
        base.redundancy = std::min(base.redundancy, base.groups);
        study.plannedBase = base;
    }
    study.checkpointSweep = checkpointSweep;
    study.clusterWindowS = a.clusterWindowS;
    study.rackLevel = a.rackLevel.value_or("");
    EngineCall call(progress, cancel);
    study.bootstrapProgress = call.progressSink();
    study.checkpointProgress = call.progressSink();
    // The stop flag reaches the log reader too: KeyboardInterrupt or the token also stops the wait for
    // a FIFO's writer.
    study.control.cancel = call.stopFlag();
    const FailureLogStudy result = call.run([&] { return runFailureLogStudy(logPath, study); });
    py::dict out = jsonToPython(failureLogStudyToJson(result, study)).cast<py::dict>();
    if (result.planned)
        out["planned_scenario"] = ScenarioValue{std::make_shared<const Scenario>(*result.planned), ""};
    return out;
}

// "auto" and interval steps 1 .. workload.steps, as spare-cli plan --checkpoint.
std::vector<std::optional<int>> checkpointArgument(py::handle value, int maxSteps)
{
    std::vector<py::object> items;
    if (py::isinstance<py::str>(value) || PyIndex_Check(value.ptr()))
        items.push_back(py::reinterpret_borrow<py::object>(value));
    else if (py::isinstance<py::iterable>(value) && !py::isinstance<py::bytes>(value))
        for (const py::handle item : value) {
            if (items.size() == kMaxListItems)
                throw InputError(fmt::format("checkpoint: more than {} values; allowed at most {}", kMaxListItems,
                                             kMaxListItems));
            items.push_back(py::reinterpret_borrow<py::object>(item));
        }
    else
        throwTypeError("checkpoint", R"("auto", an interval in steps or a list of them)", value);
    std::vector<std::optional<int>> out;
    for (const py::object& item : items) {
        const auto notAllowed = [&] {
            return InputError(fmt::format(
                "checkpoint: {} is not allowed; use \"auto\" or interval steps 1 .. {} (workload.steps)",
                shortRepr(item), maxSteps));
        };
        std::optional<int> interval;
        if (!(py::isinstance<py::str>(item) && textArgument("checkpoint", item) == "auto")) {
            if (!PyIndex_Check(item.ptr()) || py::isinstance<py::bool_>(item))
                throw notAllowed();
            try {
                interval = static_cast<int>(integerArgument("checkpoint", item, 1, maxSteps));
            } catch (const InputError&) {
                throw notAllowed();
            }
        }
        if (std::find(out.begin(), out.end(), interval) == out.end())
            out.push_back(interval);
    }
    if (out.empty())
        throw InputError("checkpoint: none given; use \"auto\" or a list of interval steps");
    return out;
}

// A share of TTT/T0 (0.01) or a percentage text ("1%").
double indifferenceArgument(py::handle value)
{
    double share = -1.0;
    if (py::isinstance<py::str>(value)) {
        std::string text = textArgument("indifference", value);
        const bool percent = !text.empty() && text.back() == '%';
        try {
            std::size_t used = 0;
            const std::string number = percent ? text.substr(0, text.size() - 1) : text;
            const double parsed = std::stod(number, &used);
            if (used == number.size())
                share = percent ? parsed / 100.0 : parsed;
        } catch (const std::exception&) {
        }
    } else {
        if (value.is_none() || py::isinstance<py::bool_>(value) || !PyNumber_Check(value.ptr()))
            throwTypeError("indifference", "a share of TTT/T0 (0.01) or a percentage text (\"1%\")", value);
        share = numberArgument("indifference", value, -std::numeric_limits<double>::infinity(),
                               std::numeric_limits<double>::infinity());
    }
    if (!(share > 0.0 && share <= 0.5))
        throw InputError(fmt::format("indifference {}: allowed a share of TTT/T0 above 0 and at most 0.5, as 0.01 or 1%",
                                     shortRepr(value)));
    return share;
}

py::object plan(py::handle scenario, py::handle policies, py::handle redundancy, py::handle checkpoint,
                py::handle confidence, py::handle indifference, py::handle firstStage, py::handle batch,
                py::handle maxReplicates, py::handle threadsArgument, py::handle progress, py::handle cancel)
{
    const ScenarioValue value = ScenarioValue::fromArgument("scenario", scenario);
    PlanSpec spec;
    spec.base = *value.scenario;
    spec.policies = policyListArgument(policies);
    const int maxR = std::min(spec.base.groups, ScenarioLimits::maxRedundancy);
    spec.redundancies = redundancy.is_none()
                            ? integerRangesArgument("redundancy", py::str(fmt::format("2-{}", std::min(16, maxR))), 2, maxR)
                            : integerRangesArgument("redundancy", redundancy, 2, maxR);
    spec.checkpointIntervals = checkpointArgument(checkpoint, spec.base.steps);
    spec.confidence = numberArgument("confidence", confidence, 0.5, 0.999);
    spec.indifference = indifferenceArgument(indifference);
    spec.firstStage = static_cast<int>(integerArgument("first_stage", firstStage, 5, 1000));
    spec.batch = static_cast<int>(integerArgument("batch", batch, 1, 1000));
    spec.maxReplicates = static_cast<int>(integerArgument("max_replicates", maxReplicates, 5, 100000));
    const int threads = static_cast<int>(integerArgument("threads", threadsArgument, 0, 1024));
    if (const auto problems = spec.validate(); !problems.empty())
        throw InputError(fmt::format("plan: {}", fmt::join(problems, "; ")));

    EngineCall call(progress, cancel);
    const PlanResult result = call.run([&] {
        LocalPlanRoundRunner runner(call.control(threads));
        PlanOptions options;
        options.control.cancel = call.stopFlag();
        return runPlan(spec, runner, options);
    });
    nlohmann::json doc = planResultToJson(result, spec);
    doc["command"] = planCommandLine(spec, value.commandLinePath());
    return jsonToPython(doc);
}

// spare-cli regime-map SCENARIO --x --y --policies --seeds --threads --max-ttt-ratio --json.
py::object regimeMap(py::handle scenario, py::handle x, py::handle y, py::handle policies, py::handle seeds,
                     py::handle threads, py::handle maxTttRatio, py::handle progress, py::handle cancel)
{
    const Scenario base = *ScenarioValue::fromArgument("scenario", scenario).scenario;
    RegimeMapOptions options;
    options.x = parseRegimeAxis(textArgument("x", x), "x");
    options.y = parseRegimeAxis(textArgument("y", y), "y");
    options.contenders = parseRegimeContenders(textArgument("policies", policies), "policies");
    options.seeds = static_cast<int>(integerArgument("seeds", seeds, 1, 1000));
    const int threadCount = static_cast<int>(integerArgument("threads", threads, 0, 1024));
    options.maxTttRatio = numberArgument("max_ttt_ratio", maxTttRatio, 1e-9, 1e6);
    EngineCall call(progress, cancel);
    options.control = call.control(threadCount);
    const RegimeMap map = call.run([&] { return runRegimeMap(base, options); });
    return jsonToPython(regimeMapToJson(map));
}

}  // namespace

void bindPlanning(py::module_& module)
{
    module.def(
        "_fit",
        [](py::handle log, py::handle timeColumn, py::handle timeFormat, py::handle where, py::handle whereNot,
           py::handle from, py::handle to, py::handle locationColumn, py::handle locationPattern,
           py::handle clusterWindowS, py::handle rackLevel, py::handle units, py::handle unit, py::handle gpusPerNode,
           py::handle groups, py::handle gpusPerGroup, py::handle scenario, py::handle bootstrap, py::handle seed,
           py::handle threads, py::handle skipBadRows, py::handle requireSorted, py::handle checkpointSweep,
           py::handle progress, py::handle cancel) {
            const std::string logPath = pathArgument("log", log);
            FitArguments a;
            a.timeColumn = textArgument("time_column", timeColumn);
            a.timeFormat = textArgument("time_format", timeFormat);
            a.where = columnValuesArgument("where", where);
            a.whereNot = columnValuesArgument("where_not", whereNot);
            a.from = optionalTextArgument("from_", from);
            a.to = optionalTextArgument("to", to);
            a.locationColumn = optionalTextArgument("location_column", locationColumn);
            a.locationPattern = optionalTextArgument("location_pattern", locationPattern);
            a.clusterWindowS = numberArgument("cluster_window_s", clusterWindowS, 1e-9, ScenarioLimits::maxDurationS);
            a.rackLevel = optionalTextArgument("rack_level", rackLevel);
            a.units = optionalNumberArgument("units", units, 1.0, 1e9);
            a.unit = textArgument("unit", unit);
            a.gpusPerNode =
                static_cast<int>(integerArgument("gpus_per_node", gpusPerNode, 1, ScenarioLimits::maxGpusPerNode));
            a.groups = optionalIntegerArgument("groups", groups, ScenarioLimits::minGroups, ScenarioLimits::maxGroups);
            a.gpusPerGroup = optionalIntegerArgument("gpus_per_group", gpusPerGroup, ScenarioLimits::minGpusPerGroup,
                                                     ScenarioLimits::maxGpusPerGroup);
            a.skipBadRows = flagArgument("skip_bad_rows", skipBadRows);
            a.requireSorted = flagArgument("require_sorted", requireSorted);
            return fit(logPath, a, scenario, static_cast<int>(integerArgument("bootstrap", bootstrap, 0, 100'000)),
                       seedArgument("seed", seed), static_cast<int>(integerArgument("threads", threads, 0, 1024)),
                       flagArgument("checkpoint_sweep", checkpointSweep), progress, cancel);
        },
        py::arg("log"), py::arg("time_column"), py::arg("time_format") = "iso8601", py::arg("where") = py::none(),
        py::arg("where_not") = py::none(), py::arg("from_") = py::none(), py::arg("to") = py::none(),
        py::arg("location_column") = py::none(), py::arg("location_pattern") = py::none(),
        py::arg("cluster_window_s") = 3600.0, py::arg("rack_level") = py::none(), py::arg("units") = py::none(),
        py::arg("unit") = "gpu", py::arg("gpus_per_node") = 8, py::arg("groups") = py::none(),
        py::arg("gpus_per_group") = py::none(), py::arg("scenario") = py::none(), py::arg("bootstrap") = 200,
        py::arg("seed") = 1, py::arg("threads") = 0, py::arg("skip_bad_rows") = false,
        py::arg("require_sorted") = false, py::arg("checkpoint_sweep") = false, py::arg("progress") = py::none(),
        py::arg("cancel") = py::none());
    module.def("_regime_map", &regimeMap, py::arg("scenario"),
               py::arg("x") = "restart.duration_s=60,120,300,600,1200,1800,3600",
               py::arg("y") = "failures.system_mtbf_s=150,300,600,1200,2400",
               py::arg("policies") = "spare,ckpt-memory,elastic,rebalance", py::arg("seeds") = 3, py::arg("threads") = 0,
               py::arg("max_ttt_ratio") = 100.0, py::arg("progress") = py::none(), py::arg("cancel") = py::none());
    module.def("_plan", &plan, py::arg("scenario"), py::arg("policies") = "spare,rep", py::arg("redundancy") = py::none(),
               py::arg("checkpoint") = "auto", py::arg("confidence") = 0.95, py::arg("indifference") = 0.01,
               py::arg("first_stage") = 10, py::arg("batch") = 5, py::arg("max_replicates") = 2000,
               py::arg("threads") = 0, py::arg("progress") = py::none(), py::arg("cancel") = py::none());
}

}  // namespace spare::python
