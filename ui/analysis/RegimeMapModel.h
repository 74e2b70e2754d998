#pragma once

#include "engine/planning/RegimeMap.h"

#include <QAbstractTableModel>
#include <QColor>

#include <optional>
#include <utility>

namespace spare {

// A regime map as a table: a column per x value, a row per y value (the highest on top). Each cell shows
// its winner's letter on the winner's colour, lighter where the margin to the runner-up is small; its
// tooltip has every contender's TTT/T0 +- the 95% half width. kSeparableRole: whether the top two are
// separable (the page hatches the cells where they are not).
class RegimeMapModel : public QAbstractTableModel {
    Q_OBJECT
public:
    static constexpr int kSeparableRole = Qt::UserRole + 1;
    // Margins at or above this get the full colour; smaller ones fade towards white.
    static constexpr double kFullColourMargin = 0.2;

    using QAbstractTableModel::QAbstractTableModel;

    void setMap(const RegimeMap& map);
    const RegimeMap& map() const { return map_; }
    // (ix, iy) of a table index; nullopt when the cell was not computed.
    std::optional<std::pair<std::size_t, std::size_t>> cellAt(const QModelIndex& index) const;
    static QColor contenderColour(std::size_t contender);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    const RegimeCell* cell(const QModelIndex& index) const;
    QString toolTip(const RegimeCell& cell) const;

    RegimeMap map_;
};

}  // namespace spare
