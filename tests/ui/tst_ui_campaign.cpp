// The Campaign tab: a small campaign run through the engine and merged, opened in the view's model;
// heatmap cells, CI, tornado order, best r and gain against values computed here from the merged CSV
// text; the heatmap model under QAbstractItemModelTester; bad and foreign files; the chart exports; the
// window's File action and --campaign options; and a GUI run that is cancelled, then resumed, ending
// with the same merged bytes as an uninterrupted run.
#include "engine/campaign/CampaignJson.h"
#include "engine/campaign/CampaignPlan.h"
#include "engine/campaign/CampaignResultsDir.h"
#include "engine/campaign/CampaignRunner.h"
#include "engine/campaign/CampaignTable.h"
#include "ui/MainWindow.h"
#include "ui/StudioOptions.h"
#include "ui/campaign/CampaignCharts.h"
#include "ui/campaign/CampaignData.h"
#include "ui/campaign/CampaignHeatmapModel.h"
#include "ui/campaign/CampaignIntegration.h"
#include "ui/campaign/CampaignResultsLoader.h"
#include "ui/campaign/CampaignRunJob.h"
#include "ui/campaign/CampaignView.h"
#include "ui/charts/ChartExporter.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QMenu>
#include <QTabWidget>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <map>

using namespace spare;

namespace {

const char* kCampaign = R"({"name": "tiny",
  "base": {"cluster": {"groups": 20, "redundancy": 3}, "workload": {"steps": 150, "allreduce_s": 0.4},
           "failures": {"system_mtbf_s": 200}},
  "grid": {"cluster.redundancy": "2-4", "run.policy": ["spare", "rep"], "failures.system_mtbf_s": [100, 200, 400]},
  "replication": {"seeds": 3}})";

// t_{0.975, 2}: three seeds per cell.
constexpr double kT975TwoDf = 4.302652729911275;

QByteArray readAll(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

void writeText(const QString& path, const QByteArray& text)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(text);
}

// One metric's samples (TTT/T0 unless named) per (r, policy, mtbf) parsed straight from the merged CSV.
using Samples = std::map<std::tuple<QString, QString, QString>, QVector<double>>;

Samples parseCsv(const QByteArray& csv, const char* metric = "ttt_ratio")
{
    Samples out;
    QStringList header;
    for (const QByteArray& line : csv.split('\n')) {
        if (line.isEmpty() || line.startsWith('#'))
            continue;
        const QStringList fields = QString::fromUtf8(line).split(QLatin1Char(','));
        if (header.isEmpty()) {
            header = fields;
            continue;
        }
        const auto at = [&](const char* column) { return fields[header.indexOf(QLatin1String(column))]; };
        // The view shows numbers in their shortest form ("100", where the merge writes "100.0").
        const auto number = [&](const char* column) { return QString::number(at(column).toDouble(), 'g', 12); };
        if (at("status") == QLatin1String("ok"))
            out[{number("cluster.redundancy"), at("run.policy"), number("failures.system_mtbf_s")}].append(at(metric).toDouble());
    }
    return out;
}

double mean(const QVector<double>& v)
{
    double sum = 0.0;
    for (double x : v)
        sum += x;
    return sum / v.size();
}

double sampleSd(const QVector<double>& v)
{
    const double m = mean(v);
    double sum = 0.0;
    for (double x : v)
        sum += (x - m) * (x - m);
    return std::sqrt(sum / (v.size() - 1));
}

QString engineMerge(const QString& campaignPath, const QString& dir)
{
    const CampaignPlan plan(loadCampaignFile(campaignPath.toStdString()));
    const CampaignResultsDir results(dir.toStdString());
    CampaignRunOptions options;
    options.control.threads = 2;
    CampaignRunner::run(plan, results, 0, 1, options);
    const QString merged = dir + QStringLiteral("/merged.csv");
    writeText(merged, QByteArray::fromStdString(CampaignTable(plan, results.read()).toCsv()));
    const QString json = dir + QStringLiteral("/merged.json");
    writeText(json, QByteArray::fromStdString(CampaignTable(plan, results.read()).toJson()));
    return merged;
}

}  // namespace

class TestCampaignView : public QObject {
    Q_OBJECT

private:
    QTemporaryDir dir_;
    QString campaignPath_;
    QString mergedPath_;
    Samples samples_;
    std::shared_ptr<const CampaignData> data_;

