#include "ui/analysis/RegimeMapModel.h"

#include "ui/charts/ChartPalette.h"

#include <algorithm>

namespace spare {

void RegimeMapModel::setMap(const RegimeMap& map)
{
    beginResetModel();
    map_ = map;
    endResetModel();
}

int RegimeMapModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(map_.options.y.values.size());
}

int RegimeMapModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(map_.options.x.values.size());
}

std::optional<std::pair<std::size_t, std::size_t>> RegimeMapModel::cellAt(const QModelIndex& index) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount())
        return std::nullopt;
    const auto ix = static_cast<std::size_t>(index.column());
    const auto iy = map_.options.y.values.size() - 1 - static_cast<std::size_t>(index.row());
    if (iy * map_.options.x.values.size() + ix >= map_.cells.size())
        return std::nullopt;
    return std::make_pair(ix, iy);
}

const RegimeCell* RegimeMapModel::cell(const QModelIndex& index) const
{
    const auto at = cellAt(index);
    return at ? &map_.cells[at->second * map_.options.x.values.size() + at->first] : nullptr;
}

QColor RegimeMapModel::contenderColour(std::size_t contender)
{
    return ChartPalette::series(static_cast<int>(contender % static_cast<std::size_t>(ChartPalette::seriesCount())));
}

QString RegimeMapModel::toolTip(const RegimeCell& cell) const
{
    const RegimeMapOptions& o = map_.options;
    QString text = tr("%1 = %2, %3 = %4")
                       .arg(QString::fromStdString(o.x.key)).arg(cell.x)
                       .arg(QString::fromStdString(o.y.key)).arg(cell.y);
    for (std::size_t c = 0; c < o.contenders.size(); ++c) {
        text += tr("\n%1%2: TTT/T0 %3 \u00b1 %4")
                    .arg(static_cast<int>(c) == cell.winner ? QStringLiteral("\u25b6 ") : QStringLiteral("   "))
                    .arg(QString::fromStdString(o.contenders[c].name))
                    .arg(cell.meanRatio[c], 0, 'f', 3)
                    .arg(cell.halfWidth[c], 0, 'f', 3);
        if (cell.unfinished[c] > 0)
            text += tr(" (%1 runs unfinished at %2 x T0)").arg(cell.unfinished[c]).arg(o.maxTttRatio);
    }
    text += cell.separable ? tr("\nmargin %1 %, separable at 95 %").arg(100.0 * cell.margin, 0, 'f', 1)
                           : tr("\nmargin %1 %: the top two cannot be separated at 95 % over %2 seeds")
                                 .arg(100.0 * cell.margin, 0, 'f', 1)
                                 .arg(o.seeds);
    return text;
}

QVariant RegimeMapModel::data(const QModelIndex& index, int role) const
{
    const RegimeCell* c = cell(index);
    if (!c || c->winner < 0)
        return {};
    const auto winner = static_cast<std::size_t>(c->winner);
    switch (role) {
    case Qt::DisplayRole:
        return QString::fromStdString(map_.options.contenders[winner].name);
    case Qt::BackgroundRole: {
        const double strength = std::clamp(c->margin / kFullColourMargin, 0.15, 1.0);
        const QColor full = contenderColour(winner);
        return QColor::fromRgbF(static_cast<float>(1.0 - strength * (1.0 - full.redF())),
                                static_cast<float>(1.0 - strength * (1.0 - full.greenF())),
                                static_cast<float>(1.0 - strength * (1.0 - full.blueF())));
    }
    case Qt::ToolTipRole:
        return toolTip(*c);
    case Qt::TextAlignmentRole:
        return Qt::AlignCenter;
    case kSeparableRole:
        return c->separable;
    default:
        return {};
    }
}

QVariant RegimeMapModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole || section < 0)
        return {};
    const RegimeMapOptions& o = map_.options;
    if (orientation == Qt::Horizontal)
        return static_cast<std::size_t>(section) < o.x.values.size()
                   ? QVariant(QString::number(o.x.values[static_cast<std::size_t>(section)], 'g', 6))
                   : QVariant();
    const std::size_t n = o.y.values.size();
    return static_cast<std::size_t>(section) < n ? QVariant(QString::number(o.y.values[n - 1 - static_cast<std::size_t>(section)], 'g', 6))
                                                 : QVariant();
}

}  // namespace spare
