#pragma once

#include "engine/study/AnalysisRequest.h"
#include "engine/study/AnalysisResults.h"
#include "ui/charts/ChartSpec.h"

#include <QStringList>

#include <optional>

namespace spare {

// Builds every chart of the Analysis tab from a request and the results so far: simulation series
// from the sweep rows, model series from engine/analysis/ClosedForms (never re-derived here) and
// Monte-Carlo series with their 95% intervals. Partial results give partial charts.
class AnalysisCharts {
public:
    // Chart ids, in display order: throughput-vs-r, availability-vs-r, stack-number-vs-r, mu-vs-r,
    // ttt-vs-n, checkpoint-period, layouts-mu, layouts-sbar, time-breakdown, correlated-failures,
    // correlated-availability, repair-spares, repair-swap.
    static QStringList names();
    // Why chart `name` has nothing to show for this request (empty when it has something).
    static QString unavailable(const QString& name, const AnalysisRequest& request);
    // names() less the unavailable ones: the charts a report holds.
    static QStringList available(const AnalysisRequest& request);
    // nullopt for an unknown name.
    static std::optional<ChartSpec> build(const QString& name, const AnalysisRequest& request,
                                          const AnalysisResults& results);

    static ChartSpec throughput(const AnalysisRequest& request, const AnalysisResults& results);
    static ChartSpec availability(const AnalysisRequest& request, const AnalysisResults& results);
    static ChartSpec stackNumber(const AnalysisRequest& request, const AnalysisResults& results);
    static ChartSpec enduredFailures(const AnalysisRequest& request, const AnalysisResults& results);
    static ChartSpec tttVsGroups(const AnalysisRequest& request, const AnalysisResults& results);
    static ChartSpec checkpointPeriod(const AnalysisRequest& request, const AnalysisResults& results);
    static ChartSpec layoutsMu(const AnalysisRequest& request, const AnalysisResults& results);
    static ChartSpec layoutsSbar(const AnalysisRequest& request, const AnalysisResults& results);
    // One bar per simulated (policy, r) of the headline grid: TTT split into its nine parts (means over
    // the seeds); CKPT-only, which has no r, once.
    static ChartSpec timeBreakdown(const AnalysisRequest& request, const AnalysisResults& results);

    // The correlated-failures what-if against r: TTT/T0 (or availability) of SPARe on the golomb and
    // golomb-domain layouts, Rep and CKPT-only once, solid under independent failures, dashed with the
    // request's rack share of each GPU's failure rate as whole-rack failures. Without a topology (or
    // with a rack share of 0) no series, and the subtitle says why.
    static ChartSpec correlatedFailures(const AnalysisRequest& request, const AnalysisResults& results);
    static ChartSpec correlatedAvailability(const AnalysisRequest& request, const AnalysisResults& results);

    // The repair what-if: TTT/T0 of SPARe and Rep at the chosen r against the hot-spare pool size, one
    // colour per (policy, swap time), solid with rejoin none, dashed with rejoin at_step.
    static ChartSpec repairSpares(const AnalysisRequest& request, const AnalysisResults& results);
    // The same points against the swap time (minutes), SPARe only: one colour per pool size.
    static ChartSpec repairSwap(const AnalysisRequest& request, const AnalysisResults& results);

    // The point with the lowest mean TTT/T0 for a policy among points whose runs all completed (the
    // rule of Sweep::markBest); nullopt until every r of the request has all its seeds (a partial sweep
    // names no best r).
    static std::optional<SimulatedPoint> best(const AnalysisRequest& request, const std::vector<SimulatedPoint>& points,
                                              Policy policy);
    // How many of the request's r values have all their seeds simulated for a policy.
    static int redundanciesDone(const AnalysisRequest& request, const std::vector<SimulatedPoint>& points, Policy policy);
};

}  // namespace spare
