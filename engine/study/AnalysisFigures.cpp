#include "engine/study/AnalysisFigures.h"

#include "engine/analysis/ClosedForms.h"
#include "engine/sweep/Sweep.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <functional>

namespace spare {
namespace {

using Metric = std::function<SeedSpread(const SimulatedPoint&)>;
using Transform = std::function<double(double)>;

std::string policyLabel(Policy policy)
{
    return policyDisplayName(policy);
}

bool has(const std::vector<Policy>& policies, Policy policy)
{
    return std::find(policies.begin(), policies.end(), policy) != policies.end();
}

// The subtitle names the scenario, N, the steps simulated and the runs per point (`seeds`).
AnalysisFigure baseFigure(const char* id, std::string title, const AnalysisRequest& request, int seeds)
{
    AnalysisFigure figure;
    figure.id = id;
    figure.title = std::move(title);
    figure.subtitle = fmt::format("{}: N = {}, {} steps, {} {}", request.scenario.name, request.scenario.groups,
                                  request.simulatedScenario().steps, seeds, seeds == 1 ? "seed" : "seeds");
    return figure;
}

AnalysisFigure baseFigure(const char* id, std::string title, const AnalysisRequest& request)
{
    return baseFigure(id, std::move(title), request, request.seeds);
}

// One series per policy from simulated points: y = value(point) with a band of value(mean +- sd).
void addSimulatedSeries(AnalysisFigure& figure, const std::vector<SimulatedPoint>& points,
                        const std::vector<Policy>& policies, const Metric& metric, const Transform& transform,
                        const std::string& suffix = {})
{
    for (Policy policy : policies) {
        std::vector<SimulatedPoint> mine;
        std::copy_if(points.begin(), points.end(), std::back_inserter(mine),
                     [policy](const SimulatedPoint& p) { return p.policy == policy; });
        if (mine.empty()) {
            // Say so rather than leave the reader to think the policy was left out.
            figure.subtitle += fmt::format("; {}: no simulated points yet", policyLabel(policy));
            continue;
        }
        std::sort(mine.begin(), mine.end(), [](const auto& a, const auto& b) { return a.x < b.x; });
        FigureSeries series;
        series.name = policyLabel(policy) + suffix;
        // Unfinished runs are stopped at the T0 cap: their TTT is a floor, not a measurement.
        if (std::none_of(mine.begin(), mine.end(), [](const SimulatedPoint& p) { return p.completed; }))
            series.name += fmt::format(" (unfinished at {:g} × T₀)", SweepSpec{}.maxTttRatio);
        series.policy = policy;
        series.hasBand = true;
        for (const SimulatedPoint& p : mine) {
            const SeedSpread value = metric(p);
            const double lo = transform(value.mean - value.sd);
            const double hi = transform(value.mean + value.sd);
            series.points.push_back({p.x, transform(value.mean), std::min(lo, hi), std::max(lo, hi)});
        }
        figure.series.push_back(std::move(series));
    }
}

FigureSeries modelSeries(std::string name, const std::vector<int>& xs, const std::function<double(int)>& model)
{
    FigureSeries series;
    series.name = std::move(name);
    series.style = FigureSeries::Style::DashedLine;
    series.color = FigureSeries::Color::Model;
    for (int x : xs) {
        const double y = model(x);
        if (std::isfinite(y))
            series.points.push_back({double(x), y, 0.0, 0.0});
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

SeedSpread tttRatioOf(const SimulatedPoint& p)
{
    return p.tttRatio;
}

std::vector<LayoutEstimate> estimatesOf(const AnalysisResults& results, const std::string& layout)
{
    std::vector<LayoutEstimate> mine;
    std::copy_if(results.layouts.begin(), results.layouts.end(), std::back_inserter(mine),
                 [&layout](const LayoutEstimate& e) { return e.layout == layout; });
    std::sort(mine.begin(), mine.end(), [](const auto& a, const auto& b) { return a.redundancy < b.redundancy; });
    return mine;
}

std::vector<std::string> layoutNames(const AnalysisResults& results)
{
    std::vector<std::string> names;
    for (const LayoutEstimate& e : results.layouts)
        if (std::find(names.begin(), names.end(), e.layout) == names.end())
            names.push_back(e.layout);
    return names;
}

// Monte-Carlo series of a layout: mu or S-bar with its 95% interval as the band (a single estimate is a
// point without one).
FigureSeries monteCarloSeries(std::string name, const std::vector<LayoutEstimate>& estimates, bool sbar,
                              FigureSeries::Color color, int colorIndex)
{
    FigureSeries series;
    series.name = std::move(name);
    series.color = color;
    series.colorIndex = colorIndex;
    series.style = estimates.size() == 1 ? FigureSeries::Style::Points : FigureSeries::Style::Line;
    series.hasBand = series.style != FigureSeries::Style::Points;
    for (const LayoutEstimate& e : estimates) {
        const double value = sbar ? e.result.sbar : e.result.mu;
        if (!std::isfinite(value))
            continue;
        const ConfidenceInterval ci = sbar ? e.result.sbarCi95 : e.result.muCi95;
        series.points.push_back({double(e.redundancy), value, ci.low, ci.high});
    }
    return series;
}

// The correlated-failures figure of one metric: one series per (sweep, policy).
AnalysisFigure correlatedFigure(const char* id, std::string title, std::string yLabel, const AnalysisRequest& request,
                                const AnalysisResults& results, const Metric& metric, const Transform& transform)
{
    AnalysisFigure figure = baseFigure(id, std::move(title), request);
    figure.xLabel = "redundancy r";
    figure.yLabel = std::move(yLabel);
    figure.integerX = true;
    const std::string unavailable = request.correlatedFailuresUnavailable();
    if (!unavailable.empty()) {
        figure.subtitle += fmt::format("; not available: {} (scenarios/teaching-racks.json has racks)", unavailable);
        return figure;
    }
    const std::string rackShare = fmt::format("{:g}% rack", 100.0 * request.rackShare);
    figure.subtitle += fmt::format("; solid: independent, dashed: {} failures, same rate per GPU", rackShare);
    const std::string spare = policyLabel(Policy::Spare);
    for (const CorrelatedSweep& sweep : results.correlated) {
        const bool plain = sweep.layout == "golomb";
        const std::size_t first = figure.series.size();
        addSimulatedSeries(figure, sweep.points, plain ? request.policies : std::vector<Policy>{Policy::Spare}, metric,
                           transform, ", " + (sweep.correlated ? rackShare : std::string("independent")));
        for (std::size_t i = first; i < figure.series.size(); ++i) {
            FigureSeries& series = figure.series[i];
            series.style = sweep.correlated ? FigureSeries::Style::DashedLine : FigureSeries::Style::Line;
            if (series.name.starts_with(spare))
                series.name.insert(spare.size(), " " + sweep.layout);
            if (!plain) {
                series.color = FigureSeries::Color::Layout;
                series.colorIndex = 2;
            }
        }
    }
    return figure;
}

// "5 min", "30 min", "3 h", "90 s": a swap time as a legend reads it.
std::string durationLabel(double seconds)
{
    if (seconds >= 3600.0 && std::fmod(seconds, 3600.0) == 0.0)
        return fmt::format("{:g} h", seconds / 3600.0);
    if (seconds >= 60.0 && std::fmod(seconds, 60.0) == 0.0)
        return fmt::format("{:g} min", seconds / 60.0);
    return fmt::format("{:g} s", seconds);
}

// The start of both repair what-if figures: the title names the chosen r, the subtitle the runs per point.
AnalysisFigure repairFigure(const char* id, std::string title, std::string xLabel, const AnalysisRequest& request)
{
    AnalysisFigure figure = baseFigure(id, std::move(title), request, request.repairSeeds);
    figure.subtitle += "; solid: rejoin none, dashed: rejoin at step";
    if (request.repairGrid.points().empty())
        figure.subtitle += "; not computed: the request has no repair grid";
    figure.xLabel = std::move(xLabel);
    figure.yLabel = "TTT / T₀ (band: ± 1 sd)";
    return figure;
}

// One repair what-if curve: TTT/T0 of `points` (one policy), named "<policy>, <label>, rejoin ...",
// solid without rejoin and dashed with it, in the palette's colour `colorIndex`.
void addRepairSeries(AnalysisFigure& figure, const std::vector<SimulatedPoint>& points, const std::string& label,
                     RejoinRule rejoin, int colorIndex)
{
    if (points.empty())
        return;
    const bool rejoins = rejoin == RejoinRule::AtStep;
    addSimulatedSeries(figure, points, {points.front().policy}, &tttRatioOf, &identity,
                       fmt::format(", {}, rejoin {}", label, rejoins ? "at step" : "none"));
    figure.series.back().style = rejoins ? FigureSeries::Style::DashedLine : FigureSeries::Style::Line;
    figure.series.back().color = FigureSeries::Color::Palette;
    figure.series.back().colorIndex = colorIndex;
}

AnalysisFigure repairSpares(const AnalysisRequest& request, const AnalysisResults& results)
{
    AnalysisFigure figure =
        repairFigure("repair-spares", fmt::format("Repair what-if: TTT/T₀ vs hot-spare pool (r = {})", request.chosenRedundancy),
                     "hot-spare pool (nodes)", request);
    figure.integerX = true;
    const std::vector<double>& swaps = request.repairGrid.swapS;
    for (const Policy policy : {Policy::Spare, Policy::Rep}) {
        if (!has(request.policies, policy))
            continue;
        for (const RepairSweep& sweep : results.repair) {
            std::vector<SimulatedPoint> points;
            std::copy_if(sweep.points.begin(), sweep.points.end(), std::back_inserter(points),
                         [policy](const SimulatedPoint& p) { return p.policy == policy; });
            const auto swapIndex = std::find(swaps.begin(), swaps.end(), sweep.swapS) - swaps.begin();
            addRepairSeries(figure, points, "swap " + durationLabel(sweep.swapS), sweep.rejoin,
                            static_cast<int>(swapIndex) + (policy == Policy::Rep ? 4 : 0));
        }
    }
    return figure;
}

AnalysisFigure repairSwap(const AnalysisRequest& request, const AnalysisResults& results)
{
    AnalysisFigure figure = repairFigure(
        "repair-swap", fmt::format("Repair what-if: TTT/T₀ vs swap time (SPARe+CKPT, r = {})", request.chosenRedundancy),
        "swap time (min)", request);
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
            addRepairSeries(figure, points, fmt::format("{} spare nodes", pools[k]), rejoin, static_cast<int>(k));
        }
    return figure;
}

AnalysisFigure correlatedFailures(const AnalysisRequest& request, const AnalysisResults& results)
{
    return correlatedFigure("correlated-failures", "Correlated failures: TTT/T₀ vs redundancy",
                            "TTT / T₀ (band: ± 1 sd)", request, results, &tttRatioOf, &identity);
}

AnalysisFigure correlatedAvailability(const AnalysisRequest& request, const AnalysisResults& results)
{
    AnalysisFigure figure = correlatedFigure(
        "correlated-availability", "Correlated failures: availability vs redundancy",
        "availability, % of wall-clock time up (band: ± 1 sd)", request, results,
        [](const SimulatedPoint& p) { return p.availability; }, &percent);
    figure.yUpperBound = 100.0;
    return figure;
}

// One bar per simulated (policy, r) of the headline grid: TTT split into its parts (means over the
// seeds); CKPT-only, which has no r, once.
AnalysisFigure timeBreakdown(const AnalysisRequest& request, const AnalysisResults& results)
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
    AnalysisFigure figure = baseFigure("time-breakdown", "Where did the time go", request);
    figure.subtitle += ", means over the seeds";
    figure.xLabel = "policy and r";
    figure.yLabel = "time (h)";
    figure.barFigure = true;
    for (const SimulatedPoint& p : points)
        figure.bars.push_back({p.policy, p.policy == Policy::Ckpt ? 1 : static_cast<int>(p.x), p.tttS, p.timeBreakdown,
                               p.completed});
    if (figure.bars.empty())
        figure.subtitle += "; no simulated points yet";
    return figure;
}

AnalysisFigure throughput(const AnalysisRequest& request, const AnalysisResults& results)
{
    AnalysisFigure figure = baseFigure("throughput-vs-r", "Effective throughput T₀/TTT vs redundancy", request);
    figure.xLabel = "redundancy r";
    figure.yLabel = "T₀ / TTT (band: ± 1 sd)";
    figure.integerX = true;
    addSimulatedSeries(figure, results.headline, request.policies, &tttRatioOf, &reciprocal);
    const Scenario& s = request.scenario;
    figure.series.push_back(modelSeries("model 1/J(r) (SPARe+CKPT)", request.redundancies, [&s](int r) {
        return 1.0 / tttRatioModel(s.groups, r, s.systemMtbfS, s.checkpointWriteS, s.restartS);
    }));
    const auto markBest = [&](Policy policy) {
        if (const auto winner = AnalysisFigures::best(request, results.headline, policy))
            figure.markers.push_back({fmt::format("best simulated r = {:g} ({})", winner->x, policyLabel(policy)),
                                      winner->x, 1.0 / winner->tttRatio.mean, true, policy});
    };
    markBest(Policy::Spare);
    const int rStar = optimalRedundancy(s.groups);
    figure.markers.push_back({fmt::format("r* = {}", rStar), double(rStar),
                              1.0 / tttRatioModel(s.groups, rStar, s.systemMtbfS, s.checkpointWriteS, s.restartS),
                              false, Policy::Spare});
    if (has(request.policies, Policy::Rep))
        markBest(Policy::Rep);
    return figure;
}

AnalysisFigure availability(const AnalysisRequest& request, const AnalysisResults& results)
{
    AnalysisFigure figure = baseFigure("availability-vs-r", "Availability vs redundancy", request);
    figure.xLabel = "redundancy r";
    figure.yLabel = "availability, % of wall-clock time up (band: ± 1 sd)";
    figure.integerX = true;
    figure.yUpperBound = 100.0;
    addSimulatedSeries(figure, results.headline, request.policies,
                       [](const SimulatedPoint& p) { return p.availability; }, &percent);
    const Scenario& s = request.scenario;
    figure.series.push_back(modelSeries("model A*(μ·m) (SPARe+CKPT)", request.redundancies, [&s](int r) {
        return percent(optimalAvailability(s.checkpointWriteS, s.restartS, muAsymptotic(s.groups, r) * s.systemMtbfS));
    }));
    return figure;
}

AnalysisFigure ettr(const AnalysisRequest& request, const AnalysisResults& results)
{
    AnalysisFigure figure = baseFigure("ettr-vs-r", "Effective training time ratio (ETTR) vs redundancy", request);
    figure.xLabel = "redundancy r";
    figure.yLabel = "ETTR, productive time / wall clock (band: ± 1 sd)";
    figure.integerX = true;
    figure.yUpperBound = 1.0;
    addSimulatedSeries(figure, results.headline, request.policies, [](const SimulatedPoint& p) { return p.ettr; },
                       &identity);
    return figure;
}

AnalysisFigure stackNumber(const AnalysisRequest& request, const AnalysisResults& results)
{
    AnalysisFigure figure = baseFigure("stack-number-vs-r", "Mean stack number S vs redundancy (SPARe+CKPT)", request);
    figure.xLabel = "redundancy r";
    figure.yLabel = "stacks computed per step";
    figure.integerX = true;
    addSimulatedSeries(figure, results.headline, {Policy::Spare},
                       [](const SimulatedPoint& p) { return p.stackNumber; }, &identity, " simulated");
    const int groups = request.scenario.groups;
    figure.series.push_back(modelSeries("lower bound: mean c(k) for k below μ", request.redundancies,
                                        [groups](int r) { return sbarLowerBound(groups, muAsymptotic(groups, r)); }));
    figure.series.push_back(monteCarloSeries("Monte-Carlo S̄ (golomb, 95% CI)", estimatesOf(results, "golomb"), true,
                                             FigureSeries::Color::MonteCarlo, 0));
    return figure;
}

AnalysisFigure enduredFailures(const AnalysisRequest& request, const AnalysisResults& results)
{
    AnalysisFigure figure = baseFigure("mu-vs-r", "Failures endured before a wipe-out, μ, vs redundancy", request);
    figure.subtitle = fmt::format("N = {}, {} Monte-Carlo trials per point", request.scenario.groups,
                                  request.monteCarloTrials);
    figure.xLabel = "redundancy r";
    figure.yLabel = "mean failures masked, μ (bands: 95% CI)";
    figure.integerX = true;
    const int groups = request.scenario.groups;
    figure.series.push_back(modelSeries("asymptotic (golomb)", request.redundancies,
                                        [groups](int r) { return muAsymptotic(groups, r); }));
    FigureSeries exact = modelSeries("exact, consecutive layout", request.redundancies, [groups](int r) {
        return muExactConsecutive(groups, r).value_or(std::nan(""));
    });
    exact.color = FigureSeries::Color::Layout;
    exact.colorIndex = 1;
    figure.series.push_back(exact);
    figure.series.push_back(monteCarloSeries("Monte-Carlo golomb", estimatesOf(results, "golomb"), false,
                                             FigureSeries::Color::Layout, 0));
    figure.series.push_back(monteCarloSeries("Monte-Carlo consecutive", estimatesOf(results, "consecutive"), false,
                                             FigureSeries::Color::Layout, 1));
    return figure;
}

AnalysisFigure tttVsGroups(const AnalysisRequest& request, const AnalysisResults& results)
{
    AnalysisFigure figure = baseFigure(
        "ttt-vs-n", fmt::format("TTT/T₀ vs number of groups N at r = {}", request.chosenRedundancy), request);
    figure.xLabel = "data-parallel groups N";
    figure.yLabel = "TTT / T₀ (band: ± 1 sd)";
    addSimulatedSeries(figure, results.byGroups, request.policies, &tttRatioOf, &identity);
    const Scenario& s = request.scenario;
    const int r = request.chosenRedundancy;
    figure.series.push_back(modelSeries("model J(r) (SPARe+CKPT)", request.groupsGrid, [&s, r](int n) {
        return tttRatioModel(n, r, s.systemMtbfS, s.checkpointWriteS, s.restartS);
    }));
    return figure;
}

AnalysisFigure checkpointPeriod(const AnalysisRequest& request, const AnalysisResults& results)
{
    const int r = request.chosenRedundancy;
    AnalysisFigure figure = baseFigure(
        "checkpoint-period",
        fmt::format("Checkpoint period explorer: TTT/T₀ vs T<sub>c</sub> (SPARe+CKPT, r = {})", r), request);
    figure.xLabel = "checkpoint interval T<sub>c</sub> (steps)";
    figure.yLabel = "TTT / T₀";
    figure.integerX = true;
    addSimulatedSeries(figure, results.byInterval, {Policy::Spare}, &tttRatioOf, &identity, " simulated");
    const Scenario& s = request.scenario;
    const double stepS = 2.0 * s.computeS + s.allReduceS;
    const double mu = muAsymptotic(s.groups, r);
    const double unmaskedMtbfS = std::min(mu, s.groups / 2.0) * s.systemMtbfS;
    const double sbar = sbarLowerBound(s.groups, mu);
    auto model = [&](double steps) {
        const double a = spare::availability(steps * stepS, s.checkpointWriteS, s.restartS, unmaskedMtbfS);
        return a > 0.0 ? sbar / a : std::nan("");
    };
    FigureSeries curve;
    curve.name = "model S̄ / A(T<sub>c</sub>)";
    curve.style = FigureSeries::Style::DashedLine;
    curve.color = FigureSeries::Color::Model;
    if (!request.intervalGrid.empty()) {
        const auto [lo, hi] = std::minmax_element(request.intervalGrid.begin(), request.intervalGrid.end());
        for (int i = 0; i <= 60; ++i) {
            const double steps = *lo + (*hi - *lo) * i / 60.0;
            if (std::isfinite(model(steps)))
                curve.points.push_back({steps, model(steps), 0.0, 0.0});
        }
    }
    figure.series.push_back(curve);
    const CheckpointSteps optimal =
        spareCheckpointSteps(s.groups, r, s.systemMtbfS, s.checkpointWriteS, s.restartS, stepS);
    figure.markers.push_back({fmt::format("T<sub>c</sub>* = {:.1f} steps", optimal.exact), optimal.exact,
                              model(optimal.exact), false, Policy::Spare});
    return figure;
}

AnalysisFigure layoutsMu(const AnalysisRequest& request, const AnalysisResults& results)
{
    AnalysisFigure figure = baseFigure("layouts-mu", "Layouts compared: failures endured μ", request);
    figure.subtitle = fmt::format("N = {}, same failure orders (seed {}, {} trials)", request.scenario.groups,
                                  request.scenario.seed, request.monteCarloTrials);
    figure.xLabel = "redundancy r";
    figure.yLabel = "μ (Monte-Carlo, 95% CI)";
    figure.integerX = true;
    int index = 0;
    for (const std::string& layout : layoutNames(results))
        figure.series.push_back(monteCarloSeries(layout, estimatesOf(results, layout), false,
                                                 FigureSeries::Color::Layout, index++));
    return figure;
}

AnalysisFigure layoutsSbar(const AnalysisRequest& request, const AnalysisResults& results)
{
    AnalysisFigure figure = layoutsMu(request, results);
    figure.id = "layouts-sbar";
    figure.title = "Layouts compared: mean stack number S̄";
    figure.yLabel = "S̄ (Monte-Carlo, 95% CI)";
    figure.series.clear();
    int index = 0;
    for (const std::string& layout : layoutNames(results))
        figure.series.push_back(monteCarloSeries(layout, estimatesOf(results, layout), true,
                                                 FigureSeries::Color::Layout, index++));
    return figure;
}

using Builder = AnalysisFigure (*)(const AnalysisRequest&, const AnalysisResults&);

// The figures in display order.
const std::vector<std::pair<std::string, Builder>>& builders()
{
    static const std::vector<std::pair<std::string, Builder>> all{
        {"throughput-vs-r", &throughput},
        {"availability-vs-r", &availability},
        {"ettr-vs-r", &ettr},
        {"stack-number-vs-r", &stackNumber},
        {"mu-vs-r", &enduredFailures},
        {"ttt-vs-n", &tttVsGroups},
        {"checkpoint-period", &checkpointPeriod},
        {"layouts-mu", &layoutsMu},
        {"layouts-sbar", &layoutsSbar},
        {"time-breakdown", &timeBreakdown},
        {"correlated-failures", &correlatedFailures},
        {"correlated-availability", &correlatedAvailability},
        {"repair-spares", &repairSpares},
        {"repair-swap", &repairSwap},
    };
    return all;
}

}  // namespace

std::vector<std::string> AnalysisFigures::names()
{
    std::vector<std::string> names;
    for (const auto& [name, builder] : builders())
        names.push_back(name);
    return names;
}

std::string AnalysisFigures::unavailable(const std::string& name, const AnalysisRequest& request)
{
    if (name == "correlated-failures" || name == "correlated-availability")
        return request.correlatedFailuresUnavailable();
    return {};
}

std::vector<std::string> AnalysisFigures::available(const AnalysisRequest& request)
{
    std::vector<std::string> figures = names();
    std::erase_if(figures, [&request](const std::string& name) { return !unavailable(name, request).empty(); });
    return figures;
}

std::optional<AnalysisFigure> AnalysisFigures::build(const std::string& name, const AnalysisRequest& request,
                                                     const AnalysisResults& results)
{
    for (const auto& [id, builder] : builders())
        if (id == name)
            return builder(request, results);
    return std::nullopt;
}

int AnalysisFigures::redundanciesDone(const AnalysisRequest& request, const std::vector<SimulatedPoint>& points,
                                      Policy policy)
{
    return static_cast<int>(std::count_if(request.redundancies.begin(), request.redundancies.end(), [&](int r) {
        return std::any_of(points.begin(), points.end(), [&](const SimulatedPoint& p) {
            return p.policy == policy && p.x == r && p.runs >= request.seeds;
        });
    }));
}

std::optional<SimulatedPoint> AnalysisFigures::best(const AnalysisRequest& request,
                                                    const std::vector<SimulatedPoint>& points, Policy policy)
{
    if (redundanciesDone(request, points, policy) < static_cast<int>(request.redundancies.size()))
        return std::nullopt;  // a missing r could still win
    std::optional<SimulatedPoint> winner;
    for (const SimulatedPoint& p : points)
        if (p.policy == policy && p.completed && p.tttRatio.mean > 0.0 &&
            (!winner || p.tttRatio.mean < winner->tttRatio.mean))
            winner = p;
    return winner;
}

}  // namespace spare
