// The time-breakdown chart: every part per bar, values equal to the engine's (the Analysis tab's means
// over seeds, the Race's lanes at their end and mid-race), and a CSV whose rows sum to each TTT.
#include "engine/planning/RegimeContender.h"
#include "engine/sim/ScenarioJson.h"
#include "engine/sim/Simulator.h"
#include "engine/study/AnalysisStudy.h"
#include "engine/sweep/Sweep.h"
#include "ui/analysis/AnalysisCharts.h"
#include "ui/charts/ChartExporter.h"
#include "ui/charts/ChartPanel.h"
#include "ui/charts/QtChartRenderer.h"
#include "ui/charts/TimeBreakdownChart.h"
#include "ui/playback/PlaybackClock.h"
#include "ui/playback/PlaybackCursor.h"
#include "ui/playback/RunSetup.h"
#include "ui/playback/SimulationWorker.h"
#include "ui/race/RaceView.h"

#include <QBarSet>
#include <QChart>
#include <QLabel>
#include <QMap>
#include <QStackedBarSeries>
#include <QtTest>

#include <cmath>
#include <memory>

using namespace spare;

namespace {

Scenario teaching()
{
    return loadScenarioFile(std::string(SPARE_SOURCE_DIR) + "/scenarios/teaching-12.json");
}

bool near(double a, double b) { return std::abs(a - b) <= 1e-9 * std::max(1.0, std::abs(b)); }

// The bar of `category` in seconds, part by part, from the chart's values (hours).
TimeBreakdown barSeconds(const ChartSpec& spec, const QString& category)
{
    TimeBreakdown out;
    const qsizetype c = spec.stackedBars.categories.indexOf(category);
    const auto parts = timeBreakdownParts();
    for (std::size_t p = 0; p < parts.size(); ++p)
        out.*parts[p].seconds = spec.stackedBars.values[static_cast<qsizetype>(p)][c] * 3600.0;
    return out;
}

void compareParts(const TimeBreakdown& shown, const TimeBreakdown& engine)
{
    for (const TimeBreakdownPart& part : timeBreakdownParts())
        QVERIFY2(near(shown.*part.seconds, engine.*part.seconds),
                 qPrintable(QStringLiteral("%1: %2 vs %3").arg(QString::fromLatin1(part.key)).arg(shown.*part.seconds).arg(engine.*part.seconds)));
}

void checkEveryPart(const ChartSpec& spec, int bars)
{
    QCOMPARE(spec.id, QStringLiteral("time-breakdown"));
    QVERIFY(!spec.stackedBars.isEmpty());
    QCOMPARE(spec.stackedBars.categories.size(), bars);
    QCOMPARE(spec.stackedBars.segmentNames.size(), 14);
    QCOMPARE(spec.stackedBars.segmentNames.first(), QStringLiteral("useful compute"));
    QCOMPARE(spec.stackedBars.segmentNames.last(), QStringLiteral("rework (rolled back)"));
    QCOMPARE(spec.table.rows.size(), 14 * bars);
}

// Sums the CSV's seconds per bar and compares with its ttt_s column.
void csvRowsSumToTtt(const ChartSpec& spec)
{
    const QStringList lines = ChartExporter::csvText(spec).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.first(), QStringLiteral("bar,policy,redundancy,part,seconds,share_of_ttt,ttt_s"));
    QMap<QString, double> sums;
    QMap<QString, double> ttts;
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QStringList fields = lines[i].split(QLatin1Char(','));
        QCOMPARE(fields.size(), 7);
        sums[fields[0]] += fields[4].toDouble();
        ttts[fields[0]] = fields[6].toDouble();
    }
    QCOMPARE(sums.size(), spec.stackedBars.categories.size());
    for (auto it = sums.cbegin(); it != sums.cend(); ++it)
        QVERIFY2(std::abs(it.value() - ttts[it.key()]) <= 1e-3 * ttts[it.key()], qPrintable(it.key()));
}

}  // namespace

