#include "app/cli/CliCommand.h"
#include "app/cli/CliOptions.h"
#include "app/cli/ProgressPrinter.h"
#include "app/cli/StopSignal.h"

#include "engine/base/OutputFileError.h"
#include "engine/planning/RegimeMap.h"
#include "engine/sim/ScenarioJson.h"
#include "engine/study/AnalysisReport.h"
#include "engine/study/AnalysisStudy.h"
#include "engine/study/AnalysisSummary.h"

#include <fmt/core.h>

#include <memory>
#include <optional>
#include <string>

namespace spare::cli {

namespace {

struct ReportOptions {
    std::string scenarioPath;
    std::string out;
    bool regimeMap = false;
    std::string regimeX = kRegimeMapDefaultX;
    std::string regimeY = kRegimeMapDefaultY;
    std::string regimePolicies = kRegimeMapDefaultContenders;
    int regimeSeeds = 3;
};

// The report's regime map (--regime-map), as `spare-cli regime-map` computes it; nullopt when stopped.
std::optional<RegimeMap> reportRegimeMap(const ReportOptions& o, const Scenario& scenario, const std::atomic<bool>& stop)
{
    RegimeMapOptions options;
    options.x = parseRegimeAxis(o.regimeX, "--regime-x");
    options.y = parseRegimeAxis(o.regimeY, "--regime-y");
    options.contenders = parseRegimeContenders(o.regimePolicies, "--regime-policies");
    options.seeds = o.regimeSeeds;
    options.control.cancel = &stop;
    fmt::print(stderr, "report: regime map: {}\n", regimeMapEstimateText(options, estimateRegimeMap(scenario, options)));
    options.control.progress = stderrProgress("regime map");
    RegimeMap map = runRegimeMap(scenario, options);
    return stop.load() ? std::nullopt : std::optional<RegimeMap>(std::move(map));
}

// The report folder of the Analysis tab's study (the grids of AnalysisRequest::interactiveDefaults, as
// `spare-studio --export-report`), its charts as CSV only.
int runReport(const ReportOptions& o)
{
    const AnalysisRequest request = AnalysisRequest::interactiveDefaults(loadScenarioFile(o.scenarioPath));
    const std::atomic<bool>& stop = installStopSignal();
    std::optional<RegimeMap> regimeMap;
    if (o.regimeMap) {
        regimeMap = reportRegimeMap(o, request.scenario, stop);
        if (!regimeMap)
            return 130;
    }
    const auto progress = stderrProgress("report", "points");
    const AnalysisResults results = AnalysisStudy::run(request, stop, [&progress](const AnalysisResults&, const AnalysisProgress& p) {
        progress(static_cast<std::uint64_t>(p.done), static_cast<std::uint64_t>(p.total));
    });
    if (results.cancelled || stop.load())
        return 130;
    if (results.error)
        std::rethrow_exception(results.error);
    try {
        AnalysisReport::writeDocuments(o.out, request, results, "CSV", regimeMap ? &*regimeMap : nullptr);
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
    sub.add_flag("--regime-map", opts->regimeMap,
                 "Add the regime map (regime-map.csv, regime-map.json, the winner per cell in summary.md), as "
                 "spare-cli regime-map computes it");
    const auto implies = [&](CLI::Option* option) { option->each([opts](const std::string&) { opts->regimeMap = true; }); };
    implies(sub.add_option("--regime-x", opts->regimeX, "The map's column axis (as regime-map --x; implies --regime-map)")
                ->capture_default_str());
    implies(sub.add_option("--regime-y", opts->regimeY, "The map's row axis (as regime-map --y)")->capture_default_str());
    implies(sub.add_option("--regime-policies", opts->regimePolicies, "The map's 2 .. 6 contenders (as regime-map --policies)")
                ->capture_default_str());
    implies(sub.add_option("--regime-seeds", opts->regimeSeeds, "The map's seeds per cell")
                ->capture_default_str()
                ->check(integerIn(1, 1000)));
    return [opts] { return runReport(*opts); };
}

const bool registered = registerCommand(
    {"report", "Run the Analysis tab's study and write its report folder (CSV charts, summary, metrics)", &setupReport});

}  // namespace

}  // namespace spare::cli
