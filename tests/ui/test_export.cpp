// Analysis computation, cancellation, the report folder and the run exports (Perfetto JSON, event CSV).
#include "engine/output/CsvEventWriter.h"
#include "engine/sim/ScenarioJson.h"
#include "engine/study/AnalysisFigures.h"
#include "engine/study/AnalysisStudy.h"
#include "engine/study/AnalysisSummary.h"
#include "engine/sweep/Sweep.h"
#include "tests/ui/TeachingRacksRequest.h"
#include "ui/analysis/AnalysisCharts.h"
#include "ui/analysis/AnalysisRunner.h"
#include "ui/analysis/AnalysisView.h"
#include "ui/analysis/ReportExporter.h"
#include "ui/charts/ChartExporter.h"
#include "ui/export/RunExporter.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProgressBar>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>

using namespace spare;

namespace {

Scenario teachingScenario()
{
    return loadScenarioFile(SPARE_SOURCE_DIR "/scenarios/teaching-12.json");
}

// A grid small enough for a test: r = 2..4, 2 seeds, 50 Monte-Carlo trials, one N, two T_c.
AnalysisRequest smallRequest()
{
    AnalysisRequest request;
    request.scenario = teachingScenario();
    request.redundancies = {2, 3, 4};
    request.seeds = 2;
    request.monteCarloTrials = 50;
    request.groupsGrid = {12};
    request.chosenRedundancy = 3;
    request.intervalGrid = {5, 10};
    return request;
}

QByteArray readAll(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// Every series of every chart is internally consistent: x ascending, bands aligned with points.
void verifyConsistent(const AnalysisRequest& request, const AnalysisResults& results)
{
    for (const QString& name : AnalysisCharts::names()) {
        const ChartSpec spec = *AnalysisCharts::build(name, request, results);
        for (const ChartSeries& s : spec.series) {
            QVERIFY2(s.bandLow.isEmpty() || s.hasBand(), qPrintable(name + QLatin1Char('/') + s.name));
            for (qsizetype i = 1; i < s.points.size(); ++i)
                QVERIFY2(s.points[i].x() >= s.points[i - 1].x(), qPrintable(name + QLatin1Char('/') + s.name));
        }
    }
}

}  // namespace

class TestExport : public QObject {
    Q_OBJECT
private slots:
    // The rack-share box re-runs the analysis with the new share; the correlated charts then equal a
    // direct computation at that share.
    void rackShareControlRecomputes()
    {
        AnalysisRequest request = teachingRacksRequest(0.1);
        AnalysisView view;
        QSignalSpy done(&view, &AnalysisView::analysisFinished);
        view.setRequest(request);
        QVERIFY(done.wait(60000));
        auto* box = view.findChild<QSpinBox*>(QStringLiteral("rackShare"));
        QVERIFY(box);
        QCOMPARE(box->value(), 10);
        box->setValue(30);
        emit box->editingFinished();
        QVERIFY(done.wait(60000));
        QCOMPARE(view.request().rackShare, 0.3);
        request.rackShare = 0.3;
        const std::atomic<bool> never{false};
        const AnalysisResults direct = AnalysisStudy::run(request, never);
        const auto shown = view.chartSpec(QStringLiteral("correlated-failures"));
        const auto expected = AnalysisCharts::build(QStringLiteral("correlated-failures"), request, direct);
        QVERIFY(shown && expected);
        QVERIFY(shown->subtitle.contains(QStringLiteral("30% rack")));
        QCOMPARE(shown->series.size(), expected->series.size());
        for (qsizetype i = 0; i < shown->series.size(); ++i)
            QVERIFY(shown->series[i].points == expected->series[i].points);
    }

    void computationFillsEveryChart()
    {
        const AnalysisRequest request = smallRequest();
        const std::atomic<bool> cancel{false};
        int updates = 0;
        const AnalysisResults results = AnalysisStudy::run(
            request, cancel, [&updates](const AnalysisResults&, const AnalysisProgress& p) {
                ++updates;
                QVERIFY(p.done <= p.total);
            });
        QVERIFY(results.complete);
        QVERIFY(!results.error);
        QVERIFY(updates > 0);
        // SPARe and Rep at 3 r values, CKPT-only drawn at each r.
        QCOMPARE(results.headline.size(), std::size_t(9));
        QCOMPARE(results.layouts.size(), std::size_t(6));
        QCOMPARE(results.byGroups.size(), std::size_t(2));
        QCOMPARE(results.byInterval.size(), std::size_t(2));
        const ChartSpec throughput = *AnalysisCharts::build(QStringLiteral("throughput-vs-r"), request, results);
        for (const char* policy : {"SPARe+CKPT", "Rep+CKPT", "CKPT-only"})
            QCOMPARE(throughput.findSeries(QString::fromLatin1(policy))->points.size(), 3);
        verifyConsistent(request, results);
    }

