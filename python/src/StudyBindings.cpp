#include "python/src/Bindings.h"
#include "python/src/EngineCall.h"
#include "python/src/PythonJson.h"
#include "python/src/ScenarioValue.h"

#include "engine/study/AnalysisStudy.h"
#include "engine/study/AnalysisStudyJson.h"

#include <nlohmann/json.hpp>

namespace py = pybind11;

namespace spare::python {

namespace {

// The Analysis tab's study on the grids of `spare-cli report` (AnalysisRequest::interactiveDefaults).
py::object analysisStudy(py::handle scenario, py::handle progress, py::handle cancel)
{
    const AnalysisRequest request =
        AnalysisRequest::interactiveDefaults(*ScenarioValue::fromArgument("scenario", scenario).scenario);
    EngineCall call(progress, cancel);
    const auto sink = call.progressSink();
    const AnalysisResults results = call.run([&] {
        return AnalysisStudy::run(request, *call.stopFlag(), [&sink](const AnalysisResults&, const AnalysisProgress& p) {
            sink(static_cast<std::size_t>(p.done), static_cast<std::size_t>(p.total));
        });
    });
    if (results.error)
        std::rethrow_exception(results.error);
    return jsonToPython(analysisStudyToJson(request, results));
}

}  // namespace

void bindStudies(py::module_& module)
{
    module.def("_analysis_study", &analysisStudy, py::arg("scenario"), py::arg("progress") = py::none(),
               py::arg("cancel") = py::none());
}

}  // namespace spare::python
