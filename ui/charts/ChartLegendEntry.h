#pragma once

#include <QColor>
#include <QPen>
#include <QString>

namespace spare {

// One legend line: the series' symbol drawn as the plot draws it (a line segment with the series' pen,
// dashes included, or a point symbol) and its name (rich text allowed).
struct ChartLegendEntry {
    enum class Symbol { Line, Circle, Square, Diamond, Star };

    QString name;
    Symbol symbol = Symbol::Line;
    QPen pen;     // Line: the series' pen; symbols: the outline
    QColor fill;  // symbols only
};

}  // namespace spare