    // The Analysis tab's headline points are the engine Sweep's rows for the same grid, bit for bit,
    // whether computed directly or streamed through the view's worker (CKPT-only's row at every r).
    void headlineEqualsEngineSweep()
    {
        AnalysisRequest request = smallRequest();
        request.stepsCap = 120;
        SweepSpec spec;
        spec.base = request.simulatedScenario();
        spec.policies = request.policies;
        spec.spareRedundancies = spec.repRedundancies = request.redundancies;
        spec.seeds = request.seeds;
        const SweepResult sweep = Sweep::run(spec);

        const std::atomic<bool> cancel{false};
        const AnalysisResults direct = AnalysisStudy::run(request, cancel);
        AnalysisView view;
        QSignalSpy done(&view, &AnalysisView::analysisFinished);
        view.setRequest(request);
        QVERIFY(done.wait(60000));
        for (const AnalysisResults* results : {&direct, &view.results()}) {
            QVERIFY(results->complete);
            QCOMPARE(results->headline.size(), std::size_t(9));  // SPARe, Rep, CKPT-only at 3 r values
            for (const SimulatedPoint& point : results->headline) {
                const auto row = std::find_if(sweep.rows.begin(), sweep.rows.end(), [&point](const SweepRow& r) {
                    return r.policy == point.policy && (r.policy == Policy::Ckpt || r.redundancy == int(point.x));
                });
                QVERIFY(row != sweep.rows.end());
                QCOMPARE(point.runs, row->runs);
                QCOMPARE(point.completed, row->completedRuns == row->runs);
                QVERIFY(point.tttRatio.mean == row->stat("ttt_ratio").mean && point.tttRatio.sd == row->stat("ttt_ratio").sd);
                QVERIFY(point.availability.mean == row->stat("availability").mean
                        && point.availability.sd == row->stat("availability").sd);
                QVERIFY(point.stackNumber.mean == row->stat("mean_stack_number").mean
                        && point.stackNumber.sd == row->stat("mean_stack_number").sd);
                QVERIFY(point.ettr.mean == row->stat("ettr").mean && point.ettr.sd == row->stat("ettr").sd);
            }
        }
    }

    // The window's CSV of a chart (its export dialog, --export-chart) is the engine's figure CSV, which
    // both reports write.
    void chartCsvIsTheFigureCsv_data()
    {
        QTest::addColumn<bool>("racks");
        QTest::newRow("no topology") << false;
        QTest::newRow("racks") << true;
    }

    void chartCsvIsTheFigureCsv()
    {
        QFETCH(bool, racks);
        const AnalysisRequest request = racks ? teachingRacksRequest(0.3) : smallRequest();
        const std::atomic<bool> cancel{false};
        const AnalysisResults results = AnalysisStudy::run(request, cancel);
        for (const std::string& name : AnalysisFigures::names())
            QCOMPARE(ChartExporter::csvText(*AnalysisCharts::build(QString::fromStdString(name), request, results)),
                     QString::fromStdString(AnalysisFigures::build(name, request, results)->csv()));
    }

    void computationIsDeterministic()
    {
        const AnalysisRequest request = smallRequest();
        const std::atomic<bool> cancel{false};
        const AnalysisResults a = AnalysisStudy::run(request, cancel);
        const AnalysisResults b = AnalysisStudy::run(request, cancel);
        const QString name = QStringLiteral("throughput-vs-r");
        QCOMPARE(ChartExporter::csvText(*AnalysisCharts::build(name, request, a)),
                 ChartExporter::csvText(*AnalysisCharts::build(name, request, b)));
    }

