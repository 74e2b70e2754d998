#pragma once

#include "ui/campaign/CampaignColorScale.h"
#include "ui/campaign/CampaignMetric.h"
#include "ui/campaign/CampaignSelection.h"

#include <QAbstractTableModel>

#include <memory>
#include <optional>

namespace spare {

class CampaignData;

// The heatmap as a table: columns are the x key's values, rows the y key's values (highest first, as the
// exported chart draws them), each cell the metric's mean over seeds with the scale's colour; the
// tooltip gives mean, 95% CI and n. Qt::UserRole is the mean as a double (NaN where no run is).
class CampaignHeatmapModel : public QAbstractTableModel {
    Q_OBJECT
public:
    using QAbstractTableModel::QAbstractTableModel;

    void setContent(std::shared_ptr<const CampaignData> data, const CampaignSelection& selection);
    // The value index of the y key shown in `row` (rows run from the highest value down).
    int yIndex(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const CampaignData> data_;
    CampaignSelection selection_;
    QVector<CampaignValue> cells_;  // row-major in display order
    std::optional<CampaignColorScale> scale_;
    int rows_ = 0;
    int columns_ = 0;
};

}  // namespace spare
