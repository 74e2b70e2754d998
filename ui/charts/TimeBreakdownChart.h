#pragma once

#include "engine/output/TimeBreakdownTable.h"
#include "ui/charts/ChartSpec.h"

#include <QVector>

namespace spare {

// "Where did the time go": one stacked bar per run (or per mean over seeds), its nine parts
// (timeBreakdownParts) in hours; the CSV table (TimeBreakdownTable) has the parts in seconds with each
// run's TTT. Used by
// the Analysis tab (per policy and r), the Race (live, per lane) and --export-chart time-breakdown.
class TimeBreakdownChart {
public:
    static constexpr const char* kId = "time-breakdown";

    using Bar = TimeBreakdownBar;

    static ChartSpec build(const QVector<Bar>& bars, const QString& subtitle);
    // TimeBreakdownTable::category.
    static QString category(const Bar& bar);
};

}  // namespace spare
