// Chart interface and exports: the spec -> QChart mapping, PNG/SVG/PDF/CSV files, SVG thinning, and
// the analysis chart builders on a small hand-made result set.
#include "analysis/AnalysisCharts.h"
#include "charts/ChartExporter.h"
#include "charts/ChartThinning.h"
#include "charts/QtChartRenderer.h"

#include <QAbstractSeries>
#include <QAreaSeries>
#include <QChart>
#include <QFile>
#include <QLineSeries>
#include <QTemporaryDir>
#include <QValueAxis>
#include <QXmlStreamReader>
#include <QtTest>

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
    spec.markers.append({QStringLiteral("mark"), QPointF(2, 1), QColor()});
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
            e.layout = QString::fromLatin1(layout);
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
        for (QAbstractSeries* s : chart->series())
            legend << s->name();
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
                                    << 2;
        QTest::newRow("availability") << QStringLiteral("availability-vs-r")
                                      << QStringList{QStringLiteral("SPARe+CKPT"), QStringLiteral("Rep+CKPT"),
                                                     QStringLiteral("CKPT-only"), QStringLiteral("model A*(mu m) (SPARe+CKPT)")}
                                      << 0;
        QTest::newRow("stack number") << QStringLiteral("stack-number-vs-r")
                                      << QStringList{QStringLiteral("SPARe+CKPT simulated"),
                                                     QStringLiteral("lower bound: mean c(k) for k below mu"),
                                                     QStringLiteral("Monte-Carlo S_bar (golomb, 95% CI)")}
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

    void headlineMarkersPointAtBestAndRStar()
    {
        const AnalysisRequest request = sampleRequest();
        const ChartSpec spec = AnalysisCharts::throughput(request, sampleResults(request));
        QCOMPARE(spec.markers[0].position, QPointF(5, 1.0 / 2.5));  // SPARe's lowest TTT/T0 is at r = 5
        QCOMPARE(spec.markers[1].position.x(), 8.0);                // r* for N = 200
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
        const ChartSpec spec = AnalysisCharts::throughput(request, results);
        QCOMPARE(spec.findSeries(QStringLiteral("SPARe+CKPT"))->points.size(), 3);
        QVERIFY(!spec.findSeries(QStringLiteral("Rep+CKPT")));
        QCOMPARE(spec.findSeries(QStringLiteral("model 1/J(r) (SPARe+CKPT)"))->points.size(), 4);
    }
};

QTEST_MAIN(TestCharts)
#include "test_charts.moc"
