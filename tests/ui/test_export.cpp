// Analysis computation, cancellation, the report folder and the run exports (Perfetto JSON, event CSV).
#include "analysis/AnalysisCharts.h"
#include "analysis/AnalysisComputation.h"
#include "analysis/AnalysisRunner.h"
#include "analysis/AnalysisView.h"
#include "charts/ChartExporter.h"
#include "export/ReportExporter.h"
#include "export/RunExporter.h"
#include "io/CsvEventWriter.h"
#include "sim/ScenarioJson.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

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
    void computationFillsEveryChart()
    {
        const AnalysisRequest request = smallRequest();
        const std::atomic<bool> cancel{false};
        int updates = 0;
        const AnalysisResults results = AnalysisComputation::run(
            request, cancel, [&updates](const AnalysisResults&, const AnalysisProgress& p) {
                ++updates;
                QVERIFY(p.done <= p.total);
            });
        QVERIFY(results.complete);
        QVERIFY(results.error.isEmpty());
        QVERIFY(updates > 0);
        // SPARe and Rep at 3 r values, CKPT-only drawn at each r.
        QCOMPARE(results.headline.size(), std::size_t(9));
        QCOMPARE(results.layouts.size(), std::size_t(6));
        QCOMPARE(results.byGroups.size(), std::size_t(2));
        QCOMPARE(results.byInterval.size(), std::size_t(2));
        const ChartSpec throughput = AnalysisCharts::throughput(request, results);
        for (const char* policy : {"SPARe+CKPT", "Rep+CKPT", "CKPT-only"})
            QCOMPARE(throughput.findSeries(QString::fromLatin1(policy))->points.size(), 3);
        verifyConsistent(request, results);
    }

    void computationIsDeterministic()
    {
        const AnalysisRequest request = smallRequest();
        const std::atomic<bool> cancel{false};
        const AnalysisResults a = AnalysisComputation::run(request, cancel);
        const AnalysisResults b = AnalysisComputation::run(request, cancel);
        const QString name = QStringLiteral("throughput-vs-r");
        QCOMPARE(ChartExporter::csvText(*AnalysisCharts::build(name, request, a)),
                 ChartExporter::csvText(*AnalysisCharts::build(name, request, b)));
    }

    void cancelLeavesConsistentPartialCharts()
    {
        AnalysisRequest request = smallRequest();
        request.redundancies = {2, 3, 4, 5, 6};
        request.seeds = 4;
        AnalysisRunner runner;
        QSignalSpy finished(&runner, &AnalysisRunner::finished);
        const auto cancelEarly = connect(&runner, &AnalysisRunner::updated, &runner, [&runner](const AnalysisResults& results) {
            if (!results.headline.empty())
                runner.cancel();
        });
        runner.start(request);
        QVERIFY(finished.wait(20000));
        const AnalysisResults results = runner.results();
        QVERIFY(results.cancelled);
        QVERIFY(!results.complete);
        QVERIFY(!results.headline.empty());
        QVERIFY(!runner.cached(request));
        verifyConsistent(request, results);
        // A cancelled result is not cached: starting again computes the whole grid.
        disconnect(cancelEarly);
        runner.start(request);
        QVERIFY(runner.running());
        QVERIFY(finished.wait(20000));
        QVERIFY(runner.results().complete);
        QVERIFY(runner.cached(request));
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
        const AnalysisResults results = AnalysisComputation::run(request, cancel);
        QTemporaryDir dir;
        const QStringList written = ReportExporter::write(dir.path(), request, results);
        QStringList expected = ReportExporter::expectedFiles();
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
        // Writing again over the same folder replaces the files whole.
        QCOMPARE(ReportExporter::write(dir.path(), request, results).size(), expected.size());
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
