#include "ui/layoutlab/LayoutComparisonModel.h"

#include "ui/layoutlab/LayoutLab.h"

#include <QBrush>
#include <QColor>

namespace spare {
namespace {

QString interval(const ConfidenceInterval& ci, int decimals)
{
    return QStringLiteral("[%1, %2]").arg(ci.low, 0, 'f', decimals).arg(ci.high, 0, 'f', decimals);
}

}  // namespace

LayoutComparisonModel::LayoutComparisonModel(LayoutLab* lab, QObject* parent) : QAbstractTableModel(parent), lab_(lab)
{
    connect(lab_, &LayoutLab::candidatesChanged, this, [this] {
        beginResetModel();
        endResetModel();
    });
    connect(lab_, &LayoutLab::candidateRefined, this,
            [this](int row) { emit dataChanged(index(row, 0), index(row, ColumnCount - 1)); });
}

int LayoutComparisonModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(lab_->candidates().size());
}

int LayoutComparisonModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant LayoutComparisonModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const LayoutCandidate& c = lab_->candidates()[index.row()];
    const LayoutFigures& f = c.figures;
    if (role == Qt::BackgroundRole && index.column() == IndependentColumn && !c.independent())
        return QBrush(QColor(0xf8, 0xd0, 0xc8));
    if (role == Qt::ToolTipRole) {
        if (index.column() == MuColumn && !f.mu)
            return tr("Not independent: the closed-form mu does not hold; waiting for the Monte-Carlo");
        if (index.column() == MuColumn)
            return tr("mu from: %1").arg(f.muSource);
        if (index.column() == SbarColumn && !f.sbar)
            return tr("The Monte-Carlo is running");
        return {};
    }
    if (role != Qt::DisplayRole)
        return {};
    const QString pending = QStringLiteral("...");
    switch (index.column()) {
    case LayoutColumn: return c.name;
    case IndependentColumn: return c.independent() ? tr("yes") : tr("no");
    case MaxOverlapColumn: return c.maxOverlap();
    case PairsColumn: return QString::number(c.pairsSharingSeveral());
    case MuColumn:
        return f.mu ? QStringLiteral("%1 (%2)").arg(*f.mu, 0, 'f', 1).arg(f.muSource) : pending;
    case MuCiColumn: return f.mu && f.muSource == QLatin1String("Monte-Carlo") ? interval(f.muCi, 1) : QString();
    case SbarColumn: return f.sbar ? QString::number(*f.sbar, 'f', 3) : pending;
    case SbarCiColumn: return f.sbar ? interval(f.sbarCi, 3) : QString();
    case SbarBoundColumn: return f.sbarBound ? QString::number(*f.sbarBound, 'f', 3) : pending;
    case TttColumn: return f.tttRatio ? QString::number(*f.tttRatio, 'f', 3) : pending;
    default: return {};
    }
}

QVariant LayoutComparisonModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case LayoutColumn: return tr("Layout");
    case IndependentColumn: return tr("Independent");
    case MaxOverlapColumn: return tr("Max overlap");
    case PairsColumn: return tr("Pairs sharing >= 2");
    case MuColumn: return tr("mu");
    case MuCiColumn: return tr("mu 95% CI");
    case SbarColumn: return tr("S_bar");
    case SbarCiColumn: return tr("S_bar 95% CI");
    case SbarBoundColumn: return tr("S_bar lower bound");
    case TttColumn: return tr("TTT/T0 (model)");
    default: return {};
    }
}

}  // namespace spare
