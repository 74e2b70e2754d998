#include "ui/campaign/CampaignSelection.h"

#include "ui/campaign/CampaignData.h"

namespace spare {

CampaignSelection CampaignSelection::defaults(const CampaignData& data, CampaignMetric::Kind metric)
{
    CampaignSelection s;
    s.metric = metric;
    const QVector<int> free = CampaignMetric::freeKeys(metric, data);
    s.xKey = free.value(0, -1);
    s.yKey = free.value(1, -1);
    s.point = data.defaultPoint();
    return s;
}

QVector<int> CampaignSelection::pointAt(int x, int y) const
{
    QVector<int> at = point;
    at[xKey] = x;
    if (yKey >= 0)
        at[yKey] = y;
    return at;
}

QString CampaignSelection::problem(const CampaignData& data) const
{
    const QString unavailable = CampaignMetric::unavailableReason(metric, data);
    if (!unavailable.isEmpty())
        return unavailable;
    const QVector<int> free = CampaignMetric::freeKeys(metric, data);
    if (free.isEmpty())
        return QStringLiteral("%1 leaves no grid key to show").arg(CampaignMetric::name(metric));
    if (!free.contains(xKey) || (yKey >= 0 && !free.contains(yKey)))
        return QStringLiteral("an axis is not a free key of %1").arg(CampaignMetric::name(metric));
    if (xKey == yKey)
        return QStringLiteral("x and y are the same key");
    if (point.size() != data.keys().size())
        return QStringLiteral("the base point does not match the keys");
    return {};
}

}  // namespace spare
