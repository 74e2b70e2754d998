#pragma once

#include "ui/charts/ChartSpec.h"
#include "ui/charts/ChartStyle.h"

#include <QSizeF>

class QChart;
class QGraphicsScene;

namespace spare {

// The only place that knows Qt Charts: turns a ChartSpec into a QChart (software rendered; OpenGL
// series crash under the offscreen platform). Replacing Qt Charts means replacing this class.
class QtChartRenderer {
public:
    // A new chart; the caller owns it.
    static QChart* createChart(const ChartSpec& spec, const ChartStyle& style = {});
    // A scene holding a laid-out chart of the given logical size, for rendering into any paint device.
    static QGraphicsScene* createScene(const ChartSpec& spec, QSizeF size, const ChartStyle& style = {});
};

}  // namespace spare
