#pragma once

#include "engine/output/TimeBreakdownTable.h"
#include "engine/sim/Scenario.h"

#include <string>
#include <vector>

namespace spare {

// One point of a figure's series; low / high bound its band when the series has one.
struct FigurePoint {
    double x = 0.0;
    double y = 0.0;
    double low = 0.0;
    double high = 0.0;
};

// One curve of an analysis figure with what the window needs to draw it: its line style and which
// colour it takes (a policy's, the model's, Monte-Carlo's, or the n-th of a palette).
struct FigureSeries {
    enum class Style { Line, DashedLine, Points };
    enum class Color { Policy, Model, MonteCarlo, Layout, Palette };

    std::string name;
    std::vector<FigurePoint> points;  // ascending x
    bool hasBand = false;
    Style style = Style::Line;
    Color color = Color::Policy;
    Policy policy = Policy::Spare;  // Color::Policy
    int colorIndex = 0;             // Color::Layout and Color::Palette
};

// A labelled point of interest: a policy's best simulated r (drawn as a star annotated "r = x") or an
// optimum of the model (r*, T_c*). Labels may hold <sub> markup; files write their plain text.
struct FigureMarker {
    std::string label;
    double x = 0.0;
    double y = 0.0;
    bool bestSimulated = false;
    Policy policy = Policy::Spare;  // of a best simulated r
};

// Everything one chart of the analysis study shows, toolkit-free: the window draws it, `spare-cli
// report` and the window's report write its CSV (csv()). Text is UTF-8.
struct AnalysisFigure {
    std::string id;  // file-name stem, e.g. "throughput-vs-r"
    std::string title;
    std::string subtitle;
    std::string xLabel;
    std::string yLabel;
    bool integerX = false;
    double yUpperBound = 1e300;
    std::vector<FigureSeries> series;
    std::vector<FigureMarker> markers;
    bool barFigure = false;              // the time-breakdown figure: bars instead of series
    std::vector<TimeBreakdownBar> bars;

    static constexpr const char* kCsvHeader = "kind,series,x,y,band_low,band_high";
    // The figure's data: the bars' table for a bar figure, else one row per point and marker.
    std::string csv() const;
};

}  // namespace spare
