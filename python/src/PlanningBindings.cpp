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
#include "engine/planning/TimeFormat.h"

#include <fmt/core.h>
#include <fmt/ranges.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace py = pybind11;

namespace spare::python {

namespace {

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

py::object fit(py::handle log, const FitArguments& a, py::handle scenario, int bootstrap, std::uint64_t seed,
               int threads, bool checkpointSweep, py::object progress, const std::optional<CancelToken>& cancel)
{
    requireIntegerIn("bootstrap", bootstrap, 0, 100'000);
    requireIntegerIn("threads", threads, 0, 1024);
    requireNumberIn("cluster_window_s", a.clusterWindowS, 1e-9, ScenarioLimits::maxDurationS);
    requireIntegerIn("gpus_per_node", a.gpusPerNode, 1, ScenarioLimits::maxGpusPerNode);
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
    study.threads = threads;
    if (a.units) {
        requireNumberIn("units", *a.units, 1.0, 1e9);
        study.fleet = FleetDescription{*a.units, *unit, a.gpusPerNode};
    }
    if (!scenario.is_none()) {
        study.plannedBase = *ScenarioValue::fromArgument(scenario).scenario;
    } else if (a.groups) {
        requireIntegerIn("groups", *a.groups, ScenarioLimits::minGroups, ScenarioLimits::maxGroups);
        requireIntegerIn("gpus_per_group", *a.gpusPerGroup, ScenarioLimits::minGpusPerGroup,
                         ScenarioLimits::maxGpusPerGroup);
        Scenario base;
        base.groups = *a.groups;
        base.gpusPerGroup = *a.gpusPerGroup;
        base.redundancy = std::min(base.redundancy, base.groups);
        study.plannedBase = base;
    }
    study.checkpointSweep = checkpointSweep;
    study.clusterWindowS = a.clusterWindowS;
    study.rackLevel = a.rackLevel.value_or("");
    const std::string logPath = pathArgument(log);
    EngineCall call(progress, cancel);
    study.bootstrapProgress = call.progressSink();
    study.checkpointProgress = call.progressSink();
    study.cancel = call.stopFlag();
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
    if (py::isinstance<py::str>(value) || py::isinstance<py::int_>(value))
        items.push_back(py::reinterpret_borrow<py::object>(value));
    else
        for (const py::handle item : value)
            items.push_back(py::reinterpret_borrow<py::object>(item));
    std::vector<std::optional<int>> out;
    for (const py::object& item : items) {
        std::optional<int> interval;
        if (!(py::isinstance<py::str>(item) && item.cast<std::string>() == "auto")) {
            if (!py::isinstance<py::int_>(item) || item.cast<long long>() < 1 || item.cast<long long>() > maxSteps)
                throw InputError(fmt::format("checkpoint: {} is not allowed; use \"auto\" or interval steps 1 .. {} "
                                             "(workload.steps)",
                                             py::repr(item).cast<std::string>(), maxSteps));
            interval = item.cast<int>();
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
        std::string text = value.cast<std::string>();
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
        share = value.cast<double>();
    }
    if (!(share > 0.0 && share <= 0.5))
        throw InputError(fmt::format("indifference {}: allowed a share of TTT/T0 above 0 and at most 0.5, as 0.01 or 1%",
                                     py::str(value).cast<std::string>()));
    return share;
}

py::object plan(py::handle scenario, py::handle policies, py::handle redundancy, py::handle checkpoint,
                double confidence, py::handle indifference, int firstStage, int batch, int maxReplicates, int threads,
                py::object progress, const std::optional<CancelToken>& cancel)
{
    const ScenarioValue value = ScenarioValue::fromArgument(scenario);
    PlanSpec spec;
    spec.base = *value.scenario;
    spec.policies = policyListArgument(policies);
    const int maxR = std::min(spec.base.groups, ScenarioLimits::maxRedundancy);
    spec.redundancies = redundancy.is_none()
                            ? integerRangesArgument("redundancy", py::str(fmt::format("2-{}", std::min(16, maxR))), 2, maxR)
                            : integerRangesArgument("redundancy", redundancy, 2, maxR);
    spec.checkpointIntervals = checkpointArgument(checkpoint, spec.base.steps);
    requireNumberIn("confidence", confidence, 0.5, 0.999);
    spec.confidence = confidence;
    spec.indifference = indifferenceArgument(indifference);
    requireIntegerIn("first_stage", firstStage, 5, 1000);
    requireIntegerIn("batch", batch, 1, 1000);
    requireIntegerIn("max_replicates", maxReplicates, 5, 100000);
    requireIntegerIn("threads", threads, 0, 1024);
    spec.firstStage = firstStage;
    spec.batch = batch;
    spec.maxReplicates = maxReplicates;
    if (const auto problems = spec.validate(); !problems.empty())
        throw InputError(fmt::format("plan: {}", fmt::join(problems, "; ")));

    EngineCall call(progress, cancel);
    const PlanResult result = call.run([&] {
        LocalPlanRoundRunner runner(threads, call.stopFlag(), call.progressSink());
        PlanOptions options;
        options.cancel = call.stopFlag();
        return runPlan(spec, runner, options);
    });
    nlohmann::json doc = planResultToJson(result, spec);
    doc["command"] = planCommandLine(spec, value.commandLinePath());
    return jsonToPython(doc);
}

}  // namespace

void bindPlanning(py::module_& module)
{
    module.def(
        "_fit",
        [](py::handle log, const std::string& timeColumn, const std::string& timeFormat,
           const std::map<std::string, std::vector<std::string>>& where,
           const std::map<std::string, std::vector<std::string>>& whereNot, const std::optional<std::string>& from,
           const std::optional<std::string>& to, const std::optional<std::string>& locationColumn,
           const std::optional<std::string>& locationPattern, double clusterWindowS,
           const std::optional<std::string>& rackLevel, const std::optional<double>& units, const std::string& unit,
           int gpusPerNode, const std::optional<int>& groups, const std::optional<int>& gpusPerGroup,
           py::handle scenario, int bootstrap, std::uint64_t seed, int threads, bool skipBadRows, bool requireSorted,
           bool checkpointSweep, py::object progress, const std::optional<CancelToken>& cancel) {
            const FitArguments a{timeColumn,     timeFormat,     where,       whereNot,  from,
                                 to,             locationColumn, locationPattern, clusterWindowS, rackLevel,
                                 units,          unit,           gpusPerNode, groups,    gpusPerGroup,
                                 skipBadRows,    requireSorted};
            return fit(log, a, scenario, bootstrap, seed, threads, checkpointSweep, std::move(progress), cancel);
        },
        py::arg("log"), py::arg("time_column"), py::arg("time_format") = "iso8601",
        py::arg("where") = std::map<std::string, std::vector<std::string>>{},
        py::arg("where_not") = std::map<std::string, std::vector<std::string>>{}, py::arg("from_") = py::none(),
        py::arg("to") = py::none(), py::arg("location_column") = py::none(), py::arg("location_pattern") = py::none(),
        py::arg("cluster_window_s") = 3600.0, py::arg("rack_level") = py::none(), py::arg("units") = py::none(),
        py::arg("unit") = "gpu", py::arg("gpus_per_node") = 8, py::arg("groups") = py::none(),
        py::arg("gpus_per_group") = py::none(), py::arg("scenario") = py::none(), py::arg("bootstrap") = 200,
        py::arg("seed") = 1, py::arg("threads") = 0, py::arg("skip_bad_rows") = false,
        py::arg("require_sorted") = false, py::arg("checkpoint_sweep") = false, py::arg("progress") = py::none(),
        py::arg("cancel") = py::none());
    module.def("_plan", &plan, py::arg("scenario"), py::arg("policies") = "spare,rep", py::arg("redundancy") = py::none(),
               py::arg("checkpoint") = "auto", py::arg("confidence") = 0.95, py::arg("indifference") = 0.01,
               py::arg("first_stage") = 10, py::arg("batch") = 5, py::arg("max_replicates") = 2000,
               py::arg("threads") = 0, py::arg("progress") = py::none(), py::arg("cancel") = py::none());
}

}  // namespace spare::python
