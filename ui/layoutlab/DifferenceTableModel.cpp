#include "ui/layoutlab/DifferenceTableModel.h"

#include <QBrush>
#include <QColor>

#include <algorithm>

namespace spare {

void DifferenceTableModel::setOffsets(const std::vector<int>& offsets, int groups)
{
    beginResetModel();
    groups_ = groups;
    differences_ = offsets.empty() ? std::vector<OffsetDifference>{} : LayoutOverlap::differences(offsets, groups);
    endResetModel();
}

int DifferenceTableModel::repeatedCount() const
{
    return static_cast<int>(std::count_if(differences_.begin(), differences_.end(),
                                          [](const OffsetDifference& d) { return d.sharedAtShift > 1; }));
}

int DifferenceTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(differences_.size());
}

int DifferenceTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant DifferenceTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const OffsetDifference& d = differences_[static_cast<std::size_t>(index.row())];
    const bool repeated = d.sharedAtShift > 1;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case LowColumn: return d.low;
        case HighColumn: return d.high;
        case DifferenceColumn: return d.difference;
        case SharedColumn: return d.sharedAtShift;
        default: return {};
        }
    case Qt::BackgroundRole: return repeated ? QVariant(QBrush(QColor(0xfd, 0xd4, 0x9e))) : QVariant();
    case Qt::ToolTipRole:
        return repeated ? tr("The difference %1 repeats modulo N = %2 (up to sign): groups w and w + %1 share %3 types")
                              .arg(d.difference)
                              .arg(groups_)
                              .arg(d.sharedAtShift)
                        : tr("The difference %1 occurs once: groups w and w + %1 share one type").arg(d.difference);
    default: return {};
    }
}

QVariant DifferenceTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case LowColumn: return tr("o_i");
    case HighColumn: return tr("o_j");
    case DifferenceColumn: return tr("d = o_j - o_i");
    case SharedColumn: return tr("types w, w+d share");
    default: return {};
    }
}

}  // namespace spare
