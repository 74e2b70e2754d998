#include "ui/planning/FailureLogPreviewModel.h"

namespace spare {

void FailureLogPreviewModel::setPreview(std::shared_ptr<const FailureLogPreview> preview)
{
    beginResetModel();
    preview_ = std::move(preview);
    endResetModel();
}

int FailureLogPreviewModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !preview_ ? 0 : static_cast<int>(preview_->rows.size());
}

int FailureLogPreviewModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() || !preview_ ? 0 : static_cast<int>(preview_->columns.size());
}

QVariant FailureLogPreviewModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || !preview_ || (role != Qt::DisplayRole && role != Qt::ToolTipRole))
        return {};
    const auto& row = preview_->rows[static_cast<std::size_t>(index.row())];
    const auto column = static_cast<std::size_t>(index.column());
    return column < row.size() ? QString::fromStdString(row[column]) : QString();
}

QVariant FailureLogPreviewModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole || !preview_ || section < 0)
        return {};
    const auto i = static_cast<std::size_t>(section);
    if (orientation == Qt::Horizontal)
        return i < preview_->columns.size() ? QString::fromStdString(preview_->columns[i]) : QVariant();
    return i < preview_->rowLines.size() ? QVariant(tr("line %1").arg(preview_->rowLines[i])) : QVariant();
}

}  // namespace spare
