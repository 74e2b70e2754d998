#pragma once

#include "engine/planning/ConfigurationPlanner.h"

#include <QAbstractTableModel>
#include <QVector>

namespace spare {

// The planner's race as a table, one row per candidate of every policy: r, T_c, replicates, mean
// TTT/T0 with its 95% interval, in or out and when it went out. Updated after every round; the CI
// column's bar (PlanCiBarDelegate) uses one scale per policy, fixed by the first stage, so intervals
// visibly narrow as replicates come in.
class PlanRaceModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { PolicyColumn, Redundancy, Interval, Replicates, Mean, HalfWidth, CiBar, Status, EliminatedAt, ColumnCount };
    enum Role { CiLowRole = Qt::UserRole + 1, CiHighRole, MeanRole, ScaleLowRole, ScaleHighRole, LeaderRole, AliveRole };

    using QAbstractTableModel::QAbstractTableModel;

    // A new race: rows follow `result`, the scales start again.
    void reset(const PlanResult& result);
    // The next round of the same race.
    void update(const PlanResult& result);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    void widenScales();

    PlanResult result_;
    QVector<std::pair<int, int>> rows_;         // (policy, candidate)
    QVector<std::pair<double, double>> scales_;  // per policy; empty range until a candidate has replicates
};

}  // namespace spare