class TestTimeBreakdownChart : public QObject {
    Q_OBJECT

private slots:
    // Analysis: one bar per (policy, r) of the headline grid, CKPT-only once, each part the mean of the
    // engine's runs over the seeds.
    void analysisBarsAreEngineMeans()
    {
        AnalysisRequest request;
        request.scenario = teaching();
        request.redundancies = {2, 3};
        request.seeds = 2;
        request.monteCarloTrials = 10;
        const std::atomic<bool> never{false};
        const AnalysisResults results = AnalysisStudy::run(request, never);
        QVERIFY(!results.error);
        const auto spec = AnalysisCharts::build(QStringLiteral("time-breakdown"), request, results);
        QVERIFY(spec);
        checkEveryPart(*spec, 5);
        QCOMPARE(spec->stackedBars.categories,
                 QStringList({QStringLiteral("SPARe r=2"), QStringLiteral("SPARe r=3"), QStringLiteral("Rep r=2"),
                              QStringLiteral("Rep r=3"), QStringLiteral("CKPT-only")}));
        for (const Policy policy : {Policy::Spare, Policy::Rep, Policy::Ckpt}) {
            for (const int r : {2, 3}) {
                if (policy == Policy::Ckpt && r == 3)
                    continue;
                TimeBreakdown mean;
                for (int seed = 0; seed < request.seeds; ++seed) {
                    Scenario s = request.simulatedScenario();
                    s.policy = policy;
                    s.redundancy = policy == Policy::Ckpt ? 1 : r;
                    s.seed = request.scenario.seed + static_cast<std::uint64_t>(seed);
                    SimulationLimits limits;
                    limits.maxTttRatio = SweepSpec{}.maxTttRatio;
                    const RunMetrics m = Simulator(s).run(nullptr, limits);
                    for (const TimeBreakdownPart& part : timeBreakdownParts())
                        mean.*part.seconds += m.timeBreakdown.*part.seconds / request.seeds;
                }
                compareParts(barSeconds(*spec, TimeBreakdownChart::category({policy, r, 0.0, {}, true})), mean);
            }
        }
        csvRowsSumToTtt(*spec);
    }

    // Race: at the end each lane's bar is its run's breakdown; mid-race it is the breakdown of the
    // lane's latest snapshot, which sums to that snapshot's time.
    void raceBarsFollowTheEngine()
    {
        RaceView race;
        const Scenario scenario = teaching();
        race.start(scenario);
        race.clock()->pause();
        for (int lane = 0; lane < 3; ++lane)
            QTRY_VERIFY_WITH_TIMEOUT(!race.worker(lane)->running(), 30000);

        const double middle = 0.5 * race.cursor(2)->recording().endTime();
        race.clock()->seek(middle);
        const ChartSpec midRace = race.timeBreakdownChart()->spec();
        checkEveryPart(midRace, 3);
        for (qsizetype c = 0; c < 3; ++c) {
            double total = 0.0;
            for (const QVector<double>& segment : midRace.stackedBars.values)
                total += segment[c] * 3600.0;
            QVERIFY(total <= middle * (1.0 + 1e-12));
        }

        race.clock()->seek(1e12);
        const ChartSpec end = race.timeBreakdownChart()->spec();
        checkEveryPart(end, 3);
        for (int lane = 0; lane < 3; ++lane) {
            const Policy policy = RaceView::classicLanes()[static_cast<std::size_t>(lane)].policy;
            const RunSetup setup = RunSetup::prepare(contenderScenario(scenario, RaceView::classicLanes()[std::size_t(lane)], RaceView::classicLanes()));
            const RunMetrics m = Simulator(setup.scenario).run();
            compareParts(barSeconds(end, TimeBreakdownChart::category({policy, setup.scenario.redundancy, 0.0, {}, m.completed})),
                         m.timeBreakdown);
            if (policy == Policy::Spare) {
                const QString phases = race.controllerPhases()->text();
                QVERIFY2(phases.contains(QStringLiteral("(%1 of %2)").arg(m.phase0Decisions).arg(m.phase0Decisions + m.phase2Decisions + m.wipeouts)), qPrintable(phases));
                QVERIFY2(phases.contains(QStringLiteral("(%1 of %2)").arg(m.executedSteps - m.stepsReordered).arg(m.executedSteps)), qPrintable(phases));
            }
        }
        csvRowsSumToTtt(end);
    }

    // The chart renders as one stacked bar series with a bar set per part, and as an image.
    void rendersABarSetPerPart()
    {
        TimeBreakdownChart::Bar bar{Policy::Spare, 4, 10.0, {}, true};
        bar.parts.usefulComputeS = 6.0;
        bar.parts.restartS = 4.0;
        const ChartSpec spec = TimeBreakdownChart::build({bar}, QStringLiteral("one bar"));
        std::unique_ptr<QChart> chart(QtChartRenderer::createChart(spec));
        QCOMPARE(chart->series().size(), 1);
        const auto* series = qobject_cast<QStackedBarSeries*>(chart->series().first());
        QVERIFY(series);
        QCOMPARE(series->barSets().size(), 14);
        QCOMPARE(series->barSets().first()->at(0), 6.0 / 3600.0);
        QCOMPARE(series->barSets()[11]->at(0), 4.0 / 3600.0);  // restarts
        QVERIFY(!ChartExporter::renderImage(spec).isNull());
    }
};

QTEST_MAIN(TestTimeBreakdownChart)
#include "test_time_breakdown_chart.moc"
