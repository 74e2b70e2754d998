#pragma once

#include <QColor>
#include <QPointF>
#include <QString>
#include <QStringList>
#include <QVector>

namespace spare {

// One curve of a chart. A band (low/high, same length as points) draws the spread around it.
struct ChartSeries {
    enum class Style { Line, DashedLine, Points };

    QString name;
    QVector<QPointF> points;  // ascending x
    QVector<double> bandLow;  // empty, or one value per point
    QVector<double> bandHigh;
    Style style = Style::Line;
    QColor color;  // invalid = the renderer's palette

    bool hasBand() const { return !bandLow.isEmpty() && bandLow.size() == points.size() && bandHigh.size() == points.size(); }
};

// A labelled point of interest (best simulated r, r*, T_c*), drawn as a vertical guide and a symbol.
// The label names it in the legend; the annotation (default: the label) is written beside the symbol.
// Both may use rich text (T<sub>c</sub>*); exports to CSV write the label's plain text.
struct ChartMarker {
    enum class Shape { Square, Diamond, Star };

    QString label;
    QPointF position;
    QColor color;
    Shape shape = Shape::Square;
    QString annotation;
};

// A matrix drawn as coloured cells (the layout lab's overlap heat map). values[row * columns + column]
// indexes levelColors / levelNames (the legend); the cells span [xMin, xMax] x [yMin, yMax], row 0 at
// the top.
struct ChartHeatMap {
    int rows = 0;
    int columns = 0;
    QVector<int> values;
    QVector<QColor> levelColors;
    QStringList levelNames;
    double xMin = 0.0;
    double xMax = 0.0;
    double yMin = 0.0;
    double yMax = 0.0;
    // When set (one per column / row), the axes name the cells instead of showing numbers; column c then
    // spans [c, c + 1] and row r [r, r + 1] (set xMin = yMin = 0, xMax = columns, yMax = rows).
    QStringList columnLabels;
    QStringList rowLabels;
    QStringList cellText;  // empty, or one label per cell (values' order), written in the cell

    bool isEmpty() const { return rows <= 0 || columns <= 0 || values.size() != qsizetype(rows) * columns; }
};

// Horizontal bars around a base value, one per category, the first at the top (a tornado chart): bar i
// spans [low[i], high[i]]; the value axis shows the change from `base`.
struct ChartBars {
    QStringList categories;
    QVector<double> low;
    QVector<double> high;
    double base = 0.0;
    QString lowName;   // legend of the part below the base
    QString highName;  // and above it

    bool isEmpty() const { return categories.isEmpty() || low.size() != categories.size() || high.size() != categories.size(); }
};

// Vertical bars, one per category (left to right), each a stack of segments drawn bottom-up and named
// in the legend: segment s of bar c is values[s][c].
struct ChartStackedBars {
    QStringList categories;
    QStringList segmentNames;
    QVector<QColor> segmentColors;    // one per segment
    QVector<QVector<double>> values;  // [segment][category]

    bool isEmpty() const;
};

// The data behind a chart as named columns, for charts whose rows are items (layouts, matrix blocks)
// rather than points on curves. When set, the CSV export writes it instead of the point rows.
struct ChartTable {
    QStringList columns;
    QVector<QStringList> rows;
};

// Everything a chart shows, independent of the toolkit that draws it. A value: cheap to copy across
// threads and the single source for the on-screen chart and every export.
struct ChartSpec {
    QString id;  // file-name stem for exports, e.g. "throughput-vs-r"
    QString title;
    QString subtitle;  // e.g. the scenario name and grid
    QString xLabel;
    QString yLabel;
    bool integerX = false;  // tick at whole numbers (redundancy, N)
    bool integerY = false;
    double yUpperBound = 1e300;  // the y axis never goes above this (availability: 100%)
    QVector<ChartSeries> series;
    QVector<ChartMarker> markers;
    ChartHeatMap heatMap;  // drawn under the series when not empty
    ChartBars bars;        // when not empty, the chart is these bars alone
    ChartStackedBars stackedBars;  // likewise
    ChartTable table;

    int pointCount() const;
    const ChartSeries* findSeries(const QString& name) const;
};

}  // namespace spare
