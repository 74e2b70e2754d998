#include "python/src/Arguments.h"
#include "python/src/Bindings.h"
#include "python/src/PythonJson.h"
#include "python/src/ScenarioValue.h"

#include "engine/base/InputError.h"
#include "engine/campaign/CampaignPlan.h"
#include "engine/campaign/CampaignResultsDir.h"
#include "engine/campaign/CampaignTable.h"
#include "engine/campaign/MergedCampaignTable.h"

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>

namespace py = pybind11;

namespace spare::python {

namespace {

// The merged table of a results folder (what spare-cli campaign merge writes as JSON), or a merged
// .csv / .json file read back: {"provenance", "columns", "runs"}.
py::object loadCampaign(py::handle location)
{
    const std::string path = pathArgument("path", location);
    std::error_code error;
    const auto type = std::filesystem::status(path, error).type();
    if (type != std::filesystem::file_type::not_found && type != std::filesystem::file_type::regular &&
        type != std::filesystem::file_type::directory)
        throw InputError(fmt::format("path {}: not a regular file nor a folder; allowed: a results folder or a merged "
                                     ".csv / .json file",
                                     path));
    if (type == std::filesystem::file_type::directory) {
        const nlohmann::json doc = [&] {
            const py::gil_scoped_release released;
            const CampaignResultsDir dir(path);
            const CampaignPlan plan(dir.campaign());
            const CampaignResults results = dir.read();
            return nlohmann::json::parse(CampaignTable(plan, results).toJson());
        }();
        return jsonToPython(doc);
    }
    const MergedCampaignTable table = MergedCampaignTable::read(path);
    py::dict provenance;
    for (const auto& [key, value] : table.provenance)
        provenance[engineText(key)] = engineText(value);
    py::list columns;
    for (const std::string& column : table.parameterColumns)
        columns.append(engineText(column));
    columns.append("replicate");
    columns.append("seed");
    columns.append("ok");
    for (const std::string& column : table.metricColumns)
        columns.append(engineText(column));
    py::list runs;
    for (const MergedCampaignRun& run : table.runs) {
        py::dict row;
        for (std::size_t i = 0; i < run.parameters.size(); ++i)
            row[engineText(table.parameterColumns[i])] = engineText(run.parameters[i]);
        row["replicate"] = run.replicate;
        row["seed"] = run.seed;
        row["ok"] = run.ok;
        for (std::size_t i = 0; i < run.metrics.size(); ++i)
            row[engineText(table.metricColumns[i])] = run.metrics[i];
        runs.append(row);
    }
    py::dict out;
    out["provenance"] = provenance;
    out["columns"] = columns;
    out["runs"] = runs;
    return out;
}

}  // namespace

void bindCampaigns(py::module_& module)
{
    module.def("_load_campaign", &loadCampaign, py::arg("path"));
}

}  // namespace spare::python
