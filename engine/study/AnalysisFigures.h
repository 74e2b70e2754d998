#pragma once

#include "engine/study/AnalysisFigure.h"
#include "engine/study/AnalysisRequest.h"
#include "engine/study/AnalysisResults.h"

#include <optional>
#include <string>
#include <vector>

namespace spare {

// Every figure of the analysis study from a request and the results so far: simulation series from the
// sweep rows, model series from engine/analysis/ClosedForms and Monte-Carlo series with their 95%
// intervals. Partial results give partial figures. The window draws them (ui/analysis/AnalysisCharts);
// the reports of the window and of `spare-cli report` write their CSVs.
class AnalysisFigures {
public:
    // Figure ids, in display order: throughput-vs-r, availability-vs-r, ettr-vs-r, stack-number-vs-r,
    // mu-vs-r, ttt-vs-n, checkpoint-period, layouts-mu, layouts-sbar, time-breakdown,
    // correlated-failures, correlated-availability, repair-spares, repair-swap.
    static std::vector<std::string> names();
    // Why figure `name` has nothing to show for this request (empty when it has something).
    static std::string unavailable(const std::string& name, const AnalysisRequest& request);
    // names() less the unavailable ones: the figures a report holds.
    static std::vector<std::string> available(const AnalysisRequest& request);
    // nullopt for an unknown name.
    static std::optional<AnalysisFigure> build(const std::string& name, const AnalysisRequest& request,
                                               const AnalysisResults& results);

    // The point with the lowest mean TTT/T0 for a policy among points whose runs all completed (the
    // rule of Sweep::markBest); nullopt until every r of the request has all its seeds (a partial sweep
    // names no best r).
    static std::optional<SimulatedPoint> best(const AnalysisRequest& request, const std::vector<SimulatedPoint>& points,
                                              Policy policy);
    // How many of the request's r values have all their seeds simulated for a policy.
    static int redundanciesDone(const AnalysisRequest& request, const std::vector<SimulatedPoint>& points, Policy policy);
};

}  // namespace spare
