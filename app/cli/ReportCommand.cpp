#include "app/cli/CliCommand.h"
#include "app/cli/ProgressPrinter.h"
#include "app/cli/StopSignal.h"

#include "engine/base/OutputFileError.h"
#include "engine/sim/ScenarioJson.h"
#include "engine/study/AnalysisReport.h"
#include "engine/study/AnalysisStudy.h"
#include "engine/study/AnalysisSummary.h"

#include <fmt/core.h>

#include <memory>
#include <string>

namespace spare::cli {

namespace {

struct ReportOptions {
    std::string scenarioPath;
    std::string out;
};

// The report folder of the Analysis tab's study (the grids of AnalysisRequest::interactiveDefaults, as
// `spare-studio --export-report`), its charts as CSV only.
int runReport(const ReportOptions& o)
{
    const AnalysisRequest request = AnalysisRequest::interactiveDefaults(loadScenarioFile(o.scenarioPath));
    const std::atomic<bool>& stop = installStopSignal();
    const auto progress = stderrProgress("report", "points");
    const AnalysisResults results = AnalysisStudy::run(request, stop, [&progress](const AnalysisResults&, const AnalysisProgress& p) {
        progress(static_cast<std::uint64_t>(p.done), static_cast<std::uint64_t>(p.total));
    });
    if (results.cancelled || stop.load())
        return 130;
    if (results.error)
        std::rethrow_exception(results.error);
    try {
        AnalysisReport::writeDocuments(o.out, request, results, "CSV");
        if (!AnalysisReport::writeMetrics(o.out, request, &stop))
            return 130;
    } catch (const OutputFileError& e) {
        throw OutputFileError("--out " + e.path(), e.reason(), e.errorNumber());
    }
    fmt::print("{}\n", AnalysisSummary::oneLine(request, results));
    return 0;
}

CommandAction setupReport(CLI::App& sub)
{
    auto opts = std::make_shared<ReportOptions>();
    sub.add_option("scenario", opts->scenarioPath, "Scenario JSON file")->required();
    sub.add_option("--out", opts->out, "Report folder (created; its files are replaced)")->required();
    return [opts] { return runReport(*opts); };
}

const bool registered = registerCommand(
    {"report", "Run the Analysis tab's study and write its report folder (CSV charts, summary, metrics)", &setupReport});

}  // namespace

}  // namespace spare::cli
