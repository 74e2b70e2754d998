#pragma once

#include "engine/sim/Scenario.h"
#include "engine/sim/TimeBreakdown.h"
#include "ui/charts/ChartSpec.h"

#include <QVector>

namespace spare {

// "Where did the time go": one stacked bar per run (or per mean over seeds), its nine parts
// (timeBreakdownParts) in hours; the CSV table has the parts in seconds with each run's TTT. Used by
// the Analysis tab (per policy and r), the Race (live, per lane) and --export-chart time-breakdown.
class TimeBreakdownChart {
public:
    static constexpr const char* kId = "time-breakdown";

    struct Bar {
        Policy policy = Policy::Spare;
        int redundancy = 1;
        double tttS = 0.0;  // the run's TTT (or time so far): what the parts sum to
        TimeBreakdown parts;
        bool completed = true;  // false: stopped by a limit (the bar is a floor)

        friend bool operator==(const Bar&, const Bar&) = default;
    };

    static ChartSpec build(const QVector<Bar>& bars, const QString& subtitle);
    // "SPARe r=8", "Rep r=3", "CKPT-only", with " (unfinished)" for a run stopped by a limit.
    static QString category(const Bar& bar);
};

}  // namespace spare
