#pragma once

#include "ui/campaign/CampaignSelection.h"
#include "ui/charts/ChartExportOptions.h"

#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

namespace spare {

class CampaignData;

// What spare-studio's --campaign flags ask for (StudioOptions::campaignRequest()).
struct CampaignChartRequest {
    QString path;                     // --campaign FILE
    QString metric;                   // --metric
    QString x;                        // --x
    QString y;                        // --y
    QStringList fixes;                // --fix KEY=VALUE (repeatable)
    QString chart;                    // --export-chart heatmap|tornado|ci-bands
    QString chartOut;                 // --out FILE
    ChartExportOptions chartOptions;  // --size, --no-title
};

// spare-studio --campaign FILE [--export-chart heatmap|tornado|ci-bands --out FILE] [--metric M] [--x KEY]
// [--y KEY] [--fix KEY=VALUE ...]: the flags checked against the file's keys and values, and the
// headless export (no window).
class CampaignCommandLine {
public:
    // The selection the flags ask for, or nullopt and *error naming the flag, the value and what is allowed.
    static std::optional<CampaignSelection> selection(const CampaignData& data, const CampaignChartRequest& request, QString* error);
    // Reads the table and checks the flags against it; with --export-chart, writes the chart. Exit code:
    // 0 good (and written), 1 I/O error or nothing to draw, 2 bad file or flag (every problem on stderr,
    // nothing written). `checked` (may be null) receives the table when it and the flags are good.
    static int exportChart(const CampaignChartRequest& request, std::shared_ptr<const CampaignData>* checked = nullptr);
};

}  // namespace spare
