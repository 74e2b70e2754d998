#include "ui/StudioOptions.h"

#include "engine/base/AtomicFile.h"
#include "engine/base/ByteSize.h"
#include "engine/base/InputError.h"
#include "engine/base/OutputFileError.h"
#include "ui/analysis/AnalysisCharts.h"
#include "ui/campaign/CampaignCharts.h"
#include "ui/campaign/CampaignMetric.h"
#include "ui/charts/ChartExporter.h"
#include "ui/layoutlab/LayoutLabCharts.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFileInfo>

#include <cmath>

namespace spare {

namespace {

// Empty when `path` can be written, else "FLAG 'PATH': reason", so a bad path fails before any work.
QString outputPathProblem(const QString& flag, const QString& path)
{
    try {
        checkOutputPath(path.toStdString());
        return {};
    } catch (const OutputFileError& error) {
        return QStringLiteral("%1 '%2': %3").arg(flag, path, QString::fromStdString(error.reason()));
    }
}

}  // namespace

std::optional<RunUntil> StudioOptions::parseRunUntil(const QString& text)
{
    RunUntil r;
    if (text == QLatin1String("end")) {
        r.kind = RunUntil::Kind::End;
        return r;
    }
    const QString kind = text.section(QLatin1Char(':'), 0, 0);
    const QString value = text.section(QLatin1Char(':'), 1);
    bool ok = false;
    if (kind == QLatin1String("failures")) {
        const int n = value.toInt(&ok);
        if (!ok || n < 1)
            return std::nullopt;
        r.kind = RunUntil::Kind::Failures;
        r.value = n;
        return r;
    }
    if (kind == QLatin1String("time")) {
        const double t = value.toDouble(&ok);
        if (!ok || !std::isfinite(t) || t < 0.0)
            return std::nullopt;
        r.kind = RunUntil::Kind::Time;
        r.value = t;
        return r;
    }
    return std::nullopt;
}

std::optional<StudioOptions> StudioOptions::parse(const QStringList& arguments, QString* error)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("SPARe Studio: watch SPARe, replication and checkpoint-only "
                                                    "training runs fail and recover."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption scenario(QStringLiteral("scenario"), QStringLiteral("Scenario JSON to open (default: scenarios/teaching-12.json)."), QStringLiteral("FILE"));
    const QCommandLineOption policy(QStringLiteral("policy"), QStringLiteral("Override run.policy: spare | rep | ckpt | elastic | rebalance."), QStringLiteral("P"));
    const QCommandLineOption seed(QStringLiteral("seed"), QStringLiteral("Override run.seed (0 .. 2^64-1)."), QStringLiteral("X"));
    const QCommandLineOption memoryLimit(QStringLiteral("memory-limit"), QStringLiteral("Refuse a run whose memory estimate exceeds SIZE (512M, 8G, 1.5T or bytes; default: half of physical memory and of the address-space limit)."), QStringLiteral("SIZE"));
    const QCommandLineOption race(QStringLiteral("race"), QStringLiteral("Open the Race tab: CKPT-only, Rep+CKPT and SPARe+CKPT side by side (or the --race-lanes)."));
    const QCommandLineOption raceLanes(QStringLiteral("race-lanes"), QStringLiteral("Open the Race tab with these 2 .. 6 lanes: a comma list of spare, rep, ckpt, elastic, rebalance, each optionally with -memory (the in-memory checkpoint tier)."), QStringLiteral("LIST"));
    const QCommandLineOption layoutLab(QStringLiteral("layout-lab"), QStringLiteral("Open the Layout tab: golomb, consecutive and custom layouts compared (with --screenshot: after its Monte-Carlo)."));
    const QCommandLineOption runUntil(QStringLiteral("run-until"), QStringLiteral("Play until failures:N, time:SEC (simulated seconds) or end, then pause."), QStringLiteral("WHEN"));
    const QCommandLineOption screenshot(QStringLiteral("screenshot"), QStringLiteral("Write a PNG of the whole window (after --run-until, if given)."), QStringLiteral("FILE.png"));
    const QCommandLineOption quit(QStringLiteral("quit"), QStringLiteral("Exit after --run-until / --screenshot."));
    const QCommandLineOption exportReport(QStringLiteral("export-report"), QStringLiteral("Compute the analysis and write the report folder (charts, CSVs, scenario, metrics, summary)."), QStringLiteral("DIR"));
    const QCommandLineOption exportChart(QStringLiteral("export-chart"), QStringLiteral("Compute the analysis or the layout lab and write one chart (throughput-vs-r, availability-vs-r, ..., layout-tradeoff, overlap-matrix) to --out."), QStringLiteral("NAME"));
    const QCommandLineOption out(QStringLiteral("out"), QStringLiteral("File for --export-chart; the format follows the extension: .png, .svg, .pdf or .csv."), QStringLiteral("FILE"));
    const QCommandLineOption size(QStringLiteral("size"), QStringLiteral("With --export-chart, the figure's physical size: 3.5in (single column), 7in (double column) or WxH with a unit in, cm, mm or pt; PDF and SVG pages are exactly this size, PNGs 300 dpi. With --export-animation, the frame size WxH in pixels, W 160..3840 x H 120..2160, both even (default 1280x720)."), QStringLiteral("SIZE"));
    const QCommandLineOption noTitle(QStringLiteral("no-title"), QStringLiteral("Leave the title off the --export-chart figure (for a figure with a caption)."));
    const QCommandLineOption exportState(QStringLiteral("export-state"), QStringLiteral("Write what the window shows (after --run-until, if given) as JSON: tab, clock, S and each visible lane's policy, r, checkpoint interval, steps, failures, restarts, availability and down time."), QStringLiteral("FILE.json"));
    const QCommandLineOption campaign(QStringLiteral("campaign"), QStringLiteral("Open a merged campaign table (spare-cli campaign merge) in the Campaign tab; with --export-chart heatmap, tornado or ci-bands, write that chart."), QStringLiteral("FILE.csv|json"));
    const QCommandLineOption metric(QStringLiteral("metric"), QStringLiteral("Campaign metric: ttt-ratio (default), availability, best-r or gain."), QStringLiteral("NAME"));
    const QCommandLineOption campaignX(QStringLiteral("x"), QStringLiteral("Campaign grid key on the x axis (default: the first free key)."), QStringLiteral("KEY"));
    const QCommandLineOption campaignY(QStringLiteral("y"), QStringLiteral("Campaign grid key on the y axis / one curve per value (default: the second free key)."), QStringLiteral("KEY"));
    const QCommandLineOption fix(QStringLiteral("fix"), QStringLiteral("Campaign base point: KEY at VALUE wherever KEY is not an axis (repeatable; default: each key's most frequent, then middle, value)."), QStringLiteral("KEY=VALUE"));
    parser.addOptions({scenario, policy, seed, memoryLimit, race, raceLanes, layoutLab, runUntil, screenshot, quit, exportReport, exportChart, out, size, noTitle,
                       exportState, campaign, metric, campaignX, campaignY, fix});
    const QCommandLineOption exportAnimation(QStringLiteral("export-animation"), QStringLiteral("Write simulated seconds --from .. --to of the run as it plays in the Run tab (cluster and stack views, with their animations) as an MP4 (H.264), an animated GIF or a PNG strip of the frames (at most 24), then exit."), QStringLiteral("FILE.mp4|gif|png"));
    const QCommandLineOption animationFrom(QStringLiteral("from"), QStringLiteral("First simulated second of --export-animation (>= 0)."), QStringLiteral("SEC"));
    const QCommandLineOption animationTo(QStringLiteral("to"), QStringLiteral("Last simulated second of --export-animation (above --from, at most the end of the run)."), QStringLiteral("SEC"));
    const QCommandLineOption animationFps(QStringLiteral("fps"), QStringLiteral("Frames per second of --export-animation, 1..60 (default 30)."), QStringLiteral("N"));
    const QCommandLineOption animationSpeed(QStringLiteral("speed"), QStringLiteral("Simulated seconds per second of video, 1..1000000 (default 1000, the window's speed); frames = fps x (to - from) / speed."), QStringLiteral("X"));
    parser.addOptions({exportAnimation, animationFrom, animationTo, animationFps, animationSpeed});
    const QCommandLineOption compare(QStringLiteral("compare"), QStringLiteral("Open the Compare tab: two runs of the scenario side by side on one clock, differing in r (r:3,4), the checkpoint interval (intervals:5,auto), the layout (layouts:golomb,consecutive), the seed (seeds:1,2), the policy (policies:spare,elastic), or two scenario files (files:A.json,B.json)."), QStringLiteral("KIND:A,B"));
    parser.addOption(compare);
    if (!parser.parse(arguments)) {
        *error = parser.errorText();
        return std::nullopt;
    }
    if (parser.isSet(QStringLiteral("help")))
        parser.showHelp(0);
    if (parser.isSet(QStringLiteral("version")))
        parser.showVersion();
    if (!parser.positionalArguments().isEmpty()) {
        *error = QStringLiteral("unexpected argument '%1'; see --help").arg(parser.positionalArguments().front());
        return std::nullopt;
    }

    StudioOptions o;
    o.race = parser.isSet(race) || parser.isSet(raceLanes);
    if (parser.isSet(raceLanes)) {
        try {
            o.raceLanes = parseRegimeContenders(parser.value(raceLanes).toStdString(), "--race-lanes");
        } catch (const InputError& problem) {
            *error = QString::fromStdString(problem.what());
            return std::nullopt;
        }
    }
    o.layoutLab = parser.isSet(layoutLab);
    o.quit = parser.isSet(quit);
    if (parser.isSet(compare)) {
        o.compare = CompareSetup::parse(parser.value(compare), error);
        if (!o.compare)
            return std::nullopt;
    }
    if (parser.isSet(scenario)) {
        o.scenarioPath = parser.value(scenario);
        if (!QFileInfo(o.scenarioPath).isFile()) {
            *error = QStringLiteral("--scenario '%1': no such file").arg(o.scenarioPath);
            return std::nullopt;
        }
    }
    if (parser.isSet(policy)) {
        o.policy = parsePolicy(parser.value(policy).toStdString());
        if (!o.policy) {
            *error = QStringLiteral("--policy '%1': allowed %2").arg(parser.value(policy), QString::fromLatin1(policyNames()));
            return std::nullopt;
        }
    }
    if (parser.isSet(seed)) {
        bool ok = false;
        const qulonglong s = parser.value(seed).toULongLong(&ok);
        if (!ok) {
            *error = QStringLiteral("--seed '%1': allowed an integer 0 .. 18446744073709551615").arg(parser.value(seed));
            return std::nullopt;
        }
        o.seed = s;
    }
    if (parser.isSet(memoryLimit)) {
        o.memoryLimit = parseByteSize(parser.value(memoryLimit).toStdString());
        if (!o.memoryLimit) {
            *error = QStringLiteral("--memory-limit '%1' is malformed: allowed a size from 1 byte to 1 EB, e.g. 512M, 8G, "
                                    "1.5T or a number of bytes")
                         .arg(parser.value(memoryLimit));
            return std::nullopt;
        }
    }
    if (parser.isSet(runUntil)) {
        const auto r = parseRunUntil(parser.value(runUntil));
        if (!r) {
            *error = QStringLiteral("--run-until '%1': allowed failures:N (N >= 1), time:SEC (SEC >= 0) or end")
                         .arg(parser.value(runUntil));
            return std::nullopt;
        }
        o.runUntil = *r;
    }
    if (parser.isSet(screenshot)) {
        o.screenshotPath = parser.value(screenshot);
        if (!o.screenshotPath.endsWith(QLatin1String(".png"), Qt::CaseInsensitive)) {
            *error = QStringLiteral("--screenshot '%1': allowed a file name ending in .png").arg(o.screenshotPath);
            return std::nullopt;
        }
        *error = outputPathProblem(QStringLiteral("--screenshot"), o.screenshotPath);
        if (!error->isEmpty())
            return std::nullopt;
    }
    if (parser.isSet(exportState)) {
        o.exportStatePath = parser.value(exportState);
        if (!o.exportStatePath.endsWith(QLatin1String(".json"), Qt::CaseInsensitive)) {
            *error = QStringLiteral("--export-state '%1': allowed a file name ending in .json").arg(o.exportStatePath);
            return std::nullopt;
        }
    }
    o.exportReportDir = parser.value(exportReport);
    o.exportChart = parser.value(exportChart);
    o.exportChartOut = parser.value(out);
    if (o.exportChart.isEmpty() != o.exportChartOut.isEmpty()) {
        *error = QStringLiteral("--export-chart and --out go together (got %1)")
                     .arg(o.exportChart.isEmpty() ? QStringLiteral("--out only") : QStringLiteral("--export-chart only"));
        return std::nullopt;
    }
    if (!o.exportChart.isEmpty() && parser.isSet(exportAnimation)) {
        *error = QStringLiteral("--export-chart and --export-animation go in separate runs");
        return std::nullopt;
    }
    if (parser.isSet(noTitle) && o.exportChart.isEmpty()) {
        *error = QStringLiteral("--no-title goes with --export-chart NAME --out FILE");
        return std::nullopt;
    }
    if (parser.isSet(size) && o.exportChart.isEmpty() && !parser.isSet(exportAnimation)) {
        *error = QStringLiteral("--size goes with --export-chart NAME --out FILE or --export-animation FILE");
        return std::nullopt;
    }
    if (parser.isSet(size) && !o.exportChart.isEmpty()) {
        o.chartExport.inches = ChartExporter::parseSize(parser.value(size), error);
        if (!o.chartExport.inches)
            return std::nullopt;
    }
    o.chartExport.showTitle = !parser.isSet(noTitle);
    o.campaignPath = parser.value(campaign);
    o.campaignMetric = parser.value(metric);
    o.campaignX = parser.value(campaignX);
    o.campaignY = parser.value(campaignY);
    o.campaignFixes = parser.values(fix);
    for (const QCommandLineOption* option : {&metric, &campaignX, &campaignY, &fix})
        if (parser.isSet(*option) && o.campaignPath.isEmpty()) {
            *error = QStringLiteral("--%1 goes with --campaign FILE").arg(option->names().front());
            return std::nullopt;
        }
    if (!o.campaignMetric.isEmpty() && !CampaignMetric::parse(o.campaignMetric)) {
        *error = QStringLiteral("--metric '%1': allowed %2").arg(o.campaignMetric, CampaignMetric::names().join(QStringLiteral(", ")));
        return std::nullopt;
    }
    for (const QString& pair : o.campaignFixes)
        if (!pair.contains(QLatin1Char('=')) || pair.startsWith(QLatin1Char('='))) {
            *error = QStringLiteral("--fix '%1': allowed KEY=VALUE, e.g. run.policy=spare").arg(pair);
            return std::nullopt;
        }
    if (parser.isSet(exportAnimation)) {
        for (const QCommandLineOption* option : {&animationFrom, &animationTo})
            if (!parser.isSet(*option)) {
                *error = QStringLiteral("--export-animation needs --%1 SEC").arg(option->names().front());
                return std::nullopt;
            }
        o.animation = AnimationRequest::parse(parser.value(exportAnimation), parser.value(animationFrom), parser.value(animationTo),
                                              parser.value(size), parser.value(animationFps), parser.value(animationSpeed), error);
        if (!o.animation)
            return std::nullopt;
        *error = outputPathProblem(QStringLiteral("--export-animation"), o.animation->path);
        if (!error->isEmpty())
            return std::nullopt;
    } else {
        for (const QCommandLineOption* option : {&animationFrom, &animationTo, &animationFps, &animationSpeed})
            if (parser.isSet(*option)) {
                *error = QStringLiteral("--%1 goes with --export-animation FILE").arg(option->names().front());
                return std::nullopt;
            }
    }
    const QStringList charts = o.campaignPath.isEmpty() ? AnalysisCharts::names() + LayoutLabCharts::names() : CampaignCharts::names();
    if (!o.exportChart.isEmpty() && !charts.contains(o.exportChart)) {
        *error = QStringLiteral("--export-chart '%1': allowed %2").arg(o.exportChart, charts.join(QStringLiteral(", ")));
        return std::nullopt;
    }
    if (!o.exportChartOut.isEmpty()) {
        ChartExporter::Format format;
        if (!ChartExporter::formatForPath(o.exportChartOut, &format)) {
            *error = QStringLiteral("--out '%1': allowed a file name ending in .png, .svg, .pdf or .csv").arg(o.exportChartOut);
            return std::nullopt;
        }
        *error = outputPathProblem(QStringLiteral("--out"), o.exportChartOut);
        if (!error->isEmpty())
            return std::nullopt;
    }
    return o;
}

}  // namespace spare
