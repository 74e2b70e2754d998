#include "charts/ChartSpec.h"

namespace spare {

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
