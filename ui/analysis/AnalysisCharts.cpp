#include "ui/analysis/AnalysisCharts.h"

#include "engine/analysis/ClosedForms.h"
#include "engine/sweep/Sweep.h"
#include "ui/charts/ChartPalette.h"
#include "ui/charts/TimeBreakdownChart.h"
#include "ui/models/CountedNoun.h"

#include <algorithm>
#include <cmath>
#include <functional>

namespace spare {
namespace {

// Layouts by name order: golomb, consecutive, then the scenario's own.
QColor layoutColor(int index)
{
    static const int order[] = {0, 3, 2};  // blue, orange, bluish green
    return ChartPalette::series(order[index % 3]);
}

QString policyLabel(Policy policy)
{
    return QString::fromLatin1(policyDisplayName(policy));
}

// The subtitle names the scenario, N, the steps simulated and the runs per point (`seeds`).
ChartSpec baseSpec(const char* id, const QString& title, const AnalysisRequest& request, int seeds)
{
    ChartSpec spec;
    spec.id = QString::fromLatin1(id);
    spec.title = title;
    const Scenario simulated = request.simulatedScenario();
    spec.subtitle = QStringLiteral("%1: N = %2, %3 steps, %4")
                        .arg(QString::fromStdString(request.scenario.name))
                        .arg(request.scenario.groups)
                        .arg(simulated.steps)
                        .arg(countedNoun(seeds, "seed", "seeds"));
    return spec;
}

ChartSpec baseSpec(const char* id, const QString& title, const AnalysisRequest& request)
{
    return baseSpec(id, title, request, request.seeds);
}

// One series per policy from simulated points: y = value(point) with a band of value(mean +- sd).
void addSimulatedSeries(ChartSpec& spec, const std::vector<SimulatedPoint>& points, const std::vector<Policy>& policies,
                        const std::function<SeedSpread(const SimulatedPoint&)>& metric,
                        const std::function<double(double)>& transform, const QString& suffix = {})
{
    for (Policy policy : policies) {
        std::vector<SimulatedPoint> mine;
        std::copy_if(points.begin(), points.end(), std::back_inserter(mine),
                     [policy](const SimulatedPoint& p) { return p.policy == policy; });
        if (mine.empty()) {
            // Say so rather than leave the reader to think the policy was left out.
            spec.subtitle += QStringLiteral("; %1: no simulated points yet").arg(policyLabel(policy));
            continue;
        }
        std::sort(mine.begin(), mine.end(), [](const auto& a, const auto& b) { return a.x < b.x; });
        ChartSeries series;
        series.name = policyLabel(policy) + suffix;
        // Unfinished runs are stopped at the T0 cap: their TTT is a floor, not a measurement.
        if (std::none_of(mine.begin(), mine.end(), [](const SimulatedPoint& p) { return p.completed; }))
            series.name += QStringLiteral(" (unfinished at %1 × T₀)").arg(SweepSpec{}.maxTttRatio);
        series.color = ChartPalette::policy(policy);
        for (const SimulatedPoint& p : mine) {
            const SeedSpread value = metric(p);
            const double lo = transform(value.mean - value.sd);
            const double hi = transform(value.mean + value.sd);
            series.points.append(QPointF(p.x, transform(value.mean)));
            series.bandLow.append(std::min(lo, hi));
            series.bandHigh.append(std::max(lo, hi));
        }
        spec.series.append(series);
    }
}

ChartSeries modelSeries(const QString& name, const std::vector<int>& xs, const std::function<double(int)>& model)
{
    ChartSeries series;
    series.name = name;
    series.style = ChartSeries::Style::DashedLine;
    series.color = ChartPalette::model();
    for (int x : xs) {
        const double y = model(x);
        if (std::isfinite(y))
            series.points.append(QPointF(x, y));
    }
    return series;
}

double identity(double v)
{
    return v;
}

double percent(double fraction)
{
    return 100.0 * fraction;
}

// T0/TTT from TTT/T0; a non-positive ratio (a spread below zero) maps to no throughput bound.
double reciprocal(double ratio)
{
    return ratio > 0.0 ? 1.0 / ratio : 0.0;
}

std::vector<LayoutEstimate> estimatesOf(const AnalysisResults& results, const QString& layout)
{
    std::vector<LayoutEstimate> mine;
    std::copy_if(results.layouts.begin(), results.layouts.end(), std::back_inserter(mine),
                 [&layout](const LayoutEstimate& e) { return QString::fromStdString(e.layout) == layout; });
    std::sort(mine.begin(), mine.end(), [](const auto& a, const auto& b) { return a.redundancy < b.redundancy; });
    return mine;
}

QStringList layoutNames(const AnalysisResults& results)
{
    QStringList names;
    for (const LayoutEstimate& e : results.layouts)
        if (!names.contains(QString::fromStdString(e.layout)))
            names.append(QString::fromStdString(e.layout));
    return names;
}

// Monte-Carlo series of a layout: mu or S-bar with its 95% interval as the band.
ChartSeries monteCarloSeries(const QString& name, const std::vector<LayoutEstimate>& estimates, bool sbar, QColor color)
{
    ChartSeries series;
    series.name = name;
    series.color = color;
    series.style = estimates.size() == 1 ? ChartSeries::Style::Points : ChartSeries::Style::Line;
    for (const LayoutEstimate& e : estimates) {
        const double value = sbar ? e.result.sbar : e.result.mu;
        if (!std::isfinite(value))
            continue;
        const ConfidenceInterval ci = sbar ? e.result.sbarCi95 : e.result.muCi95;
        series.points.append(QPointF(e.redundancy, value));
        series.bandLow.append(ci.low);
        series.bandHigh.append(ci.high);
    }
    if (series.style == ChartSeries::Style::Points) {
        series.bandLow.clear();
        series.bandHigh.clear();
    }
    return series;
}

// The correlated-failures chart of one metric: one series per (sweep, policy).
ChartSpec correlatedChart(const char* id, const QString& title, const QString& yLabel, const AnalysisRequest& request,
                          const AnalysisResults& results, const std::function<SeedSpread(const SimulatedPoint&)>& metric,
                          const std::function<double(double)>& transform)
{
    ChartSpec spec = baseSpec(id, title, request);
    spec.xLabel = QStringLiteral("redundancy r");
    spec.yLabel = yLabel;
    spec.integerX = true;
    const QString unavailable = QString::fromStdString(request.correlatedFailuresUnavailable());
    if (!unavailable.isEmpty()) {
        spec.subtitle += QStringLiteral("; not available: %1 (scenarios/teaching-racks.json has racks)").arg(unavailable);
        return spec;
    }
    const QString rackShare = QStringLiteral("%1% rack").arg(100.0 * request.rackShare);
    spec.subtitle += QStringLiteral("; solid: independent, dashed: %1 failures, same rate per GPU").arg(rackShare);
    for (const CorrelatedSweep& sweep : results.correlated) {
        const bool plain = sweep.layout == "golomb";
        const qsizetype first = spec.series.size();
        addSimulatedSeries(spec, sweep.points, plain ? request.policies : std::vector<Policy>{Policy::Spare}, metric,
                           transform, QStringLiteral(", %1").arg(sweep.correlated ? rackShare : QStringLiteral("independent")));
        for (qsizetype i = first; i < spec.series.size(); ++i) {
            ChartSeries& series = spec.series[i];
            series.style = sweep.correlated ? ChartSeries::Style::DashedLine : ChartSeries::Style::Line;
            if (series.name.startsWith(policyLabel(Policy::Spare)))
                series.name.insert(policyLabel(Policy::Spare).size(), QStringLiteral(" ") + QString::fromStdString(sweep.layout));
            if (!plain)
                series.color = layoutColor(2);
        }
    }
    return spec;
}

// "5 min", "30 min", "3 h", "90 s": a swap time as a legend reads it.
QString durationLabel(double seconds)
{
    if (seconds >= 3600.0 && std::fmod(seconds, 3600.0) == 0.0)
        return QStringLiteral("%1 h").arg(seconds / 3600.0);
    if (seconds >= 60.0 && std::fmod(seconds, 60.0) == 0.0)
        return QStringLiteral("%1 min").arg(seconds / 60.0);
    return QStringLiteral("%1 s").arg(seconds);
}

// The start of both repair what-if charts: `title` takes the chosen r, one run per point is said.
ChartSpec repairSpec(const char* id, const QString& title, const QString& xLabel, const AnalysisRequest& request)
{
    ChartSpec spec = baseSpec(id, title.arg(request.chosenRedundancy), request, request.repairSeeds);
    spec.subtitle += QStringLiteral("; solid: rejoin none, dashed: rejoin at step");
    if (request.repairGrid.points().empty())
        spec.subtitle += QStringLiteral("; not computed: the request has no repair grid");
    spec.xLabel = xLabel;
    spec.yLabel = QStringLiteral("TTT / T₀ (band: ± 1 sd)");
    return spec;
}

// One repair what-if curve: TTT/T0 of `points` (one policy), named "<policy>, <label>, rejoin ...",
// solid without rejoin and dashed with it, in the chart palette's colour `colorIndex`.
void addRepairSeries(ChartSpec& spec, const std::vector<SimulatedPoint>& points, const QString& label, RejoinRule rejoin,
                     int colorIndex)
{
    if (points.empty())
        return;
    const bool rejoins = rejoin == RejoinRule::AtStep;
    addSimulatedSeries(spec, points, {points.front().policy}, [](const SimulatedPoint& p) { return p.tttRatio; }, &identity,
                       QStringLiteral(", %1, rejoin %2").arg(label, rejoins ? QStringLiteral("at step") : QStringLiteral("none")));
    spec.series.last().style = rejoins ? ChartSeries::Style::DashedLine : ChartSeries::Style::Line;
    spec.series.last().color = ChartPalette::series(colorIndex);
}

}  // namespace

ChartSpec AnalysisCharts::repairSpares(const AnalysisRequest& request, const AnalysisResults& results)
{
    ChartSpec spec = repairSpec("repair-spares", QStringLiteral("Repair what-if: TTT/T₀ vs hot-spare pool (r = %1)"),
                                QStringLiteral("hot-spare pool (nodes)"), request);
    spec.integerX = true;
    const std::vector<double>& swaps = request.repairGrid.swapS;
    for (const Policy policy : {Policy::Spare, Policy::Rep}) {
        if (std::find(request.policies.begin(), request.policies.end(), policy) == request.policies.end())
            continue;
        for (const RepairSweep& sweep : results.repair) {
            std::vector<SimulatedPoint> points;
            std::copy_if(sweep.points.begin(), sweep.points.end(), std::back_inserter(points),
                         [policy](const SimulatedPoint& p) { return p.policy == policy; });
            const auto swapIndex = std::find(swaps.begin(), swaps.end(), sweep.swapS) - swaps.begin();
            addRepairSeries(spec, points, QStringLiteral("swap %1").arg(durationLabel(sweep.swapS)), sweep.rejoin,
                            static_cast<int>(swapIndex) + (policy == Policy::Rep ? 4 : 0));
        }
    }
    return spec;
}

ChartSpec AnalysisCharts::repairSwap(const AnalysisRequest& request, const AnalysisResults& results)
{
    ChartSpec spec = repairSpec("repair-swap", QStringLiteral("Repair what-if: TTT/T₀ vs swap time (SPARe+CKPT, r = %1)"),
                                QStringLiteral("swap time (min)"), request);
    const std::vector<int>& pools = request.repairGrid.spareNodes;
    for (const RejoinRule rejoin : request.repairGrid.rejoin)
        for (std::size_t k = 0; k < pools.size(); ++k) {
            std::vector<SimulatedPoint> points;
            for (const RepairSweep& sweep : results.repair)
                for (SimulatedPoint p : sweep.points)
                    if (sweep.rejoin == rejoin && p.policy == Policy::Spare && p.x == pools[k]) {
                        p.x = sweep.swapS / 60.0;
                        points.push_back(p);
                    }
            addRepairSeries(spec, points, QStringLiteral("%1 spare nodes").arg(pools[k]), rejoin, static_cast<int>(k));
        }
    return spec;
}

ChartSpec AnalysisCharts::correlatedFailures(const AnalysisRequest& request, const AnalysisResults& results)
{
    return correlatedChart("correlated-failures", QStringLiteral("Correlated failures: TTT/T₀ vs redundancy"),
                           QStringLiteral("TTT / T₀ (band: ± 1 sd)"), request, results,
                           [](const SimulatedPoint& p) { return p.tttRatio; }, &identity);
}

ChartSpec AnalysisCharts::correlatedAvailability(const AnalysisRequest& request, const AnalysisResults& results)
{
    ChartSpec spec = correlatedChart("correlated-availability", QStringLiteral("Correlated failures: availability vs redundancy"),
                                     QStringLiteral("availability, % of wall-clock time up (band: ± 1 sd)"), request,
                                     results, [](const SimulatedPoint& p) { return p.availability; }, &percent);
    spec.yUpperBound = 100.0;
    return spec;
}

QStringList AnalysisCharts::names()
{
    return {QStringLiteral("throughput-vs-r"), QStringLiteral("availability-vs-r"),
            QStringLiteral("stack-number-vs-r"), QStringLiteral("mu-vs-r"),
            QStringLiteral("ttt-vs-n"), QStringLiteral("checkpoint-period"),
            QStringLiteral("layouts-mu"), QStringLiteral("layouts-sbar"),
            QString::fromLatin1(TimeBreakdownChart::kId), QStringLiteral("correlated-failures"),
            QStringLiteral("correlated-availability"), QStringLiteral("repair-spares"), QStringLiteral("repair-swap")};
}

QString AnalysisCharts::unavailable(const QString& name, const AnalysisRequest& request)
{
    if (name == QLatin1String("correlated-failures") || name == QLatin1String("correlated-availability"))
        return QString::fromStdString(request.correlatedFailuresUnavailable());
    return {};
}

QStringList AnalysisCharts::available(const AnalysisRequest& request)
{
    QStringList charts = names();
    charts.removeIf([&request](const QString& name) { return !unavailable(name, request).isEmpty(); });
    return charts;
}

std::optional<ChartSpec> AnalysisCharts::build(const QString& name, const AnalysisRequest& request,
                                               const AnalysisResults& results)
{
    using Builder = ChartSpec (*)(const AnalysisRequest&, const AnalysisResults&);
    const Builder builders[] = {&throughput, &availability, &stackNumber, &enduredFailures,
                                &tttVsGroups, &checkpointPeriod, &layoutsMu, &layoutsSbar, &timeBreakdown,
                                &correlatedFailures, &correlatedAvailability, &repairSpares, &repairSwap};
    const qsizetype index = names().indexOf(name);
    if (index < 0)
        return std::nullopt;
    return builders[index](request, results);
}

ChartSpec AnalysisCharts::timeBreakdown(const AnalysisRequest& request, const AnalysisResults& results)
{
    std::vector<SimulatedPoint> points;
    for (const SimulatedPoint& p : results.headline)
        if (p.policy != Policy::Ckpt ||
            std::none_of(points.begin(), points.end(), [](const SimulatedPoint& q) { return q.policy == Policy::Ckpt; }))
            points.push_back(p);
    const auto order = [](Policy policy) { return policy == Policy::Spare ? 0 : policy == Policy::Rep ? 1 : 2; };
    std::sort(points.begin(), points.end(), [&order](const SimulatedPoint& a, const SimulatedPoint& b) {
        return std::pair(order(a.policy), a.x) < std::pair(order(b.policy), b.x);
    });
    QVector<TimeBreakdownChart::Bar> bars;
    for (const SimulatedPoint& p : points)
        bars.append({p.policy, p.policy == Policy::Ckpt ? 1 : static_cast<int>(p.x), p.tttS, p.timeBreakdown, p.completed});
    ChartSpec spec = TimeBreakdownChart::build(bars, baseSpec(TimeBreakdownChart::kId, {}, request).subtitle +
                                                         QStringLiteral(", means over the seeds"));
    if (bars.isEmpty())
        spec.subtitle += QStringLiteral("; no simulated points yet");
    return spec;
}

int AnalysisCharts::redundanciesDone(const AnalysisRequest& request, const std::vector<SimulatedPoint>& points, Policy policy)
{
    return static_cast<int>(std::count_if(request.redundancies.begin(), request.redundancies.end(), [&](int r) {
        return std::any_of(points.begin(), points.end(), [&](const SimulatedPoint& p) {
            return p.policy == policy && p.x == r && p.runs >= request.seeds;
        });
    }));
}

std::optional<SimulatedPoint> AnalysisCharts::best(const AnalysisRequest& request, const std::vector<SimulatedPoint>& points,
                                                   Policy policy)
{
    if (redundanciesDone(request, points, policy) < static_cast<int>(request.redundancies.size()))
        return std::nullopt;  // a missing r could still win
    std::optional<SimulatedPoint> winner;
    for (const SimulatedPoint& p : points)
        if (p.policy == policy && p.completed && p.tttRatio.mean > 0.0 && (!winner || p.tttRatio.mean < winner->tttRatio.mean))
            winner = p;
    return winner;
}

ChartSpec AnalysisCharts::throughput(const AnalysisRequest& request, const AnalysisResults& results)
{
    ChartSpec spec = baseSpec("throughput-vs-r", QStringLiteral("Effective throughput T₀/TTT vs redundancy"), request);
    spec.xLabel = QStringLiteral("redundancy r");
    spec.yLabel = QStringLiteral("T₀ / TTT (band: ± 1 sd)");
    spec.integerX = true;
    addSimulatedSeries(spec, results.headline, request.policies,
                       [](const SimulatedPoint& p) { return p.tttRatio; }, &reciprocal);
    const Scenario& s = request.scenario;
    spec.series.append(modelSeries(QStringLiteral("model 1/J(r) (SPARe+CKPT)"), request.redundancies, [&s](int r) {
        return 1.0 / tttRatioModel(s.groups, r, s.systemMtbfS, s.checkpointWriteS, s.restartS);
    }));
    const auto markBest = [&](Policy policy) {
        if (const auto winner = best(request, results.headline, policy))
            spec.markers.append({QStringLiteral("best simulated r = %1 (%2)").arg(winner->x).arg(policyLabel(policy)),
                                 QPointF(winner->x, 1.0 / winner->tttRatio.mean), ChartPalette::bestSimulated(policy),
                                 ChartMarker::Shape::Star, QStringLiteral("r = %1").arg(winner->x)});
    };
    markBest(Policy::Spare);
    const int rStar = optimalRedundancy(s.groups);
    spec.markers.append({QStringLiteral("r* = %1").arg(rStar),
                         QPointF(rStar, 1.0 / tttRatioModel(s.groups, rStar, s.systemMtbfS, s.checkpointWriteS, s.restartS)),
                         ChartPalette::model(), ChartMarker::Shape::Diamond, {}});
    if (std::find(request.policies.begin(), request.policies.end(), Policy::Rep) != request.policies.end())
        markBest(Policy::Rep);
    return spec;
}

ChartSpec AnalysisCharts::availability(const AnalysisRequest& request, const AnalysisResults& results)
{
    ChartSpec spec = baseSpec("availability-vs-r", QStringLiteral("Availability vs redundancy"), request);
    spec.xLabel = QStringLiteral("redundancy r");
    spec.yLabel = QStringLiteral("availability, % of wall-clock time up (band: ± 1 sd)");
    spec.integerX = true;
    spec.yUpperBound = 100.0;
    addSimulatedSeries(spec, results.headline, request.policies,
                       [](const SimulatedPoint& p) { return p.availability; }, &percent);
    const Scenario& s = request.scenario;
    spec.series.append(modelSeries(QStringLiteral("model A*(μ·m) (SPARe+CKPT)"), request.redundancies, [&s](int r) {
        return percent(optimalAvailability(s.checkpointWriteS, s.restartS, muAsymptotic(s.groups, r) * s.systemMtbfS));
    }));
    return spec;
}

ChartSpec AnalysisCharts::stackNumber(const AnalysisRequest& request, const AnalysisResults& results)
{
    ChartSpec spec = baseSpec("stack-number-vs-r", QStringLiteral("Mean stack number S vs redundancy (SPARe+CKPT)"), request);
    spec.xLabel = QStringLiteral("redundancy r");
    spec.yLabel = QStringLiteral("stacks computed per step");
    spec.integerX = true;
    addSimulatedSeries(spec, results.headline, {Policy::Spare},
                       [](const SimulatedPoint& p) { return p.stackNumber; }, &identity, QStringLiteral(" simulated"));
    const int groups = request.scenario.groups;
    spec.series.append(modelSeries(QStringLiteral("lower bound: mean c(k) for k below μ"), request.redundancies,
                                   [groups](int r) { return sbarLowerBound(groups, muAsymptotic(groups, r)); }));
    spec.series.append(monteCarloSeries(QStringLiteral("Monte-Carlo S̄ (golomb, 95% CI)"),
                                        estimatesOf(results, QStringLiteral("golomb")), true, ChartPalette::monteCarlo()));
    return spec;
}

ChartSpec AnalysisCharts::enduredFailures(const AnalysisRequest& request, const AnalysisResults& results)
{
    ChartSpec spec = baseSpec("mu-vs-r", QStringLiteral("Failures endured before a wipe-out, μ, vs redundancy"), request);
    spec.subtitle = QStringLiteral("N = %1, %2 Monte-Carlo trials per point")
                        .arg(request.scenario.groups)
                        .arg(request.monteCarloTrials);
    spec.xLabel = QStringLiteral("redundancy r");
    spec.yLabel = QStringLiteral("mean failures masked, μ (bands: 95% CI)");
    spec.integerX = true;
    const int groups = request.scenario.groups;
    spec.series.append(modelSeries(QStringLiteral("asymptotic (golomb)"), request.redundancies,
                                   [groups](int r) { return muAsymptotic(groups, r); }));
    ChartSeries exact = modelSeries(QStringLiteral("exact, consecutive layout"), request.redundancies, [groups](int r) {
        return muExactConsecutive(groups, r).value_or(std::nan(""));
    });
    exact.color = layoutColor(1);
    spec.series.append(exact);
    spec.series.append(monteCarloSeries(QStringLiteral("Monte-Carlo golomb"),
                                        estimatesOf(results, QStringLiteral("golomb")), false, layoutColor(0)));
    spec.series.append(monteCarloSeries(QStringLiteral("Monte-Carlo consecutive"),
                                        estimatesOf(results, QStringLiteral("consecutive")), false, layoutColor(1)));
    return spec;
}

ChartSpec AnalysisCharts::tttVsGroups(const AnalysisRequest& request, const AnalysisResults& results)
{
    ChartSpec spec = baseSpec("ttt-vs-n", QStringLiteral("TTT/T₀ vs number of groups N at r = %1").arg(request.chosenRedundancy),
                              request);
    spec.xLabel = QStringLiteral("data-parallel groups N");
    spec.yLabel = QStringLiteral("TTT / T₀ (band: ± 1 sd)");
    addSimulatedSeries(spec, results.byGroups, request.policies,
                       [](const SimulatedPoint& p) { return p.tttRatio; }, &identity);
    const Scenario& s = request.scenario;
    const int r = request.chosenRedundancy;
    spec.series.append(modelSeries(QStringLiteral("model J(r) (SPARe+CKPT)"), request.groupsGrid, [&s, r](int n) {
        return tttRatioModel(n, r, s.systemMtbfS, s.checkpointWriteS, s.restartS);
    }));
    return spec;
}

ChartSpec AnalysisCharts::checkpointPeriod(const AnalysisRequest& request, const AnalysisResults& results)
{
    const int r = request.chosenRedundancy;
    ChartSpec spec = baseSpec("checkpoint-period",
                              QStringLiteral("Checkpoint period explorer: TTT/T₀ vs T<sub>c</sub> (SPARe+CKPT, r = %1)").arg(r), request);
    spec.xLabel = QStringLiteral("checkpoint interval T<sub>c</sub> (steps)");
    spec.yLabel = QStringLiteral("TTT / T₀");
    spec.integerX = true;
    addSimulatedSeries(spec, results.byInterval, {Policy::Spare},
                       [](const SimulatedPoint& p) { return p.tttRatio; }, &identity, QStringLiteral(" simulated"));
    const Scenario& s = request.scenario;
    const double stepS = 2.0 * s.computeS + s.allReduceS;
    const double mu = muAsymptotic(s.groups, r);
    const double unmaskedMtbfS = std::min(mu, s.groups / 2.0) * s.systemMtbfS;
    const double sbar = sbarLowerBound(s.groups, mu);
    auto model = [&](double steps) {
        const double a = spare::availability(steps * stepS, s.checkpointWriteS, s.restartS, unmaskedMtbfS);
        return a > 0.0 ? sbar / a : std::nan("");
    };
    ChartSeries curve;
    curve.name = QStringLiteral("model S̄ / A(T<sub>c</sub>)");
    curve.style = ChartSeries::Style::DashedLine;
    curve.color = ChartPalette::model();
    if (!request.intervalGrid.empty()) {
        const auto [lo, hi] = std::minmax_element(request.intervalGrid.begin(), request.intervalGrid.end());
        for (int i = 0; i <= 60; ++i) {
            const double steps = *lo + (*hi - *lo) * i / 60.0;
            if (std::isfinite(model(steps)))
                curve.points.append(QPointF(steps, model(steps)));
        }
    }
    spec.series.append(curve);
    const CheckpointSteps optimal =
        spareCheckpointSteps(s.groups, r, s.systemMtbfS, s.checkpointWriteS, s.restartS, stepS);
    spec.markers.append({QStringLiteral("T<sub>c</sub>* = %1 steps").arg(optimal.exact, 0, 'f', 1),
                         QPointF(optimal.exact, model(optimal.exact)), ChartPalette::model(), ChartMarker::Shape::Diamond, {}});
    return spec;
}

ChartSpec AnalysisCharts::layoutsMu(const AnalysisRequest& request, const AnalysisResults& results)
{
    ChartSpec spec = baseSpec("layouts-mu", QStringLiteral("Layouts compared: failures endured μ"), request);
    spec.subtitle = QStringLiteral("N = %1, same failure orders (seed %2, %3 trials)")
                        .arg(request.scenario.groups)
                        .arg(request.scenario.seed)
                        .arg(request.monteCarloTrials);
    spec.xLabel = QStringLiteral("redundancy r");
    spec.yLabel = QStringLiteral("μ (Monte-Carlo, 95% CI)");
    spec.integerX = true;
    int index = 0;
    for (const QString& layout : layoutNames(results))
        spec.series.append(monteCarloSeries(layout, estimatesOf(results, layout), false,
                                            layoutColor(index++)));
    return spec;
}

ChartSpec AnalysisCharts::layoutsSbar(const AnalysisRequest& request, const AnalysisResults& results)
{
    ChartSpec spec = layoutsMu(request, results);
    spec.id = QStringLiteral("layouts-sbar");
    spec.title = QStringLiteral("Layouts compared: mean stack number S̄");
    spec.yLabel = QStringLiteral("S̄ (Monte-Carlo, 95% CI)");
    spec.series.clear();
    int index = 0;
    for (const QString& layout : layoutNames(results))
        spec.series.append(monteCarloSeries(layout, estimatesOf(results, layout), true,
                                            layoutColor(index++)));
    return spec;
}

}  // namespace spare
