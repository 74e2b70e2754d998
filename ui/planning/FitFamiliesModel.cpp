#include "ui/planning/FitFamiliesModel.h"

#include "ui/planning/PlanText.h"

#include <QFont>

namespace spare {

void FitFamiliesModel::setFits(std::shared_ptr<const FailureLogFits> fits)
{
    beginResetModel();
    fits_ = std::move(fits);
    endResetModel();
}

int FitFamiliesModel::winnerRow() const { return fits_ ? static_cast<int>(fits_->best) : -1; }

int FitFamiliesModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !fits_ ? 0 : static_cast<int>(fits_->families.size());
}

int FitFamiliesModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant FitFamiliesModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || !fits_)
        return {};
    const FamilyFit& f = fits_->families[static_cast<std::size_t>(index.row())];
    const bool winner = index.row() == winnerRow();
    if (role == Qt::FontRole && winner) {
        QFont bold;
        bold.setBold(true);
        return bold;
    }
    if (role == Qt::TextAlignmentRole && index.column() >= Aic && index.column() <= Ad)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && index.column() == Family && !f.fit.converged)
        return tr("The likelihood has no interior maximum or the solver stopped: read this fit with care");
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Family:
        return QString::fromLatin1(lifetimeFamilyName(f.fit.distribution.family)) +
               (f.fit.converged ? QString() : tr(" (not converged)"));
    case Parameters: {
        QStringList parts;
        for (const ParameterEstimate& p : f.fit.parameters)
            parts.append(QStringLiteral("%1 %2").arg(QString::fromStdString(p.name),
                                                      PlanText::estimate(p, p.name.ends_with("_s"))));
        return parts.join(QStringLiteral("; "));
    }
    case Mtbf: return PlanText::estimate(f.fit.mtbf, true);
    case Aic: return QString::number(f.fit.aic, 'f', 1);
    case DeltaAic: return QString::number(f.deltaAic, 'f', 1);
    case Ks: return QStringLiteral("%1 (p %2)").arg(QString::number(f.goodness.ks, 'f', 4), PlanText::pValue(f.goodness.ksPValue));
    case Ad: return QStringLiteral("%1 (p %2)").arg(QString::number(f.goodness.ad, 'f', 3), PlanText::pValue(f.goodness.adPValue));
    case Winner: return winner ? tr("winner") : QString();
    default: return {};
    }
}

QVariant FitFamiliesModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole || orientation != Qt::Horizontal)
        return {};
    switch (section) {
    case Family: return tr("Family");
    case Parameters: return tr("Parameters (95% interval)");
    case Mtbf: return tr("MTBF (95% interval)");
    case Aic: return tr("AIC");
    case DeltaAic: return tr("delta AIC");
    case Ks: return tr("KS (bootstrap p)");
    case Ad: return tr("AD (bootstrap p)");
    case Winner: return tr("Lowest AIC");
    default: return {};
    }
}

}  // namespace spare
