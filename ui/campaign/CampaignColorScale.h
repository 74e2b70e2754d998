#pragma once

#include "ui/campaign/CampaignMetric.h"

#include <QColor>
#include <QStringList>
#include <QVector>

namespace spare {

// The colours of a heatmap, shared by the on-screen table and the exported chart: one level per
// distinct value for best r, else up to kLevels bins holding about equally many cells (quantiles).
class CampaignColorScale {
public:
    static constexpr int kLevels = 8;

    CampaignColorScale(CampaignMetric::Kind metric, const QVector<double>& values);

    // -1 for a missing (non-finite) value.
    int level(double value) const;
    QColor color(double value) const;  // light grey when missing
    const QVector<QColor>& levelColors() const { return colors_; }
    const QStringList& levelNames() const { return names_; }

private:
    bool discrete_ = false;
    QVector<double> edges_;  // discrete: the values; else the lower bound of each bin
    double high_ = 0.0;
    QVector<QColor> colors_;
    QStringList names_;
};

}  // namespace spare
