// Chart interface and exports: the spec -> QChart mapping, PNG/SVG/PDF/CSV files, SVG thinning, and
// the analysis chart builders on a small hand-made result set.
#include "engine/sim/ScenarioJson.h"
#include "engine/study/AnalysisStudy.h"
#include "engine/sweep/RepairWhatIf.h"
#include "tests/ui/LegendFit.h"
#include "tests/ui/TeachingRacksRequest.h"
#include "ui/analysis/AnalysisCharts.h"
#include "ui/base/ErrorText.h"
#include "ui/charts/ChartExporter.h"
#include "ui/charts/ChartLegendFlow.h"
#include "ui/charts/ChartPalette.h"
#include "ui/charts/ChartPanel.h"
#include "ui/charts/ChartThinning.h"
#include "ui/charts/NiceTicks.h"
#include "ui/charts/ProgressChart.h"
#include "ui/charts/QtChartRenderer.h"
#include "ui/charts/TimeBreakdownChart.h"
#include "ui/export/ChartExportDialog.h"

#include <QAbstractSeries>
#include <QAreaSeries>
#include <QChart>
#include <QFile>
#include <QGraphicsScene>
#include <QLineSeries>
#include <QPainter>
#include <QRegularExpression>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QValueAxis>
#include <QXmlStreamReader>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <memory>

using namespace spare;

namespace {

ChartSpec sampleSpec(int points)
{
    ChartSpec spec;
    spec.id = QStringLiteral("sample");
    spec.title = QStringLiteral("Sample");
    spec.xLabel = QStringLiteral("x");
    spec.yLabel = QStringLiteral("y");
    ChartSeries banded;
    banded.name = QStringLiteral("with, band");
    ChartSeries plain;
    plain.name = QStringLiteral("plain");
    plain.style = ChartSeries::Style::DashedLine;
    for (int i = 0; i < points; ++i) {
        banded.points.append(QPointF(i, std::sin(i * 0.3)));
        banded.bandLow.append(std::sin(i * 0.3) - 0.1);
        banded.bandHigh.append(std::sin(i * 0.3) + 0.1);
        plain.points.append(QPointF(i, 0.5 * i));
    }
    spec.series = {banded, plain};
    spec.markers.append({QStringLiteral("mark"), QPointF(2, 1), QColor(), ChartMarker::Shape::Square, {}});
    return spec;
}

QByteArray readAll(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// A small result set: three policies at r = 2..5, and golomb/consecutive Monte-Carlo estimates.
AnalysisResults sampleResults(const AnalysisRequest& request)
{
    AnalysisResults results;
    for (Policy policy : request.policies)
        for (int r : request.redundancies) {
            SimulatedPoint p;
            p.policy = policy;
            p.x = r;
            p.runs = request.seeds;
            p.completed = true;
            p.tttRatio = {policy == Policy::Spare ? 3.0 - 0.1 * r : 5.0 + 0.2 * r, 0.1};
            p.availability = {0.9, 0.01};
            p.stackNumber = {policy == Policy::Spare ? 2.0 : r * 1.0, 0.05};
            results.headline.push_back(p);
        }
    for (const char* layout : {"golomb", "consecutive"})
        for (int r : request.redundancies) {
            LayoutEstimate e;
            e.layout = layout;
            e.redundancy = r;
            e.result.mu = 10.0 * r;
            e.result.muCi95 = {9.0 * r, 11.0 * r};
            e.result.sbar = 1.8;
            e.result.sbarCi95 = {1.7, 1.9};
            results.layouts.push_back(e);
        }
    return results;
}

AnalysisRequest sampleRequest()
{
    Scenario scenario;
    scenario.name = "sample";
    scenario.groups = 200;
    AnalysisRequest request;
    request.scenario = scenario;
    request.redundancies = {2, 3, 4, 5};
    request.seeds = 2;
    request.chosenRedundancy = 4;
    request.groupsGrid = {50, 100, 200};
    request.intervalGrid = {5, 10, 20};
    return request;
}

}  // namespace

class TestCharts : public QObject {
    Q_OBJECT
private slots:
    void rendererMapsSeriesAndAxes()
    {
        const ChartSpec spec = sampleSpec(10);
        std::unique_ptr<QChart> chart(QtChartRenderer::createChart(spec));
        int lines = 0;
        int areas = 0;
        for (QAbstractSeries* s : chart->series()) {
            if (auto* area = qobject_cast<QAreaSeries*>(s)) {
                ++areas;
                QCOMPARE(area->upperSeries()->count(), 10);
            } else if (auto* line = qobject_cast<QLineSeries*>(s); line && line->name() == QStringLiteral("plain")) {
                ++lines;
                QCOMPARE(line->count(), 10);
            }
        }
        QCOMPARE(areas, 1);
        QCOMPARE(lines, 1);
        const auto axes = chart->axes(Qt::Horizontal);
        QCOMPARE(axes.size(), 1);
        QCOMPARE(axes.first()->titleText(), QStringLiteral("x"));
        auto* y = qobject_cast<QValueAxis*>(chart->axes(Qt::Vertical).first());
        QVERIFY(y->min() <= -1.0 && y->max() >= 4.5);
    }

