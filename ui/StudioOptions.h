#pragma once

#include "engine/planning/RegimeContender.h"
#include "engine/sim/Scenario.h"
#include "ui/base/RunUntil.h"
#include "ui/campaign/CampaignCommandLine.h"
#include "ui/charts/ChartExportOptions.h"
#include "ui/compare/CompareSetup.h"
#include "ui/export/AnimationRequest.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>
#include <vector>

namespace spare {

// spare-studio's command line: [--scenario FILE] [--policy P] [--seed X] [--race] [--race-lanes LIST] [--layout-lab]
// [--compare KIND:A,B]
// [--run-until failures:N|time:SEC|end] [--screenshot FILE.png] [--export-state FILE.json] [--quit]
// [--export-animation FILE.mp4|gif --from SEC --to SEC [--size WxH] [--fps N] [--speed X]].
struct StudioOptions {
    QString scenarioPath;
    std::optional<Policy> policy;
    std::optional<std::uint64_t> seed;
    std::optional<std::uint64_t> memoryLimit;  // --memory-limit SIZE: the budget every run is checked against
    bool race = false;
    std::optional<std::vector<RegimeContender>> raceLanes;  // --race-lanes LIST: the Race tab's contenders
    bool layoutLab = false;  // --layout-lab: open the Layout tab
    std::optional<CompareSetup> compare;  // --compare KIND:A,B: open the Compare tab running it
    RunUntil runUntil;
    QString screenshotPath;
    bool quit = false;
    QString exportReportDir;  // --export-report DIR: write the analysis report folder
    QString exportChart;      // --export-chart NAME (with --out FILE.png|svg|pdf|csv)
    QString exportChartOut;
    ChartExportOptions chartExport;  // --size, --no-title
    QString exportStatePath;  // --export-state FILE.json: what the window shows, after --run-until
    // --campaign FILE (a merged campaign table): open it in the Campaign tab; with --export-chart
    // heatmap|tornado|ci-bands, write that chart without a window. --metric, --x, --y and --fix KEY=VALUE
    // (repeatable) choose what it shows; keys and values are checked against the file (CampaignCommandLine).
    QString campaignPath;
    QString campaignMetric;
    QString campaignX;
    QString campaignY;
    QStringList campaignFixes;
    // --export-animation FILE.mp4|gif --from SEC --to SEC [--size WxH] [--fps N] [--speed X]: write that
    // window of the run as a video, then exit.
    std::optional<AnimationRequest> animation;

    // A script drives the window: problems go to stderr and exit code 2 instead of dialogs.
    bool automated() const
    {
        return quit || runUntil.kind != RunUntil::Kind::None || !screenshotPath.isEmpty() || !exportReportDir.isEmpty()
            || !exportChart.isEmpty() || !exportStatePath.isEmpty() || animation.has_value();
    }
    // What the --campaign flags ask of the Campaign tab.
    CampaignChartRequest campaignRequest() const
    {
        return {campaignPath, campaignMetric, campaignX, campaignY, campaignFixes, exportChart, exportChartOut, chartExport};
    }

    // Parses arguments (argv[0] first). On a bad value returns nullopt and sets *error to a message
    // naming the flag, the value and what is allowed; --help/--version print and exit inside.
    static std::optional<StudioOptions> parse(const QStringList& arguments, QString* error);
    static std::optional<RunUntil> parseRunUntil(const QString& text);
};

}  // namespace spare
