#include "python/src/Arguments.h"
#include "python/src/Bindings.h"
#include "python/src/EngineCall.h"
#include "python/src/PythonJson.h"
#include "python/src/ScenarioValue.h"

#include "engine/base/InputError.h"
#include "engine/base/ProblemList.h"
#include "engine/base/ScenarioLimits.h"
#include "engine/sweep/PaperTable.h"
#include "engine/sweep/PaperTableJson.h"
#include "engine/sweep/RackCorrelatedFailures.h"
#include "engine/sweep/RepairWhatIf.h"
#include "engine/sweep/Sweep.h"
#include "engine/sweep/SweepReport.h"

#include <fmt/core.h>
#include <pybind11/stl.h>

#include <optional>
#include <stdexcept>
#include <string>

namespace py = pybind11;

namespace spare::python {

namespace {

// The grid of spare-cli sweep SCENARIO --policies --redundancy --seeds --layout --rack-share.
SweepSpec sweepSpec(py::handle scenario, py::handle policies, py::handle redundancy, py::handle seeds,
                    py::handle layoutArgument, py::handle rackShareArgument)
{
    SweepSpec spec;
    spec.base = *ScenarioValue::fromArgument("scenario", scenario).scenario;
    if (const auto layout = optionalTextArgument("layout", layoutArgument)) {
        spec.base.layout = *layout;
        if (std::vector<InputIssue> issues = validateScenario(spec.base); !issues.empty())
            throw InputError(withOrigin(std::move(issues), "layout " + *layout));
    }
    const double rackShare = numberArgument("rack_share", rackShareArgument, 0.0, 1.0);
    try {
        spec.base = withRackShare(spec.base, rackShare);
    } catch (const std::invalid_argument& e) {
        throw InputError(fmt::format("rack_share {}: {}", rackShare, e.what()));
    }
    spec.policies = policyListArgument(policies);
    spec.seeds = static_cast<int>(integerArgument("seeds", seeds, 1, 1000));
    const std::vector<int> redundancies =
        integerRangesArgument("redundancy", redundancy, ScenarioLimits::minRedundancy,
                              std::min(spec.base.groups, ScenarioLimits::maxRedundancy));
    spec.spareRedundancies = redundancies;
    spec.repRedundancies = redundancies;
    return spec;
}

// The engine's run options for a call: its threads, and the call's progress and stop flag.
SweepRunOptions runOptions(EngineCall& call, int threads)
{
    SweepRunOptions run;
    run.control = call.control(threads);
    return run;
}

// The repair what-if's axes (spare-cli sweep --spare-nodes --swap-s --rejoin); nullopt when none is given.
std::optional<RepairWhatIfGrid> repairGrid(py::handle spareNodes, py::handle swapS, py::handle rejoin)
{
    if (spareNodes.is_none() && swapS.is_none() && rejoin.is_none())
        return std::nullopt;
    std::vector<int> pools;
    if (!spareNodes.is_none())
        for (const long long n : integerListArgument("spare_nodes", spareNodes, 0, RepairWhatIfGrid::kMaxSpareNodes))
            pools.push_back(static_cast<int>(n));
    std::vector<double> swaps;
    if (!swapS.is_none())
        swaps = positiveNumberListArgument("swap_s", swapS, RepairWhatIfGrid::kMaxSwapS);
    std::vector<RejoinRule> rules;
    if (!rejoin.is_none())
        for (const std::string& name : listArgument("rejoin", rejoin)) {
            const auto rule = parseRejoinRule(name);
            if (!rule)
                throw InputError(fmt::format("rejoin '{}' is not a rejoin rule; allowed: {}", name, rejoinRuleNames()));
            rules.push_back(*rule);
        }
    return RepairWhatIfGrid::withAxes(std::move(pools), std::move(swaps), std::move(rules));
}

py::object sweep(py::handle scenario, py::handle policies, py::handle redundancy, py::handle seeds,
                 py::handle threadsArgument, py::handle layout, py::handle rackShare, py::handle spareNodes,
                 py::handle swapS, py::handle rejoin, py::handle progress, py::handle cancel)
{
    const SweepSpec spec = sweepSpec(scenario, policies, redundancy, seeds, layout, rackShare);
    const int threads = static_cast<int>(integerArgument("threads", threadsArgument, 0, 1024));
    const std::optional<RepairWhatIfGrid> grid = repairGrid(spareNodes, swapS, rejoin);
    if (grid)
        if (const auto invalid = firstInvalidRepairPoint(spec.base, *grid))
            throw InputError(withOrigin(invalid->issues,
                                        fmt::format("spare_nodes {} swap_s {} rejoin {}", invalid->point.spareNodes,
                                                    invalid->point.swapS, rejoinRuleName(invalid->point.rejoin))));
    EngineCall call(progress, cancel);
    if (grid) {
        const std::vector<RepairWhatIfRow> rows = call.run([&] {
            return runRepairWhatIf(spec, *grid, runOptions(call, threads));
        });
        return jsonToPython(repairWhatIfToJson(rows));
    }
    const SweepResult result = call.run([&] {
        return Sweep::run(spec, runOptions(call, threads));
    });
    return jsonToPython(sweepRowsToJson(result.rows));
}

py::object paperTable(py::handle seedsArgument, py::handle threadsArgument, py::handle progress, py::handle cancel)
{
    const int seeds = static_cast<int>(integerArgument("seeds", seedsArgument, 1, 1000));
    const int threads = static_cast<int>(integerArgument("threads", threadsArgument, 0, 1024));
    EngineCall call(progress, cancel);
    const PaperTable table = call.run([&] {
        return runPaperTable(seeds, runOptions(call, threads));
    });
    return jsonToPython(paperTableToJson(table));
}

}  // namespace

void bindSweeps(py::module_& module)
{
    module.def("_sweep", &sweep, py::arg("scenario"), py::arg("policies") = "spare,rep,ckpt",
               py::arg("redundancy") = "2-12", py::arg("seeds") = 3, py::arg("threads") = 0,
               py::arg("layout") = py::none(), py::arg("rack_share") = 0.0, py::arg("spare_nodes") = py::none(),
               py::arg("swap_s") = py::none(), py::arg("rejoin") = py::none(), py::arg("progress") = py::none(),
               py::arg("cancel") = py::none());
    module.def("_paper_table", &paperTable, py::arg("seeds") = 3, py::arg("threads") = 0,
               py::arg("progress") = py::none(), py::arg("cancel") = py::none());
}

}  // namespace spare::python