    void heatMapAndTableGoThroughTheSamePath()
    {
        ChartSpec spec;
        spec.id = QStringLiteral("matrix");
        spec.heatMap.rows = 2;
        spec.heatMap.columns = 3;
        spec.heatMap.values = {0, 1, 2, 2, 1, 0};
        spec.heatMap.levelColors = {Qt::white, Qt::blue, Qt::red};
        spec.heatMap.levelNames = {QStringLiteral("zero"), QStringLiteral("one"), QStringLiteral("two")};
        spec.heatMap.xMax = 3;
        spec.heatMap.yMax = 2;
        spec.table.columns = {QStringLiteral("a"), QStringLiteral("b")};
        spec.table.rows = {{QStringLiteral("1"), QStringLiteral("x,y")}};
        std::unique_ptr<QChart> chart(QtChartRenderer::createChart(spec));
        QStringList legend;
        for (const ChartLegendEntry& entry : chart->findChild<ChartLegendFlow*>()->entries()) {
            legend << entry.name;
            QCOMPARE(entry.symbol, ChartLegendEntry::Symbol::Square);
        }
        QCOMPARE(legend, spec.heatMap.levelNames);
        auto* x = qobject_cast<QValueAxis*>(chart->axes(Qt::Horizontal).first());
        auto* y = qobject_cast<QValueAxis*>(chart->axes(Qt::Vertical).first());
        QCOMPARE(x->max(), 3.0);
        QCOMPARE(y->max(), 2.0);
        QVERIFY(y->isReverse());  // row 0 at the top
        // The table replaces the point rows in the CSV, quoted as RFC 4180 wants.
        QCOMPARE(ChartExporter::csvText(spec), QStringLiteral("a,b\n1,\"x,y\"\n"));
        // The cells are drawn: two red cells cover far more pixels than the legend's red marker.
        const QImage image = ChartExporter::renderImage(spec, QSize(400, 300), 1.0);
        int red = 0;
        for (int i = 0; i < image.width(); ++i)
            for (int j = 0; j < image.height(); ++j)
                red += image.pixelColor(i, j) == QColor(Qt::red) ? 1 : 0;
        QVERIFY2(red > 2000, qPrintable(QString::number(red)));
    }

    void thinningKeepsEnvelope()
    {
        ChartSpec spec;
        ChartSeries s;
        s.name = QStringLiteral("long");
        for (int i = 0; i < 100000; ++i)
            s.points.append(QPointF(i, std::sin(i * 0.01) + (i == 51234 ? 5.0 : 0.0)));
        spec.series.append(s);
        const ChartSpec thin = thinForColumns(spec, 900);
        const auto& points = thin.series.first().points;
        QVERIFY(points.size() <= 4 * 900);
        QVERIFY(points.size() >= 900);
        double maxY = -1e9;
        for (qsizetype i = 0; i < points.size(); ++i) {
            maxY = std::max(maxY, points[i].y());
            if (i > 0)
                QVERIFY(points[i].x() >= points[i - 1].x());
        }
        QCOMPARE(maxY, std::sin(51234 * 0.01) + 5.0);
        QCOMPARE(points.first().x(), 0.0);
        QCOMPARE(points.last().x(), 99999.0);
    }

    void exportsAreValid()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        ChartSpec spec = sampleSpec(20);
        ChartSeries big;
        big.name = QStringLiteral("big");
        for (int i = 0; i < 50000; ++i)
            big.points.append(QPointF(i * 0.0004, std::cos(i * 0.001)));
        spec.series.append(big);
        QString error;
        for (const char* ext : {"png", "svg", "pdf", "csv"})
            QVERIFY2(ChartExporter::writeByExtension(spec, dir.filePath(QStringLiteral("c.") + QLatin1String(ext)), &error),
                     qPrintable(error));
        QVERIFY(!ChartExporter::writeByExtension(spec, dir.filePath(QStringLiteral("c.bmp")), &error));

        const QImage png(dir.filePath(QStringLiteral("c.png")));
        QCOMPARE(png.size(), ChartExporter::kDefaultSize * 2);
        QSet<QRgb> colors;
        for (int y = 0; y < png.height(); y += 7)
            for (int x = 0; x < png.width(); x += 7)
                colors.insert(png.pixel(x, y));
        QVERIFY2(colors.size() > 10, "PNG looks blank");

        const QByteArray svg = readAll(dir.filePath(QStringLiteral("c.svg")));
        QXmlStreamReader xml(svg);
        int elements = 0;
        while (!xml.atEnd())
            if (xml.readNext() == QXmlStreamReader::StartElement)
                ++elements;
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QVERIFY(elements > 10);
        QVERIFY2(svg.size() < 2'000'000, "SVG was not thinned");

        const QByteArray pdf = readAll(dir.filePath(QStringLiteral("c.pdf")));
        QVERIFY(pdf.startsWith("%PDF"));
        QVERIFY(pdf.size() > 1024);

