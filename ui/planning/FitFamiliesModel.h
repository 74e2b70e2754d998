#pragma once

#include "engine/planning/FailureLogFits.h"

#include <QAbstractTableModel>

#include <memory>

namespace spare {

// One row per lifetime family of a fit: parameters and MTBF with their 95% intervals, AIC and delta,
// the KS and AD statistics with their bootstrap p-values, and the AIC winner marked (bold, "winner").
class FitFamiliesModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Family, Parameters, Mtbf, Aic, DeltaAic, Ks, Ad, Winner, ColumnCount };

    using QAbstractTableModel::QAbstractTableModel;

    void setFits(std::shared_ptr<const FailureLogFits> fits);
    // The row of the AIC winner, -1 without a fit.
    int winnerRow() const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const FailureLogFits> fits_;
};

}  // namespace spare
