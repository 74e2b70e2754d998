#include "Arguments.h"
#include "Bindings.h"
#include "EngineCall.h"
#include "PythonJson.h"
#include "ScenarioValue.h"

#include "io/InputError.h"
#include "sim/ScenarioLimits.h"
#include "sweep/PaperTable.h"
#include "sweep/PaperTableJson.h"
#include "sweep/RackCorrelatedFailures.h"
#include "sweep/Sweep.h"
#include "sweep/SweepReport.h"

#include <fmt/core.h>
#include <pybind11/stl.h>

#include <optional>
#include <stdexcept>
#include <string>

namespace py = pybind11;

namespace spare::python {

namespace {

// The grid of spare-cli sweep SCENARIO --policies --redundancy --seeds --layout --rack-share.
SweepSpec sweepSpec(py::handle scenario, py::handle policies, py::handle redundancy, int seeds,
                    const std::optional<std::string>& layout, double rackShare)
{
    SweepSpec spec;
    spec.base = *ScenarioValue::fromArgument(scenario).scenario;
    if (layout) {
        spec.base.layout = *layout;
        for (const ScenarioIssue& issue : validateScenario(spec.base))
            throw InputError(fmt::format("layout {}: {}: {}", *layout, issue.key, issue.message));
    }
    try {
        spec.base = withRackShare(spec.base, rackShare);
    } catch (const std::invalid_argument& e) {
        throw InputError(fmt::format("rack_share {}: {}", rackShare, e.what()));
    }
    spec.policies = policyListArgument(policies);
    requireIntegerIn("seeds", seeds, 1, 1000);
    spec.seeds = seeds;
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
    run.threads = threads;
    run.progress = call.progressSink();
    run.cancel = call.stopFlag();
    return run;
}

py::object sweep(py::handle scenario, py::handle policies, py::handle redundancy, int seeds, int threads,
                 const std::optional<std::string>& layout, double rackShare, py::object progress,
                 const std::optional<CancelToken>& cancel)
{
    const SweepSpec spec = sweepSpec(scenario, policies, redundancy, seeds, layout, rackShare);
    requireIntegerIn("threads", threads, 0, 1024);
    EngineCall call(progress, cancel);
    const SweepResult result = call.run([&] {
        return Sweep::run(spec, runOptions(call, threads));
    });
    return jsonToPython(sweepRowsToJson(result.rows));
}

py::object paperTable(int seeds, int threads, py::object progress, const std::optional<CancelToken>& cancel)
{
    requireIntegerIn("seeds", seeds, 1, 1000);
    requireIntegerIn("threads", threads, 0, 1024);
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
               py::arg("layout") = py::none(), py::arg("rack_share") = 0.0, py::arg("progress") = py::none(),
               py::arg("cancel") = py::none());
    module.def("_paper_table", &paperTable, py::arg("seeds") = 3, py::arg("threads") = 0,
               py::arg("progress") = py::none(), py::arg("cancel") = py::none());
}

}  // namespace spare::python