    // Cancelled after the first headline row (the flag is set inside the computation's own update, so the
    // cancel always comes before the end): the partial charts are consistent, and no best r, gain or
    // "best simulated r" marker is named while some r has not all its seeds.
    void cancelLeavesConsistentProvisionalResults()
    {
        AnalysisRequest request = smallRequest();
        request.redundancies = {2, 3, 4, 5, 6};
        request.seeds = 4;
        std::atomic<bool> cancel{false};
        const AnalysisResults results = AnalysisStudy::run(request, cancel, [&cancel](const AnalysisResults& partial, const AnalysisProgress&) {
            if (!partial.headline.empty())
                cancel = true;
        });
        QVERIFY(results.cancelled);
        QVERIFY(!results.complete);
        QVERIFY(!results.headline.empty());
        verifyConsistent(request, results);
        QVERIFY(!AnalysisFigures::best(request, results.headline, Policy::Spare));
        QVERIFY(!AnalysisSummary::gainOverReplication(request, results));
        const QString line = QString::fromStdString(AnalysisSummary::oneLine(request, results));
        QVERIFY2(!line.contains(QStringLiteral("best r =")) && !line.contains(QStringLiteral("gain")), qPrintable(line));
        QVERIFY2(line.contains(QStringLiteral("of 5 r values simulated")), qPrintable(line));
        const ChartSpec headline = *AnalysisCharts::build(QStringLiteral("throughput-vs-r"), request, results);
        for (const ChartMarker& marker : headline.markers)
            QVERIFY(!marker.label.contains(QStringLiteral("best simulated")));
        // Each policy of the request either has a series or the subtitle says it has none.
        for (Policy p : request.policies) {
            const QString name = QString::fromLatin1(policyDisplayName(p));
            const bool drawn = std::any_of(headline.series.begin(), headline.series.end(),
                                           [&](const ChartSeries& s) { return s.name.startsWith(name); });
            QVERIFY2(drawn || headline.subtitle.contains(name + QStringLiteral(": no simulated points")), qPrintable(name));
        }
        // The complete grid names them.
        const std::atomic<bool> never{false};
        const AnalysisResults full = AnalysisStudy::run(request, never);
        QVERIFY(AnalysisFigures::best(request, full.headline, Policy::Spare));
        QVERIFY(QString::fromStdString(AnalysisSummary::oneLine(request, full)).contains(QStringLiteral("SPARe+CKPT best r =")));
    }

    // A cancelled run is not cached, a finished one is; a cancelled bar does not read 100%.
    void runnerCachesOnlyFinishedResults()
    {
        AnalysisView view;
        QSignalSpy done(&view, &AnalysisView::analysisFinished);
        AnalysisRequest request = smallRequest();
        request.redundancies = {2, 3, 4, 5, 6};
        request.seeds = 4;
        view.setRequest(request);
        view.cancel();
        QVERIFY(done.wait(60000));
        auto* bar = view.findChild<QProgressBar*>();
        QVERIFY(bar);
        if (view.results().cancelled) {
            QVERIFY(!view.runner()->cached(request));
            QVERIFY(bar->value() < bar->maximum());
        } else {
            QVERIFY(view.runner()->cached(request));  // it had finished before the cancel arrived
        }
        const qsizetype before = done.count();
        view.setRequest(request);  // finishes at once when cached
        QTRY_VERIFY_WITH_TIMEOUT(done.count() > before, 60000);
        QVERIFY(view.results().complete);
        QVERIFY(view.runner()->cached(request));
        QCOMPARE(bar->value(), bar->maximum());
    }

