#pragma once

#include "engine/sim/Scenario.h"
#include "engine/sim/TimeBreakdown.h"

#include <string>
#include <vector>

namespace spare {

// One bar of "where did the time go": a run (or the mean over a point's seeds) and its parts.
struct TimeBreakdownBar {
    Policy policy = Policy::Spare;
    int redundancy = 1;
    double tttS = 0.0;  // the run's TTT (or time so far): what the parts sum to
    TimeBreakdown parts;
    bool completed = true;  // false: stopped by a limit (the bar is a floor)
    bool memoryTier = false;  // the run had the in-memory checkpoint tier (" + memory" in its category)

    friend bool operator==(const TimeBreakdownBar&, const TimeBreakdownBar&) = default;
};

// The CSV table of time breakdown bars: one row per (bar, part), the part in seconds with its share of
// the bar's TTT. The Analysis study's figure, the window's chart and their CSV files share it.
class TimeBreakdownTable {
public:
    // "SPARe r=8", "Rep r=3", "CKPT-only", with " (unfinished)" for a run stopped by a limit.
    static std::string category(const TimeBreakdownBar& bar);
    static std::vector<std::string> columns();
    static std::vector<std::vector<std::string>> rows(const std::vector<TimeBreakdownBar>& bars);
};

}  // namespace spare
