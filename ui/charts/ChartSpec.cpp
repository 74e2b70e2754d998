#include "ui/charts/ChartSpec.h"

#include <algorithm>

namespace spare {

bool ChartStackedBars::isEmpty() const
{
    if (categories.isEmpty() || segmentNames.isEmpty() || values.size() != segmentNames.size() ||
        segmentColors.size() != segmentNames.size())
        return true;
    return std::any_of(values.begin(), values.end(),
                       [this](const QVector<double>& segment) { return segment.size() != categories.size(); });
}

int ChartSpec::pointCount() const
{
    int count = 0;
    for (const ChartSeries& s : series)
        count += static_cast<int>(s.points.size());
    return count;
}

const ChartSeries* ChartSpec::findSeries(const QString& name) const
{
    for (const ChartSeries& s : series)
        if (s.name == name)
            return &s;
    return nullptr;
}

}  // namespace spare
