#include "ui/charts/ChartThinning.h"

#include <algorithm>
#include <set>

namespace spare {
namespace {

QVector<QPointF> thinPoints(const QVector<QPointF>& points, int columns)
{
    const double x0 = points.front().x();
    const double span = points.back().x() - x0;
    if (span <= 0.0)
        return {points.front(), points.back()};
    QVector<QPointF> out;
    qsizetype begin = 0;
    while (begin < points.size()) {
        const int column = std::min(columns - 1, static_cast<int>((points[begin].x() - x0) / span * columns));
        qsizetype end = begin;
        qsizetype lo = begin;
        qsizetype hi = begin;
        while (end < points.size()
               && std::min(columns - 1, static_cast<int>((points[end].x() - x0) / span * columns)) == column) {
            if (points[end].y() < points[lo].y())
                lo = end;
            if (points[end].y() > points[hi].y())
                hi = end;
            ++end;
        }
        // std::set keeps indices unique and in x order.
        for (qsizetype index : std::set<qsizetype>{begin, lo, hi, end - 1})
            out.append(points[index]);
        begin = end;
    }
    return out;
}

}  // namespace

ChartSpec thinForColumns(const ChartSpec& spec, int columns)
{
    ChartSpec thinned = spec;
    if (columns <= 0)
        return thinned;
    for (ChartSeries& s : thinned.series)
        if (!s.hasBand() && s.points.size() > 2 * columns)
            s.points = thinPoints(s.points, columns);
    return thinned;
}

}  // namespace spare
