#include "ui/campaign/CampaignHeatmapModel.h"

#include "ui/campaign/CampaignData.h"

#include <QColor>

#include <cmath>

namespace spare {

void CampaignHeatmapModel::setContent(std::shared_ptr<const CampaignData> data, const CampaignSelection& selection)
{
    beginResetModel();
    data_ = std::move(data);
    selection_ = selection;
    cells_.clear();
    rows_ = columns_ = 0;
    scale_.reset();
    if (data_ && selection_.problem(*data_).isEmpty()) {
        columns_ = static_cast<int>(data_->keys()[selection_.xKey].values.size());
        rows_ = selection_.yKey >= 0 ? static_cast<int>(data_->keys()[selection_.yKey].values.size()) : 1;
        QVector<double> means;
        for (int row = 0; row < rows_; ++row)
            for (int column = 0; column < columns_; ++column) {
                cells_.append(CampaignMetric::value(selection_.metric, *data_, selection_.pointAt(column, yIndex(row))));
                means.append(cells_.back().mean);
            }
        scale_.emplace(selection_.metric, means);
    }
    endResetModel();
}

int CampaignHeatmapModel::yIndex(int row) const { return rows_ - 1 - row; }

int CampaignHeatmapModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : rows_; }

int CampaignHeatmapModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : columns_; }

QVariant CampaignHeatmapModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const CampaignValue& v = cells_[index.row() * columns_ + index.column()];
    switch (role) {
    case Qt::DisplayRole:
        return CampaignMetric::format(selection_.metric, v.mean);
    case Qt::UserRole:
        return v.mean;
    case Qt::BackgroundRole:
        return scale_->color(v.mean);
    case Qt::ForegroundRole:
        return scale_->color(v.mean).lightnessF() < 0.5 ? QColor(Qt::white) : QColor(Qt::black);
    case Qt::TextAlignmentRole:
        return int(Qt::AlignCenter);
    case Qt::ToolTipRole: {
        const CampaignKey& x = data_->keys()[selection_.xKey];
        QString where = QStringLiteral("%1 = %2").arg(x.name, x.values[index.column()]);
        if (selection_.yKey >= 0)
            where += QStringLiteral(", %1 = %2").arg(data_->keys()[selection_.yKey].name,
                                                     data_->keys()[selection_.yKey].values[yIndex(index.row())]);
        if (!v.isValid())
            return QStringLiteral("%1: no runs").arg(where);
        QString text = QStringLiteral("%1\n%2: mean %3").arg(where, CampaignMetric::label(selection_.metric),
                                                             CampaignMetric::format(selection_.metric, v.mean));
        text += v.hasInterval() ? QStringLiteral(", 95% CI %1 .. %2").arg(CampaignMetric::format(selection_.metric, v.low),
                                                                         CampaignMetric::format(selection_.metric, v.high))
                                : QStringLiteral(", no CI");
        text += QStringLiteral(", n = %1").arg(v.n);
        if (!v.detail.isEmpty())
            text += QLatin1Char('\n') + v.detail;
        return text;
    }
    default:
        return {};
    }
}

QVariant CampaignHeatmapModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole || !data_ || cells_.isEmpty())
        return QAbstractTableModel::headerData(section, orientation, role);
    if (orientation == Qt::Horizontal)
        return section >= 0 && section < columns_ ? data_->keys()[selection_.xKey].values[section] : QVariant();
    if (section < 0 || section >= rows_)
        return {};
    return selection_.yKey >= 0 ? QVariant(data_->keys()[selection_.yKey].values[yIndex(section)]) : QVariant();
}

}  // namespace spare
