#pragma once

#include "engine/layout/LayoutOverlap.h"

#include <QAbstractTableModel>

#include <vector>

namespace spare {

// The pairwise differences of a cyclic layout's offsets, one row per pair: o_i, o_j, o_j - o_i and
// how many types groups w and w + (o_j - o_i) share. Rows whose difference repeats (mod N, up to sign)
// are highlighted: those are the pairs of groups sharing more than one type.
class DifferenceTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { LowColumn, HighColumn, DifferenceColumn, SharedColumn, ColumnCount };

    using QAbstractTableModel::QAbstractTableModel;

    void setOffsets(const std::vector<int>& offsets, int groups);
    const std::vector<OffsetDifference>& differences() const { return differences_; }
    int repeatedCount() const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<OffsetDifference> differences_;
    int groups_ = 0;
};

}  // namespace spare
