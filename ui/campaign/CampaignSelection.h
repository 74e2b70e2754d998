#pragma once

#include "ui/campaign/CampaignMetric.h"

#include <QString>
#include <QVector>

namespace spare {

class CampaignData;

// What the Campaign view shows: a metric, the heatmap's axes (key indices; yKey -1 for a single row
// when only one key is free) and the base point (one value index per key) that fixes every other key.
struct CampaignSelection {
    CampaignMetric::Kind metric = CampaignMetric::Kind::TttRatio;
    int xKey = -1;
    int yKey = -1;
    QVector<int> point;

    // The first two free keys as axes, every key at its default value.
    static CampaignSelection defaults(const CampaignData& data, CampaignMetric::Kind metric);
    // The base point with the x key at value x and the y key at value y.
    QVector<int> pointAt(int x, int y) const;
    // "" when it fits the data, else the problem (no axis, the same key twice, a reduced key as axis).
    QString problem(const CampaignData& data) const;
};

}  // namespace spare
