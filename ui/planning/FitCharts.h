#pragma once

#include "engine/planning/FailureLogFits.h"
#include "ui/charts/ChartSpec.h"

#include <QStringList>

namespace spare {

// The fit's charts as ChartSpecs (drawn and exported like every chart). Gaps are the times between
// consecutive failures, in hours, minutes or seconds by their size; ties (two failures in one tick)
// count at the start of the gap axis; the censored tail enters the hazard's exposure only.
//   weibull-plot  ln(-ln(1 - F)) against ln t of the gaps (Bernard's median ranks), with the fitted
//                 Weibull line: a straight line of slope k when the gaps are Weibull
//   cdf           the empirical CDF of the gaps and the three fitted families' CDFs
//   per-week      failures per week of the window (a step line)
//   hazard        the empirical hazard (failures per unit of exposure, in bins of time since the last
//                 failure) and the fitted families' hazards
class FitCharts {
public:
    static QStringList names();
    static ChartSpec build(const QString& name, const FailureLog& log, const FailureLogFits& fits);
    static ChartSpec weibullPlot(const FailureLogFits& fits);
    static ChartSpec cdf(const FailureLogFits& fits);
    static ChartSpec perWeek(const FailureLog& log);
    static ChartSpec hazard(const FailureLogFits& fits);
};

}  // namespace spare
