#include "ui/planning/PlanRaceModel.h"

#include <QColor>
#include <QFont>

#include <algorithm>
#include <limits>

namespace spare {

void PlanRaceModel::reset(const PlanResult& result)
{
    beginResetModel();
    result_ = result;
    rows_.clear();
    scales_.clear();
    for (std::size_t p = 0; p < result_.policies.size(); ++p) {
        for (std::size_t i = 0; i < result_.policies[p].candidates.size(); ++i)
            rows_.append({static_cast<int>(p), static_cast<int>(i)});
        scales_.append({std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity()});
    }
    widenScales();
    endResetModel();
}

void PlanRaceModel::update(const PlanResult& result)
{
    const bool sameShape = result.policies.size() == result_.policies.size() &&
                           std::equal(result.policies.begin(), result.policies.end(), result_.policies.begin(),
                                      [](const auto& a, const auto& b) { return a.candidates.size() == b.candidates.size(); });
    if (!sameShape) {
        reset(result);
        return;
    }
    result_ = result;
    widenScales();
    if (!rows_.isEmpty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

// The first stage sets each scale; later rounds only widen it, so a narrowing interval shows as a
// shorter bar.
void PlanRaceModel::widenScales()
{
    for (std::size_t p = 0; p < result_.policies.size(); ++p) {
        auto& [lo, hi] = scales_[static_cast<qsizetype>(p)];
        for (const PlanCandidateState& c : result_.policies[p].candidates) {
            if (c.observations < 2)
                continue;
            lo = std::min(lo, c.mean - c.halfWidth);
            hi = std::max(hi, c.mean + c.halfWidth);
        }
    }
}

int PlanRaceModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : static_cast<int>(rows_.size()); }

int PlanRaceModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant PlanRaceModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rows_.size())
        return {};
    const auto [p, i] = rows_[index.row()];
    const PlanPolicyResult& policy = result_.policies[static_cast<std::size_t>(p)];
    const PlanCandidateState& c = policy.candidates[static_cast<std::size_t>(i)];
    const bool leader = i == policy.selected;
    const bool measured = c.observations >= 2;
    switch (role) {
    case CiLowRole: return measured ? QVariant(c.mean - c.halfWidth) : QVariant();
    case CiHighRole: return measured ? QVariant(c.mean + c.halfWidth) : QVariant();
    case MeanRole: return measured ? QVariant(c.mean) : QVariant();
    case ScaleLowRole: return scales_[p].first;
    case ScaleHighRole: return scales_[p].second;
    case LeaderRole: return leader && c.alive;
    case AliveRole: return c.alive;
    case Qt::FontRole:
        if (leader && policy.done) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    case Qt::ForegroundRole: return c.alive ? QVariant() : QVariant(QColor(Qt::gray));
    case Qt::TextAlignmentRole:
        return index.column() >= Redundancy && index.column() <= HalfWidth ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                                                                            : QVariant();
    case Qt::DisplayRole: break;
    default: return {};
    }
    switch (index.column()) {
    case PolicyColumn: return QString::fromLatin1(policyDisplayName(c.candidate.policy));
    case Redundancy: return c.candidate.redundancy;
    case Interval: return QString::fromStdString(checkpointIntervalText(c.candidate.checkpointIntervalSteps));
    case Replicates: return c.observations;
    case Mean: return measured ? QString::number(c.mean, 'f', 4) : QString();
    case HalfWidth: return measured ? QStringLiteral("+- %1").arg(c.halfWidth, 0, 'f', 4) : QString();
    case Status:
        if (!c.alive)
            return tr("out");
        if (leader && policy.done)
            return tr("chosen");
        return leader && measured ? tr("in (leading)") : tr("in");
    case EliminatedAt: return c.eliminatedAt >= 0 ? tr("replicate %1").arg(c.eliminatedAt) : QString();
    default: return {};
    }
}

QVariant PlanRaceModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole || orientation != Qt::Horizontal)
        return {};
    switch (section) {
    case PolicyColumn: return tr("Policy");
    case Redundancy: return tr("r");
    case Interval: return tr("T_c (steps)");
    case Replicates: return tr("Replicates");
    case Mean: return tr("Mean TTT/T0");
    case HalfWidth: return tr("95% half-width");
    case CiBar: return tr("95% interval");
    case Status: return tr("In / out");
    case EliminatedAt: return tr("Eliminated at");
    default: return {};
    }
}

}  // namespace spare