        const QList<QByteArray> lines = readAll(dir.filePath(QStringLiteral("c.csv"))).split('\n');
        QCOMPARE(lines.first(), QByteArray(ChartExporter::kCsvHeader));
        QCOMPARE(lines.size(), 1 + 20 + 20 + 50000 + 1 + 1);  // header, points, marker, trailing newline
        QCOMPARE(lines[1], QByteArray("point,\"with, band\",0,0,-0.1,0.1"));
        QVERIFY(lines.contains(QByteArray("marker,mark,2,1,,")));
    }

    void analysisChartsHaveTheirSeries_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QStringList>("series");
        QTest::addColumn<int>("markers");
        QTest::newRow("throughput") << QStringLiteral("throughput-vs-r")
                                    << QStringList{QStringLiteral("SPARe+CKPT"), QStringLiteral("Rep+CKPT"),
                                                   QStringLiteral("CKPT-only"), QStringLiteral("model 1/J(r) (SPARe+CKPT)")}
                                    << 3;
        QTest::newRow("availability") << QStringLiteral("availability-vs-r")
                                      << QStringList{QStringLiteral("SPARe+CKPT"), QStringLiteral("Rep+CKPT"),
                                                     QStringLiteral("CKPT-only"), QStringLiteral("model A*(μ·m) (SPARe+CKPT)")}
                                      << 0;
        QTest::newRow("stack number") << QStringLiteral("stack-number-vs-r")
                                      << QStringList{QStringLiteral("SPARe+CKPT simulated"),
                                                     QStringLiteral("lower bound: mean c(k) for k below μ"),
                                                     QStringLiteral("Monte-Carlo S̄ (golomb, 95% CI)")}
                                      << 0;
        QTest::newRow("mu") << QStringLiteral("mu-vs-r")
                            << QStringList{QStringLiteral("asymptotic (golomb)"),
                                           QStringLiteral("exact, consecutive layout"),
                                           QStringLiteral("Monte-Carlo golomb"),
                                           QStringLiteral("Monte-Carlo consecutive")}
                            << 0;
        QTest::newRow("layouts") << QStringLiteral("layouts-sbar")
                                 << QStringList{QStringLiteral("golomb"), QStringLiteral("consecutive")} << 0;
    }

    void analysisChartsHaveTheirSeries()
    {
        QFETCH(QString, name);
        QFETCH(QStringList, series);
        QFETCH(int, markers);
        const AnalysisRequest request = sampleRequest();
        const auto spec = AnalysisCharts::build(name, request, sampleResults(request));
        QVERIFY(spec);
        QCOMPARE(spec->id, name);
        QVERIFY(!spec->xLabel.isEmpty() && !spec->yLabel.isEmpty());
        QStringList names;
        for (const ChartSeries& s : spec->series) {
            names.append(s.name);
            QCOMPARE(s.points.size(), qsizetype(request.redundancies.size()));
        }
        QCOMPARE(names, series);
        QCOMPARE(spec->markers.size(), markers);
    }

    void correlatedFailuresChart_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("TTT/T0") << QStringLiteral("correlated-failures");
        QTest::newRow("availability") << QStringLiteral("correlated-availability");
    }

    // Computed by the engine on teaching-racks (a topology with 2 groups per rack), small grid.
    void correlatedFailuresChart()
    {
        QFETCH(QString, name);
        const AnalysisRequest request = teachingRacksRequest(0.3);
        const std::atomic<bool> never{false};
        const AnalysisResults results = AnalysisStudy::run(request, never);
        QVERIFY2(results.complete, qPrintable(errorText(results.error)));
        const auto spec = AnalysisCharts::build(name, request, results);
        QVERIFY(spec);
        QStringList names;
        for (const ChartSeries& s : spec->series) {
            names.append(s.name);
            QCOMPARE(s.points.size(), qsizetype(2));
            QCOMPARE(s.style, s.name.endsWith(QStringLiteral("30% rack")) ? ChartSeries::Style::DashedLine
                                                                            : ChartSeries::Style::Line);
            QCOMPARE(s.color, s.name.contains(QStringLiteral("golomb-domain")) ? ChartPalette::series(2)
                              : s.name.startsWith(QStringLiteral("Rep"))     ? ChartPalette::policy(Policy::Rep)
                              : s.name.startsWith(QStringLiteral("CKPT"))    ? ChartPalette::policy(Policy::Ckpt)
                                                                             : ChartPalette::policy(Policy::Spare));
        }
        QCOMPARE(names, (QStringList{QStringLiteral("SPARe+CKPT golomb, independent"), QStringLiteral("Rep+CKPT, independent"),
                                     QStringLiteral("CKPT-only, independent"),
                                     QStringLiteral("SPARe+CKPT golomb-domain, independent"),
                                     QStringLiteral("SPARe+CKPT golomb, 30% rack"), QStringLiteral("Rep+CKPT, 30% rack"),
                                     QStringLiteral("CKPT-only, 30% rack"), QStringLiteral("SPARe+CKPT golomb-domain, 30% rack")}));
        QVERIFY(spec->subtitle.contains(QStringLiteral("dashed: 30% rack failures, same rate per GPU")));

        // Without a topology: no series, and the subtitle says why.
        AnalysisRequest plain = request;
        plain.scenario = loadScenarioFile(SPARE_SOURCE_DIR "/scenarios/teaching-12.json");
        QVERIFY(!plain.correlatedFailuresUnavailable().empty());
        const AnalysisResults none = AnalysisStudy::run(plain, never);
        QVERIFY(none.correlated.empty());
        const auto empty = AnalysisCharts::build(name, plain, none);
        QVERIFY(empty->series.isEmpty());
        QVERIFY2(empty->subtitle.contains(QStringLiteral("no topology section")), qPrintable(empty->subtitle));
    }

    // Computed by the engine on teaching-12 with a small repair grid: every point is the TTT/T0 mean of the
    // matching row of runRepairWhatIf (what spare-cli sweep --spare-nodes/--swap-s/--rejoin prints).
    void repairSparesChart()
    {
        AnalysisRequest request;
        request.scenario = loadScenarioFile(SPARE_SOURCE_DIR "/scenarios/teaching-12.json");
        request.redundancies = {3};
        request.seeds = 1;
        request.monteCarloTrials = 0;
        request.chosenRedundancy = 3;
        request.repairGrid.spareNodes = {0, 4, 16};
        request.repairGrid.swapS = {300.0, 10800.0};
        request.repairGrid.rejoin = {RejoinRule::None, RejoinRule::AtStep};
        request.repairSeeds = 2;
        const std::atomic<bool> never{false};
        const AnalysisResults results = AnalysisStudy::run(request, never);
        QVERIFY2(results.complete, qPrintable(errorText(results.error)));
        const auto spec = AnalysisCharts::build(QStringLiteral("repair-spares"), request, results);
        QVERIFY(spec);

        SweepSpec sweep;
        sweep.base = request.simulatedScenario();
        sweep.policies = {Policy::Spare, Policy::Rep};
        sweep.spareRedundancies = {3};
        sweep.repRedundancies = {3};
        sweep.seeds = request.repairSeeds;
        const std::vector<RepairWhatIfRow> rows = runRepairWhatIf(sweep, request.repairGrid);
        QCOMPARE(rows.size(), std::size_t(3 * 2 * 2 * 2));

        QStringList names;
        int checked = 0;
        for (const ChartSeries& s : spec->series) {
            names.append(s.name);
            const bool rep = s.name.startsWith(QStringLiteral("Rep"));
            const bool rejoins = s.name.endsWith(QStringLiteral("rejoin at step"));
            const double swapS = s.name.contains(QStringLiteral("swap 5 min")) ? 300.0 : 10800.0;
            QCOMPARE(s.style, rejoins ? ChartSeries::Style::DashedLine : ChartSeries::Style::Line);
            QCOMPARE(s.points.size(), qsizetype(3));
            for (const QPointF& point : s.points) {
                const auto row = std::find_if(rows.begin(), rows.end(), [&](const RepairWhatIfRow& r) {
                    return r.row.policy == (rep ? Policy::Rep : Policy::Spare) && r.point.swapS == swapS
                           && r.point.rejoin == (rejoins ? RejoinRule::AtStep : RejoinRule::None)
                           && r.point.spareNodes == static_cast<int>(point.x());
                });
                QVERIFY2(row != rows.end(), qPrintable(s.name));
                QCOMPARE(point.y(), row->row.stat("ttt_ratio").mean);
                ++checked;
            }
        }
        QCOMPARE(checked, static_cast<int>(rows.size()));
        QCOMPARE(names, (QStringList{QStringLiteral("SPARe+CKPT, swap 5 min, rejoin none"),
                                     QStringLiteral("SPARe+CKPT, swap 3 h, rejoin none"),
                                     QStringLiteral("SPARe+CKPT, swap 5 min, rejoin at step"),
                                     QStringLiteral("SPARe+CKPT, swap 3 h, rejoin at step"),
                                     QStringLiteral("Rep+CKPT, swap 5 min, rejoin none"),
                                     QStringLiteral("Rep+CKPT, swap 3 h, rejoin none"),
                                     QStringLiteral("Rep+CKPT, swap 5 min, rejoin at step"),
                                     QStringLiteral("Rep+CKPT, swap 3 h, rejoin at step")}));
        // One colour per (policy, swap time), shared by the rejoin pair.
        QCOMPARE(spec->series[0].color, spec->series[2].color);
        QVERIFY(spec->series[0].color != spec->series[1].color);
        QVERIFY(spec->series[0].color != spec->series[4].color);
        QVERIFY(spec->subtitle.contains(QStringLiteral("2 seeds; solid: rejoin none, dashed: rejoin at step")));

        // repair-swap: SPARe's points against the swap time in minutes, one curve per (rejoin rule, pool).
        const auto bySwap = AnalysisCharts::build(QStringLiteral("repair-swap"), request, results);
        QVERIFY(bySwap);
        QCOMPARE(bySwap->series.size(), qsizetype(2 * 3));
        // A curve with a run that did not finish within the run limit says so after its name.
        const QRegularExpression poolOf(
            QStringLiteral("^SPARe\\+CKPT, (\\d+) spare nodes, rejoin (none|at step)( \\(unfinished at .*\\))?$"));
        for (const ChartSeries& s : bySwap->series) {
            const QRegularExpressionMatch match = poolOf.match(s.name);
            QVERIFY2(match.hasMatch(), qPrintable(s.name));
            const bool rejoins = match.captured(2) == QStringLiteral("at step");
            QCOMPARE(s.style, rejoins ? ChartSeries::Style::DashedLine : ChartSeries::Style::Line);
            QCOMPARE(s.points.size(), qsizetype(2));
            for (const QPointF& point : s.points) {
                const auto row = std::find_if(rows.begin(), rows.end(), [&](const RepairWhatIfRow& r) {
                    return r.row.policy == Policy::Spare && r.point.swapS == point.x() * 60.0
                           && r.point.rejoin == (rejoins ? RejoinRule::AtStep : RejoinRule::None)
                           && r.point.spareNodes == match.captured(1).toInt();
                });
                QVERIFY2(row != rows.end(), qPrintable(s.name));
                QCOMPARE(point.y(), row->row.stat("ttt_ratio").mean);
            }
        }
        QVERIFY(bySwap->series.front().name.startsWith(QStringLiteral("SPARe+CKPT, 0 spare nodes, rejoin none")));

        // Without a grid (a request's default, and the benchmark's) nothing is computed and the subtitle says so.
        AnalysisRequest off = request;
        off.repairGrid = {{}, {}, {}};
        const AnalysisResults none = AnalysisStudy::run(off, never);
        QVERIFY(none.repair.empty());
        const auto empty = AnalysisCharts::build(QStringLiteral("repair-spares"), off, none);
        QVERIFY(empty->series.isEmpty());
        QVERIFY(empty->subtitle.contains(QStringLiteral("no repair grid")));
    }

    void headlineMarkersPointAtBestAndRStar()
    {
        const AnalysisRequest request = sampleRequest();
        const ChartSpec spec = *AnalysisCharts::build(QStringLiteral("throughput-vs-r"), request, sampleResults(request));
        QCOMPARE(spec.markers[0].position, QPointF(5, 1.0 / 2.5));  // SPARe's lowest TTT/T0 is at r = 5
        QCOMPARE(spec.markers[1].position.x(), 8.0);                // r* for N = 200
        QCOMPARE(spec.markers[2].position, QPointF(2, 1.0 / 5.4));  // Rep's lowest TTT/T0 is at r = 2
        // Each marker has its own colour, none a curve's, and best-r markers are stars, r* a diamond.
        QSet<QRgb> colours;
        for (const ChartSeries& s : spec.series)
            colours.insert(s.color.rgb());
        for (const ChartMarker& m : spec.markers)
            QVERIFY2(!colours.contains(m.color.rgb()) || m.shape == ChartMarker::Shape::Diamond, qPrintable(m.label));
        QVERIFY(spec.markers[0].color != spec.markers[2].color);
        QCOMPARE(spec.markers[0].shape, ChartMarker::Shape::Star);
        QCOMPARE(spec.markers[1].shape, ChartMarker::Shape::Diamond);
        const ChartSeries* spareSeries = spec.findSeries(QStringLiteral("SPARe+CKPT"));
        QVERIFY(spareSeries && spareSeries->hasBand());
        QCOMPARE(spareSeries->bandLow[0], 1.0 / 2.9);
        QCOMPARE(spareSeries->bandHigh[0], 1.0 / 2.7);
    }

    void unknownChartIsRejected()
    {
        QVERIFY(!AnalysisCharts::build(QStringLiteral("nope"), sampleRequest(), {}));
    }

    void partialResultsGivePartialCharts()
    {
        const AnalysisRequest request = sampleRequest();
        AnalysisResults results = sampleResults(request);
        results.headline.resize(3);  // SPARe at r = 2, 3, 4 only
        const ChartSpec spec = *AnalysisCharts::build(QStringLiteral("throughput-vs-r"), request, results);
        QCOMPARE(spec.findSeries(QStringLiteral("SPARe+CKPT"))->points.size(), 3);
        QVERIFY(!spec.findSeries(QStringLiteral("Rep+CKPT")));
        QCOMPARE(spec.findSeries(QStringLiteral("model 1/J(r) (SPARe+CKPT)"))->points.size(), 4);
    }
    void niceTicks_data()
    {
        QTest::addColumn<double>("lo");
        QTest::addColumn<double>("hi");
        QTest::addColumn<bool>("integer");
        QTest::addColumn<double>("upperBound");
        QTest::addColumn<double>("step");
        QTest::addColumn<QString>("format");
        QTest::newRow("steps to 210") << 0.0 << 210.0 << false << 210.0 << 50.0 << QStringLiteral("%.0f");
        QTest::newRow("one hour") << 0.0 << 1.0 << false << 1.0 << 0.2 << QStringLiteral("%.1f");
        QTest::newRow("ratios") << 0.25 << 0.47 << false << 1e300 << 0.05 << QStringLiteral("%.2f");
        QTest::newRow("quarter") << 0.0 << 1.4 << false << 1e300 << 0.25 << QStringLiteral("%.2f");
        QTest::newRow("large") << 100.0 << 100000.0 << false << 1e300 << 20000.0 << QStringLiteral("%.0f");
        QTest::newRow("availability") << 55.0 << 104.0 << false << 100.0 << 10.0 << QStringLiteral("%.0f");
        QTest::newRow("r from 2 to 3") << 2.0 << 3.0 << true << 1e300 << 1.0 << QStringLiteral("%.0f");
        QTest::newRow("r from 2 to 64") << 2.0 << 64.0 << true << 1e300 << 20.0 << QStringLiteral("%.0f");
        QTest::newRow("flat") << 5.0 << 5.0 << false << 1e300 << 0.2 << QStringLiteral("%.1f");
    }

    // Round steps (1, 2, 2.5, 5 x 10^k), ticks on whole steps, labels with the decimals the step needs,
    // the data inside the range and the top never above its bound.
    void niceTicks()
    {
        QFETCH(double, lo);
        QFETCH(double, hi);
        QFETCH(bool, integer);
        QFETCH(double, upperBound);
        QFETCH(double, step);
        QFETCH(QString, format);
        const NiceTicks t = NiceTicks::forRange(lo, hi, integer, 6, upperBound);
        QCOMPARE(t.step, step);
        QVERIFY(t.lo <= lo);
        QVERIFY(t.hi >= std::min(hi, upperBound));
        QVERIFY(t.hi <= upperBound);
        const double ticks = t.anchor / t.step;
        QVERIFY(std::abs(ticks - std::round(ticks)) < 1e-9);
        QValueAxis axis;
        t.applyTo(&axis);
        QCOMPARE(axis.labelFormat(), format);
        QCOMPARE(axis.tickType(), QValueAxis::TicksDynamic);
        if (integer) {
            QVERIFY(t.lo <= std::floor(lo) - 0.5);  // the first and last points are not cut in half
            QVERIFY(t.hi >= std::ceil(hi) + 0.5);
        }
    }

    // The legend draws each curve as the plot does: the dashed model line dashed, points and markers as
    // their symbols; bands and marker guides have no entry of their own.
    void legendShowsLineStylesAndSymbols()
    {
        const AnalysisRequest request = sampleRequest();
        const ChartSpec spec = *AnalysisCharts::build(QStringLiteral("throughput-vs-r"), request, sampleResults(request));
        std::unique_ptr<QChart> chart(QtChartRenderer::createChart(spec));
        auto* legend = chart->findChild<ChartLegendFlow*>();
        QVERIFY(legend);
        QVERIFY(!chart->legend()->isVisible());
        QCOMPARE(legend->entries().size(), spec.series.size() + spec.markers.size());
        for (const ChartLegendEntry& entry : legend->entries()) {
            if (entry.name.startsWith(QStringLiteral("model"))) {
                QCOMPARE(entry.symbol, ChartLegendEntry::Symbol::Line);
                QCOMPARE(entry.pen.style(), Qt::DashLine);
            } else if (entry.name.startsWith(QStringLiteral("best simulated"))) {
                QCOMPARE(entry.symbol, ChartLegendEntry::Symbol::Star);
            } else if (entry.name.startsWith(QStringLiteral("r*"))) {
                QCOMPARE(entry.symbol, ChartLegendEntry::Symbol::Diamond);
            } else {
                QCOMPARE(entry.symbol, ChartLegendEntry::Symbol::Line);
                QCOMPARE(entry.pen.style(), Qt::SolidLine);
            }
        }
        // A narrow chart wraps the legend into more rows instead of eliding the names.
        std::unique_ptr<QGraphicsScene> wide(QtChartRenderer::createScene(spec, QSizeF(1400, 600)));
        std::unique_ptr<QGraphicsScene> narrow(QtChartRenderer::createScene(spec, QSizeF(340, 600)));
        const auto rows = [](QGraphicsScene* scene) {
            for (QGraphicsItem* item : scene->items())
                if (auto* drawn = dynamic_cast<QChart*>(item))
                    return drawn->findChild<ChartLegendFlow*>()->rowCount();
            return 0;
        };
        QCOMPARE(rows(wide.get()), 1);
        QVERIFY2(rows(narrow.get()) >= 3, qPrintable(QString::number(rows(narrow.get()))));
    }

    // Sizes the race and analysis tabs give their charts, down to a small window's.
    void legendFitsItsView_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::newRow("race tab") << QSize(560, 215);
        QTest::newRow("narrow") << QSize(340, 200);
        QTest::newRow("analysis tab") << QSize(900, 420);
    }

    void legendFitsItsView()
    {
        QFETCH(QSize, size);
        QVector<TimeBreakdownChart::Bar> bars;
        for (Policy policy : {Policy::Ckpt, Policy::Rep, Policy::Spare})
            bars.append({policy, 3, 3600.0, {}, policy != Policy::Ckpt});
        ChartPanel panel;
        panel.setSpec(TimeBreakdownChart::build(bars, QStringLiteral("teaching-12, seed 1, so far")));
        panel.resize(size);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        spare::test::verifyLegendFits(panel.chartView());

        ProgressChart progress;
        progress.reset(200);
        for (Policy policy : {Policy::Ckpt, Policy::Rep, Policy::Spare})
            progress.addLine(QString::fromLatin1(policyDisplayName(policy)), ChartPalette::policy(policy));
        progress.resize(size);
        progress.show();
        QVERIFY(QTest::qWaitForWindowExposed(&progress));
        spare::test::verifyLegendFits(progress.chartView());
    }

    void paletteIsColourBlindSafe()
    {
        // Okabe-Ito, without its yellow: policies, model and Monte-Carlo all distinct.
        const QSet<QRgb> okabeIto{0xff000000, 0xffe69f00, 0xff56b4e9, 0xff009e73, 0xff0072b2, 0xffd55e00, 0xffcc79a7};
        QSet<QRgb> used;
        for (QColor c : {ChartPalette::policy(Policy::Spare), ChartPalette::policy(Policy::Rep),
                         ChartPalette::policy(Policy::Ckpt), ChartPalette::model(), ChartPalette::monteCarlo()}) {
            QVERIFY(okabeIto.contains(c.rgb()));
            used.insert(c.rgb());
        }
        QCOMPARE(used.size(), 5);
        for (int i = 0; i < ChartPalette::seriesCount(); ++i)
            QVERIFY(okabeIto.contains(ChartPalette::series(i).rgb()));
    }

    void availabilityStaysAtOrBelowHundredPercent()
    {
        const AnalysisRequest request = sampleRequest();
        AnalysisResults results = sampleResults(request);
        for (SimulatedPoint& p : results.headline)
            p.availability = {0.97, 0.05};  // mean + sd above 100%
        const ChartSpec spec = *AnalysisCharts::build(QStringLiteral("availability-vs-r"), request, results);
        std::unique_ptr<QChart> chart(QtChartRenderer::createChart(spec));
        auto* y = qobject_cast<QValueAxis*>(chart->axes(Qt::Vertical).first());
        QCOMPARE(y->max(), 100.0);
        QCOMPARE(spec.findSeries(QStringLiteral("SPARe+CKPT"))->points.first().y(), 97.0);
    }

    void mathsUsesSymbols()
    {
        const AnalysisRequest request = sampleRequest();
        const AnalysisResults results = sampleResults(request);
        for (const QString& name : AnalysisCharts::names()) {
            const ChartSpec spec = *AnalysisCharts::build(name, request, results);
            QStringList texts{spec.title, spec.xLabel, spec.yLabel};
            for (const ChartSeries& s : spec.series)
                texts << s.name;
            for (const ChartMarker& m : spec.markers)
                texts << m.label;
            for (const QString& text : texts)
                QVERIFY2(!text.contains(QRegularExpression(QStringLiteral("S_bar|T0\\b|T_c|\\bmu\\b"))), qPrintable(name + QStringLiteral(": ") + text));
        }
    }

    void sizeParsing_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<double>("width");
        QTest::addColumn<double>("height");  // 0: rejected
        QTest::newRow("single column") << QStringLiteral("3.5in") << 3.5 << 2.6;
        QTest::newRow("double column") << QStringLiteral("7in") << 7.0 << 3.5;
        QTest::newRow("inches") << QStringLiteral("3.5x2.4in") << 3.5 << 2.4;
        QTest::newRow("millimetres") << QStringLiteral("88.9x60.96mm") << 3.5 << 2.4;
        QTest::newRow("centimetres") << QStringLiteral("17.78 x 7.62 cm") << 7.0 << 3.0;
        QTest::newRow("points") << QStringLiteral("252x180pt") << 3.5 << 2.5;
        QTest::newRow("no unit") << QStringLiteral("3.5") << 0.0 << 0.0;
        QTest::newRow("pixels") << QStringLiteral("900x560px") << 0.0 << 0.0;
        QTest::newRow("too small") << QStringLiteral("0.2in") << 0.0 << 0.0;
        QTest::newRow("too large") << QStringLiteral("30x2in") << 0.0 << 0.0;
        QTest::newRow("negative") << QStringLiteral("-3in") << 0.0 << 0.0;
        QTest::newRow("empty") << QString() << 0.0 << 0.0;
    }

    void sizeParsing()
    {
        QFETCH(QString, text);
        QFETCH(double, width);
        QFETCH(double, height);
        QString error;
        const auto size = ChartExporter::parseSize(text, &error);
        if (height == 0.0) {
            QVERIFY(!size);
            QVERIFY2(error.contains(QStringLiteral("--size '") + text + QLatin1Char('\'')), qPrintable(error));
            QVERIFY2(error.contains(QStringLiteral("0.5 to 20 in")), qPrintable(error));
            return;
        }
        QVERIFY2(size, qPrintable(error));
        QVERIFY(std::abs(size->width() - width) < 1e-9);
        QVERIFY(std::abs(size->height() - height) < 1e-9);
    }

    // At a physical size the PDF page is the figure (MediaBox in points), the SVG declares that size,
    // has no text elements left (outlines render alike everywhere) and still renders; PNGs are 300 dpi.
    void physicalSizeExports()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const AnalysisRequest request = sampleRequest();
        const ChartSpec spec = *AnalysisCharts::build(QStringLiteral("throughput-vs-r"), request, sampleResults(request));
        ChartExportOptions options;
        options.inches = QSizeF(3.5, 2.5);
        QString error;
        for (const char* ext : {"png", "svg", "pdf"})
            QVERIFY2(ChartExporter::writeByExtension(spec, dir.filePath(QStringLiteral("f.") + QLatin1String(ext)), &error,
                                                     options),
                     qPrintable(error));
        const QByteArray pdf = readAll(dir.filePath(QStringLiteral("f.pdf")));
        const QRegularExpressionMatch box =
            QRegularExpression(QStringLiteral("/MediaBox \\[0 0 ([0-9.]+) ([0-9.]+)\\]")).match(QString::fromLatin1(pdf));
        QVERIFY(box.hasMatch());
        QVERIFY2(std::abs(box.captured(1).toDouble() - 252.0) < 1.0, qPrintable(box.captured(0)));
        QVERIFY2(std::abs(box.captured(2).toDouble() - 180.0) < 1.0, qPrintable(box.captured(0)));

        const QByteArray svg = readAll(dir.filePath(QStringLiteral("f.svg")));
        QVERIFY(!svg.contains("<text"));
        QVERIFY2(svg.contains("width=\"88.9mm\""), svg.left(300).constData());
        QVERIFY(svg.contains("height=\"63.5mm\""));
        QSvgRenderer renderer(svg);
        QVERIFY(renderer.isValid());
        QImage drawn(renderer.defaultSize(), QImage::Format_ARGB32);
        drawn.fill(Qt::white);
        QPainter painter(&drawn);
        renderer.render(&painter);
        painter.end();
        int dark = 0;  // the outlined title, labels and legend names are drawn
        for (int y = 0; y < drawn.height(); ++y)
            for (int x = 0; x < drawn.width(); ++x)
                dark += qGray(drawn.pixel(x, y)) < 100 ? 1 : 0;
        QVERIFY2(dark > 500, qPrintable(QString::number(dark)));

        const QImage png(dir.filePath(QStringLiteral("f.png")));
        QCOMPARE(png.width(), 1050);  // 3.5 in at 300 dpi
        QCOMPARE(png.height(), 750);
        QCOMPARE(qRound(png.dotsPerMeterX() * 0.0254), ChartExporter::kPrintDpi);

        // Without a size the page is the on-screen figure, not a sheet of A4.
        QVERIFY(ChartExporter::writeByExtension(spec, dir.filePath(QStringLiteral("s.pdf")), &error));
        const QRegularExpressionMatch screen = QRegularExpression(QStringLiteral("/MediaBox \\[0 0 ([0-9.]+) ([0-9.]+)\\]"))
                                                   .match(QString::fromLatin1(readAll(dir.filePath(QStringLiteral("s.pdf")))));
        QVERIFY(screen.hasMatch());
        QVERIFY2(std::abs(screen.captured(1).toDouble() / screen.captured(2).toDouble() - 900.0 / 560.0) < 0.01,
                 qPrintable(screen.captured(0)));
    }

    void titleCanBeLeftOff()
    {
        const ChartSpec spec = sampleSpec(5);
        ChartStyle style;
        style.showTitle = false;
        std::unique_ptr<QChart> without(QtChartRenderer::createChart(spec, style));
        QVERIFY(without->title().isEmpty());
        std::unique_ptr<QChart> with(QtChartRenderer::createChart(spec));
        QVERIFY(with->title().startsWith(spec.title));
    }

    // The GUI's export dialog offers the same figure sizes as --size, as file types.
    void exportDialogOffersFigureSizes()
    {
        const QStringList types = ChartExportDialog::fileTypes();
        QCOMPARE(types.size(), 10);
        int single = 0;
        int doubleColumn = 0;
        for (const QString& type : types) {
            const ChartExportOptions options = ChartExportDialog::optionsForFileType(type);
            if (type.contains(QStringLiteral("single column"))) {
                QVERIFY(options.inches && std::abs(options.inches->width() - 3.5) < 1e-9);
                ++single;
            } else if (type.contains(QStringLiteral("double column"))) {
                QVERIFY(options.inches && std::abs(options.inches->width() - 7.0) < 1e-9);
                ++doubleColumn;
            } else {
                QVERIFY(!options.inches);
            }
        }
        QCOMPARE(single, 3);
        QCOMPARE(doubleColumn, 3);
    }
};

QTEST_MAIN(TestCharts)
#include "test_charts.moc"