    // "Compare layout...": a file that is not a layout is refused before anything is recomputed.
    void compareLayoutValidatesFirst()
    {
        AnalysisView view;
        QSignalSpy done(&view, &AnalysisView::analysisFinished);
        view.setRequest(smallRequest());
        QVERIFY(done.wait(60000));
        QTemporaryDir dir;
        const QString bad = dir.filePath(QStringLiteral("bad-layout.json"));
        QFile file(bad);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"stacks": "none"})");
        file.close();
        QString error;
        QVERIFY(!view.setComparedLayout(bad, &error));
        QVERIFY(!error.isEmpty());
        QVERIFY(!view.running());
        QVERIFY(view.request().extraLayoutPath.empty());
        QVERIFY(!view.setComparedLayout(dir.path(), &error));  // a directory
        QVERIFY(!view.running());
    }

    void viewStreamsAndCaches()
    {
        AnalysisView view;
        QSignalSpy done(&view, &AnalysisView::analysisFinished);
        view.setRequest(smallRequest());
        QVERIFY(done.wait(20000));
        QVERIFY(view.results().complete);
        const auto spec = view.chartSpec(QStringLiteral("throughput-vs-r"));
        QVERIFY(spec && spec->pointCount() > 0);
        QVERIFY(view.summaryText().contains(QStringLiteral("SPARe+CKPT best r")));
        view.setRequest(smallRequest());  // cached: finishes at once
        QCOMPARE(done.count(), 2);
        QVERIFY(!view.running());
    }

    void reportFolderHasEveryFile()
    {
        const AnalysisRequest request = smallRequest();
        const std::atomic<bool> cancel{false};
        const AnalysisResults results = AnalysisStudy::run(request, cancel);
        QTemporaryDir dir;
        const QStringList written = ReportExporter::write(dir.path(), request, results);
        QStringList expected = ReportExporter::expectedFiles(request);
        QStringList sortedWritten = written;
        expected.sort();
        sortedWritten.sort();
        QCOMPARE(sortedWritten, expected);
        for (const QString& file : expected)
            QVERIFY2(QFileInfo(dir.filePath(file)).size() > 0, qPrintable(file));
        QVERIFY(readAll(dir.filePath(QStringLiteral("charts/throughput-vs-r.pdf"))).startsWith("%PDF"));
        QCOMPARE(readAll(dir.filePath(QStringLiteral("charts/mu-vs-r.csv"))).split('\n').first(),
                 QByteArray(ChartExporter::kCsvHeader));
        const Scenario reread = scenarioFromJsonText(readAll(dir.filePath(QStringLiteral("scenario.json"))).toStdString(), "report");
        QVERIFY(reread == request.scenario);
        const QJsonObject metrics = QJsonDocument::fromJson(readAll(dir.filePath(QStringLiteral("metrics.json")))).object();
        QVERIFY(metrics.value(QStringLiteral("completed")).toBool());
        QVERIFY(metrics.value(QStringLiteral("ttt_ratio")).toDouble() >= 1.0);
        const QString summary = QString::fromUtf8(readAll(dir.filePath(QStringLiteral("summary.md"))));
        QVERIFY(summary.contains(QStringLiteral("Gain of SPARe+CKPT over Rep+CKPT")));
        QVERIFY(summary.contains(QStringLiteral("| availability | ETTR (mean ± sd) |")));
        QVERIFY(QFileInfo(dir.filePath(QStringLiteral("charts/ettr-vs-r.csv"))).size() > 0);
        // Writing again over the same folder replaces the files whole.
        QCOMPARE(ReportExporter::write(dir.path(), request, results).size(), expected.size());
    }

    void reportLeavesOutChartsWithNothingToShow_data()
    {
        QTest::addColumn<bool>("racks");
        QTest::newRow("no topology") << false;
        QTest::newRow("racks") << true;
    }

    // Without racks the correlated-failure charts would be empty axes: the report leaves them out, says
    // why in summary.md, and lists exactly the charts it wrote.
    void reportLeavesOutChartsWithNothingToShow()
    {
        QFETCH(bool, racks);
        const AnalysisRequest request = racks ? teachingRacksRequest(0.3) : smallRequest();
        const std::atomic<bool> never{false};
        const AnalysisResults results = AnalysisStudy::run(request, never);
        QTemporaryDir dir;
        ReportExporter::writeDocuments(dir.path(), request, results);
        for (const QString& chart : {QStringLiteral("correlated-failures"), QStringLiteral("correlated-availability")})
            for (const QString& format : ReportExporter::chartFormats())
                QCOMPARE(QFileInfo::exists(dir.filePath(QStringLiteral("charts/%1.%2").arg(chart, format))), racks);
        const QString summary = QString::fromUtf8(readAll(dir.filePath(QStringLiteral("summary.md"))));
        QCOMPARE(summary.contains(QStringLiteral("Left out: correlated-failures and correlated-availability, as the "
                                                 "scenario has no topology section: racks are not defined.")),
                 !racks);
        const QRegularExpression listLine(QStringLiteral("Charts in charts/ \\(PNG, SVG, PDF and CSV\\): (.*)\\."));
        const QRegularExpressionMatch listed = listLine.match(summary);
        QVERIFY2(listed.hasMatch(), qPrintable(summary));
        QStringList written = QDir(dir.filePath(QStringLiteral("charts"))).entryList({QStringLiteral("*.png")}, QDir::Files);
        for (QString& file : written)
            file.chop(4);
        QStringList shown = listed.captured(1).split(QStringLiteral(", "));
        written.sort();
        shown.sort();
        QCOMPARE(shown, written);
    }

    void runExportsWriteTraceAndCsv()
    {
        QTemporaryDir dir;
        RunExportPaths paths;
        paths.perfettoTrace = dir.filePath(QStringLiteral("run.json"));
        paths.eventsCsv = dir.filePath(QStringLiteral("events.csv"));
        paths.metricsJson = dir.filePath(QStringLiteral("metrics.json"));
        const auto metrics = RunExporter::write(teachingScenario(), paths);
        QVERIFY(metrics && metrics->completed);
        QJsonParseError error;
        const QJsonDocument trace = QJsonDocument::fromJson(readAll(paths.perfettoTrace), &error);
        QVERIFY2(!trace.isNull(), qPrintable(error.errorString()));
        const QList<QByteArray> rows = readAll(paths.eventsCsv).split('\n');
        QCOMPARE(rows.first(), QByteArray(CsvEventWriter::header()));
        QCOMPARE(qint64(rows.size() - 2), qint64(metrics->events));  // header and trailing newline
    }

    void cancelledRunExportWritesNothing()
    {
        QTemporaryDir dir;
        RunExportPaths paths;
        paths.perfettoTrace = dir.filePath(QStringLiteral("run.json"));
        const std::atomic<bool> cancel{true};
        QVERIFY(!RunExporter::write(teachingScenario(), paths, &cancel));
        QVERIFY(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).isEmpty());
    }
};

QTEST_MAIN(TestExport)
#include "test_export.moc"
