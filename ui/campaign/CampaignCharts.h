#pragma once

#include "ui/campaign/CampaignSelection.h"
#include "ui/charts/ChartSpec.h"

#include <QStringList>
#include <QVector>

namespace spare {

class CampaignData;

// The Campaign view's charts as ChartSpecs (so they draw and export like every chart):
//   heatmap   the metric over the x and y keys, the other keys at the base point; CSV: one row per cell
//             (x_key,x,y_key,y,metric,mean,ci_low,ci_high,n)
//   tornado   one-way sensitivity: for each free key, the lowest and highest metric as that key moves
//             over its values with the others at the base point, widest swing first
//   ci-bands  the metric against the x key, one curve per y value, with its 95% CI band
class CampaignCharts {
public:
    struct TornadoBar {
        int key = -1;
        CampaignValue low;   // the lowest mean over the key's values
        CampaignValue high;  // the highest
        int lowIndex = -1;
        int highIndex = -1;
        double swing() const { return high.mean - low.mean; }
    };

    static constexpr const char* kHeatmapCsvHeader = "x_key,x,y_key,y,metric,mean,ci_low,ci_high,n";

    static QStringList names();
    // The selection must have no problem() for the data.
    static ChartSpec build(const QString& name, const CampaignData& data, const CampaignSelection& selection);
    static ChartSpec heatmap(const CampaignData& data, const CampaignSelection& selection);
    static ChartSpec tornado(const CampaignData& data, const CampaignSelection& selection);
    static ChartSpec ciBands(const CampaignData& data, const CampaignSelection& selection);

    // Widest swing first (ties: key order); keys with no value at all are left out.
    static QVector<TornadoBar> tornadoBars(const CampaignData& data, const CampaignSelection& selection);
};

}  // namespace spare