    int key(const char* name) const { return data_->keyIndex(QLatin1String(name)); }
    int value(const char* name, const QString& text) const { return data_->keys()[key(name)].indexOf(text); }

private slots:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        campaignPath_ = dir_.filePath(QStringLiteral("tiny.json"));
        writeText(campaignPath_, kCampaign);
        QDir().mkpath(dir_.filePath(QStringLiteral("engine")));
        mergedPath_ = engineMerge(campaignPath_, dir_.filePath(QStringLiteral("engine")));
        samples_ = parseCsv(readAll(mergedPath_));
        QCOMPARE(samples_.size(), std::size_t(18));
        QStringList problems;
        data_ = CampaignResultsLoader::load(mergedPath_, &problems);
        QVERIFY2(data_, qPrintable(problems.join(QLatin1Char('\n'))));
        QCOMPARE(data_->okRuns(), 54);
    }

    void keysAndBasePoint()
    {
        QCOMPARE(data_->keys().size(), 3);
        QCOMPARE(data_->keys()[key("cluster.redundancy")].values, (QStringList{QStringLiteral("2"), QStringLiteral("3"), QStringLiteral("4")}));
        QCOMPARE(data_->keys()[key("failures.system_mtbf_s")].values,
                 (QStringList{QStringLiteral("100"), QStringLiteral("200"), QStringLiteral("400")}));
        // Every value equally frequent: the middle one (of two, the second).
        QCOMPARE(data_->defaultPoint()[key("cluster.redundancy")], 1);
        QCOMPARE(data_->keys()[key("run.policy")].values[data_->defaultPoint()[key("run.policy")]], QStringLiteral("spare"));
    }

    void heatmapCellsAreSeedMeans()
    {
        CampaignHeatmapModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        CampaignSelection s = CampaignSelection::defaults(*data_, CampaignMetric::Kind::TttRatio);
        s.xKey = key("cluster.redundancy");
        s.yKey = key("failures.system_mtbf_s");
        s.point[key("run.policy")] = value("run.policy", QStringLiteral("rep"));
        QVERIFY(s.problem(*data_).isEmpty());
        model.setContent(data_, s);
        QCOMPARE(model.columnCount(), 3);
        QCOMPARE(model.rowCount(), 3);
        for (int row = 0; row < 3; ++row)
            for (int column = 0; column < 3; ++column) {
                const QString r = model.headerData(column, Qt::Horizontal).toString();
                const QString mtbf = model.headerData(row, Qt::Vertical).toString();
                const QVector<double>& seeds = samples_.at({r, QStringLiteral("rep"), mtbf});
                const QModelIndex index = model.index(row, column);
                QCOMPARE(model.data(index, Qt::UserRole).toDouble(), mean(seeds));
                QVERIFY(model.data(index, Qt::ToolTipRole).toString().contains(QStringLiteral("n = 3")));
            }
        // Highest y first, like the exported picture.
        QCOMPARE(model.headerData(0, Qt::Vertical).toString(), QStringLiteral("400"));
        // The exported chart uses the same values and colours.
        const ChartSpec spec = CampaignCharts::heatmap(*data_, s);
        QCOMPARE(spec.table.rows.size(), 9);
        QCOMPARE(spec.heatMap.rows, 3);
        QCOMPARE(spec.heatMap.columns, 3);
    }

    void ettrIsTheSeedMean()
    {
        const Samples ettr = parseCsv(readAll(mergedPath_), "ettr");
        QVector<int> point = data_->defaultPoint();
        point[key("cluster.redundancy")] = value("cluster.redundancy", QStringLiteral("3"));
        point[key("failures.system_mtbf_s")] = value("failures.system_mtbf_s", QStringLiteral("200"));
        const CampaignValue v = CampaignMetric::value(CampaignMetric::Kind::Ettr, *data_, point);
        const QVector<double>& seeds = ettr.at({QStringLiteral("3"), QStringLiteral("spare"), QStringLiteral("200")});
        QCOMPARE(v.n, 3);
        QVERIFY(std::abs(v.mean - mean(seeds)) < 1e-12);
        QVERIFY(v.mean > 0.0 && v.mean < 1.0);
        QCOMPARE(CampaignMetric::parse(QStringLiteral("ettr")), std::optional(CampaignMetric::Kind::Ettr));
        QCOMPARE(CampaignMetric::format(CampaignMetric::Kind::Ettr, 0.5), QStringLiteral("50.0%"));
    }

    void confidenceIntervalIsStudentT()
    {
        QVector<int> point = data_->defaultPoint();
        point[key("cluster.redundancy")] = value("cluster.redundancy", QStringLiteral("4"));
        point[key("failures.system_mtbf_s")] = value("failures.system_mtbf_s", QStringLiteral("100"));
        const CampaignValue v = CampaignMetric::value(CampaignMetric::Kind::TttRatio, *data_, point);
        const QVector<double>& seeds = samples_.at({QStringLiteral("4"), QStringLiteral("spare"), QStringLiteral("100")});
        const double half = kT975TwoDf * sampleSd(seeds) / std::sqrt(3.0);
        QCOMPARE(v.n, 3);
        QVERIFY(std::abs(v.mean - mean(seeds)) < 1e-12);
        QVERIFY(std::abs(v.low - (mean(seeds) - half)) < 1e-4 * std::max(half, 1e-9) + 1e-12);
        QVERIFY(std::abs(v.high - (mean(seeds) + half)) < 1e-4 * std::max(half, 1e-9) + 1e-12);
        // The CI-bands chart carries the same band.
        CampaignSelection s = CampaignSelection::defaults(*data_, CampaignMetric::Kind::TttRatio);
        s.xKey = key("cluster.redundancy");
        s.yKey = key("failures.system_mtbf_s");
        const ChartSpec bands = CampaignCharts::ciBands(*data_, s);
        const ChartSeries* curve = bands.findSeries(QStringLiteral("failures.system_mtbf_s = 100"));
        QVERIFY(curve);
        QVERIFY(curve->hasBand());
        QCOMPARE(curve->points.back(), QPointF(4.0, v.mean));
        QCOMPARE(curve->bandHigh.back(), v.high);
    }

    void tornadoSortsBySwing()
    {
        const CampaignSelection s = CampaignSelection::defaults(*data_, CampaignMetric::Kind::TttRatio);
        // Independently: each key over its values, the others at r = 3, spare, MTBF 200.
        const std::tuple<QString, QString, QString> base{QStringLiteral("3"), QStringLiteral("spare"), QStringLiteral("200")};
        std::vector<std::pair<double, QString>> swings;
        const QStringList keys{QStringLiteral("cluster.redundancy"), QStringLiteral("run.policy"), QStringLiteral("failures.system_mtbf_s")};
        const QList<QStringList> values{{QStringLiteral("2"), QStringLiteral("3"), QStringLiteral("4")},
                                        {QStringLiteral("spare"), QStringLiteral("rep")},
                                        {QStringLiteral("100"), QStringLiteral("200"), QStringLiteral("400")}};
        for (int k = 0; k < 3; ++k) {
            double low = 1e300;
            double high = -1e300;
            for (const QString& v : values[k]) {
                auto at = base;
                (k == 0 ? std::get<0>(at) : k == 1 ? std::get<1>(at) : std::get<2>(at)) = v;
                low = std::min(low, mean(samples_.at(at)));
                high = std::max(high, mean(samples_.at(at)));
            }
            swings.emplace_back(high - low, keys[k]);
        }
        std::stable_sort(swings.begin(), swings.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
        const auto bars = CampaignCharts::tornadoBars(*data_, s);
        QCOMPARE(bars.size(), 3);
        for (int i = 0; i < 3; ++i) {
            QCOMPARE(data_->keys()[bars[i].key].name, swings[i].second);
            QVERIFY(std::abs(bars[i].swing() - swings[i].first) < 1e-12);
        }
        const ChartSpec spec = CampaignCharts::tornado(*data_, s);
        QCOMPARE(spec.bars.categories.size(), 3);
        QVERIFY(spec.bars.categories.front().startsWith(swings[0].second));
        QCOMPARE(spec.bars.base, mean(samples_.at(base)));
    }

    void bestRAndGain()
    {
        const QStringList rs{QStringLiteral("2"), QStringLiteral("3"), QStringLiteral("4")};
        const auto best = [&](const QString& policy, const QString& mtbf, QString* bestR) {
            double lowest = 1e300;
            for (const QString& r : rs)
                if (mean(samples_.at({r, policy, mtbf})) < lowest) {
                    lowest = mean(samples_.at({r, policy, mtbf}));
                    *bestR = r;
                }
            return lowest;
        };
        for (const QString& mtbf : {QStringLiteral("100"), QStringLiteral("400")}) {
            QVector<int> point = data_->defaultPoint();
            point[key("failures.system_mtbf_s")] = value("failures.system_mtbf_s", mtbf);
            QString spareR;
            QString repR;
            const double spare = best(QStringLiteral("spare"), mtbf, &spareR);
            const double rep = best(QStringLiteral("rep"), mtbf, &repR);
            const CampaignValue bestR = CampaignMetric::value(CampaignMetric::Kind::BestR, *data_, point);
            QCOMPARE(bestR.mean, spareR.toDouble());
            const CampaignValue gain = CampaignMetric::value(CampaignMetric::Kind::Gain, *data_, point);
            QVERIFY(std::abs(gain.mean - (1.0 - spare / rep)) < 1e-12);
        }
        // best-r and gain reduce over r: it is no axis for them.
        QVERIFY(!CampaignMetric::freeKeys(CampaignMetric::Kind::BestR, *data_).contains(key("cluster.redundancy")));
        QCOMPARE(CampaignMetric::freeKeys(CampaignMetric::Kind::Gain, *data_), QVector<int>{key("failures.system_mtbf_s")});
    }

    void jsonGivesTheSameData()
    {
        QStringList problems;
        const auto json = CampaignResultsLoader::load(dir_.filePath(QStringLiteral("engine/merged.json")), &problems);
        QVERIFY2(json, qPrintable(problems.join(QLatin1Char('\n'))));
        const CampaignSelection s = CampaignSelection::defaults(*data_, CampaignMetric::Kind::TttRatio);
        QCOMPARE(CampaignCharts::heatmap(*json, s).table.rows, CampaignCharts::heatmap(*data_, s).table.rows);
    }

    void badFilesListTheirProblems()
    {
        const QString foreign = dir_.filePath(QStringLiteral("foreign.csv"));
        writeText(foreign, "a,b\n1,2\n");
        QStringList problems;
        QVERIFY(!CampaignResultsLoader::load(foreign, &problems));
        QVERIFY2(problems.join(QLatin1Char('\n')).contains(QStringLiteral("not a merged campaign table")), qPrintable(problems.join(QLatin1Char('\n'))));

        // Two broken rows: both named, with their line numbers.
        QByteArray csv = readAll(mergedPath_);
        QList<QByteArray> lines = csv.split('\n');
        lines[5] = lines[5].left(lines[5].lastIndexOf(','));
        lines[7].replace(",ok,", ",maybe,");
        const QString broken = dir_.filePath(QStringLiteral("broken.csv"));
        writeText(broken, lines.join('\n'));
        QVERIFY(!CampaignResultsLoader::load(broken, &problems));
        QCOMPARE(problems.size(), 2);
        QVERIFY(problems[0].contains(QStringLiteral("line 6")));
        QVERIFY(problems[1].contains(QStringLiteral("line 8: status 'maybe'")));

        const QString scenario = dir_.filePath(QStringLiteral("scenario.json"));
        writeText(scenario, R"({"cluster": {"groups": 4}})");
        QVERIFY(!CampaignResultsLoader::load(scenario, &problems));
        QVERIFY(problems.join(QLatin1Char('\n')).contains(QStringLiteral("\"columns\" and \"runs\"")));
        QVERIFY(!CampaignResultsLoader::load(dir_.filePath(QStringLiteral("missing.csv")), &problems));
        QVERIFY(problems.join(QLatin1Char('\n')).contains(QStringLiteral("no such file")));
    }

    void chartsExportInEveryFormat()
    {
        const CampaignSelection s = CampaignSelection::defaults(*data_, CampaignMetric::Kind::TttRatio);
        for (const QString& name : CampaignCharts::names())
            for (const char* extension : {".png", ".svg", ".pdf", ".csv"}) {
                const QString path = dir_.filePath(name + QLatin1String(extension));
                QString error;
                QVERIFY2(ChartExporter::writeByExtension(CampaignCharts::build(name, *data_, s), path, &error), qPrintable(error));
                QVERIFY(QFileInfo(path).size() > 0);
            }
        const QList<QByteArray> csv = readAll(dir_.filePath(QStringLiteral("heatmap.csv"))).trimmed().split('\n');
        QCOMPARE(csv.front(), QByteArray(CampaignCharts::kHeatmapCsvHeader));
        QCOMPARE(csv.size(), 1 + 3 * 2);  // x = cluster.redundancy, y = run.policy
    }

    void viewShowsChartsAndFollowsSelectors()
    {
        CampaignView view;
        QSignalSpy changed(&view, &CampaignView::dataChanged);
        view.openResults(mergedPath_);
        QVERIFY(changed.wait(10000));
        QCOMPARE(view.heatmapModel()->rowCount(), 2);
        for (const QString& name : CampaignCharts::names()) {
            view.showChart(name);
            QCOMPARE(view.currentChart(), name);
            QVERIFY(!view.chartSpec(name).id.isEmpty());
        }
        CampaignSelection s = CampaignSelection::defaults(*view.data(), CampaignMetric::Kind::Gain);
        view.setSelection(s);
        QCOMPARE(view.heatmapModel()->columnCount(), 3);
        QCOMPARE(view.heatmapModel()->rowCount(), 1);

        QSignalSpy failed(&view, &CampaignView::openFailed);
        view.openResults(dir_.filePath(QStringLiteral("foreign.csv")));
        QVERIFY(failed.wait(10000));
    }

    void windowOpensResultsFromTheCommandLine()
    {
        MainWindow window;
        auto* integration = window.findChild<CampaignIntegration*>();
        QVERIFY(integration);
        bool hasAction = false;
        for (QAction* action : window.fileMenu()->actions())
            hasAction = hasAction || action->text() == QStringLiteral("Open &campaign results...");
        QVERIFY(hasAction);
        StudioOptions options;
        options.campaignPath = mergedPath_;
        options.campaignMetric = QStringLiteral("best-r");
        options.campaignFixes = {QStringLiteral("failures.system_mtbf_s=400.0")};
        QSignalSpy changed(integration->view(), &CampaignView::dataChanged);
        integration->applyOptions(options.campaignRequest());
        QVERIFY(changed.wait(10000));
        QCOMPARE(window.tabs()->currentWidget(), integration->view());
        const CampaignSelection& s = integration->view()->selection();
        QCOMPARE(s.metric, CampaignMetric::Kind::BestR);
        QCOMPARE(s.point[key("failures.system_mtbf_s")], value("failures.system_mtbf_s", QStringLiteral("400")));
    }

    void cancelledThenResumedRunMergesTheSame()
    {
        const QString out = dir_.filePath(QStringLiteral("gui"));
        CampaignRunJob job;
        QSignalSpy finished(&job, &CampaignRunJob::finished);
        // Cancel from the worker as soon as five runs are done: deterministic, whatever the speed.
        const auto connection = connect(&job, &CampaignRunJob::progressed, &job, [&job](qulonglong done, qulonglong) {
            if (done >= 5)
                job.cancel();
        }, Qt::DirectConnection);
        QVERIFY(job.start(campaignPath_, out, 1));
        QVERIFY(finished.wait(60000));
        auto outcome = finished.takeFirst().front().value<CampaignRunOutcome>();
        QVERIFY2(outcome.error.isEmpty(), qPrintable(outcome.error));
        QVERIFY(outcome.cancelled);
        QVERIFY(outcome.ran >= 5 && outcome.ran < 54);
        QVERIFY(!QFileInfo::exists(CampaignRunJob::mergedPath(out)));
        disconnect(connection);

        QSignalSpy progress(&job, &CampaignRunJob::progressed);
        QVERIFY(job.start(campaignPath_, out, 2));
        QVERIFY(finished.wait(60000));
        outcome = finished.takeFirst().front().value<CampaignRunOutcome>();
        QVERIFY(!outcome.cancelled);
        QCOMPARE(outcome.skipped + outcome.ran, 54ull);
        QVERIFY(outcome.skipped >= 5);
        QVERIFY(outcome.merged);
        QCOMPARE(readAll(outcome.mergedPath), readAll(mergedPath_));
        QVERIFY(!progress.isEmpty());
        QCOMPARE(progress.back().at(0).toULongLong(), 54ull);
    }
};

QTEST_MAIN(TestCampaignView)
#include "tst_ui_campaign.moc"
