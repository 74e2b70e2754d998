#pragma once

#include <QAbstractTableModel>

namespace spare {

class LayoutLab;

// The lab's layouts side by side, one row each: independence, overlap, mu and S_bar with their 95%
// intervals, the S_bar lower bound and the model TTT/T0. Follows the LayoutLab's signals.
class LayoutComparisonModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        LayoutColumn,
        IndependentColumn,
        MaxOverlapColumn,
        PairsColumn,
        MuColumn,
        MuCiColumn,
        SbarColumn,
        SbarCiColumn,
        SbarBoundColumn,
        TttColumn,
        ColumnCount
    };

    explicit LayoutComparisonModel(LayoutLab* lab, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    LayoutLab* lab_;
};

}  // namespace spare
