#include "engine/study/AnalysisReport.h"

#include "engine/base/AtomicFile.h"
#include "engine/base/OutputFileError.h"
#include "engine/output/RunOutputs.h"
#include "engine/sim/RunMetricsJson.h"
#include "engine/sim/ScenarioJson.h"
#include "engine/study/AnalysisFigures.h"
#include "engine/study/AnalysisSummary.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <system_error>

namespace spare {

std::vector<std::string> AnalysisReport::writeDocuments(const std::string& folder, const AnalysisRequest& request,
                                                        const AnalysisResults& results, const std::string& chartFormats,
                                                        const RegimeMap* regimeMap)
{
    const std::filesystem::path dir(folder);
    std::error_code ec;
    std::filesystem::create_directories(dir / "charts", ec);
    if (ec)
        throw OutputFileError((dir / "charts").string(), "cannot create the folder: " + ec.message(), ec.value());
    std::vector<std::string> written;
    for (const std::string& name : AnalysisFigures::available(request)) {
        writeFileAtomically((dir / csvPath(name)).string(), AnalysisFigures::build(name, request, results)->csv());
        written.push_back(csvPath(name));
    }
    writeFileAtomically((dir / "scenario.json").string(), scenarioToJsonText(request.scenario));
    written.push_back("scenario.json");
    std::string summary = AnalysisSummary::markdown(request, results, chartFormats);
    if (regimeMap) {
        writeFileAtomically((dir / "regime-map.csv").string(), regimeMapCsv(*regimeMap));
        writeFileAtomically((dir / "regime-map.json").string(), regimeMapToJson(*regimeMap).dump(2) + "\n");
        written.push_back("regime-map.csv");
        written.push_back("regime-map.json");
        summary += regimeMapSection(*regimeMap);
    }
    writeFileAtomically((dir / "summary.md").string(), summary);
    written.push_back("summary.md");
    return written;
}

std::string AnalysisReport::regimeMapSection(const RegimeMap& map)
{
    return "\n## Which policy wins where\n\nThe regime map (regime-map.csv, regime-map.json): every contender on the "
           "same seeds in every cell.\n\n```\n" +
           regimeMapText(map) + "```\n";
}

bool AnalysisReport::writeMetrics(const std::string& folder, const AnalysisRequest& request,
                                  const std::atomic<bool>* cancel)
{
    SimulationLimits limits;
    limits.cancel = cancel;
    const std::optional<RunMetrics> metrics = runWithOutputs(Simulator(request.scenario), RunOutputs{}, limits);
    if (!metrics)
        return false;
    writeFileAtomically((std::filesystem::path(folder) / "metrics.json").string(),
                        runReportJson(request.scenario, *metrics).dump(2) + "\n");
    return true;
}

}  // namespace spare
