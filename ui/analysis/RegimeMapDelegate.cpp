#include "ui/analysis/RegimeMapDelegate.h"

#include "ui/analysis/RegimeMapModel.h"

#include <QPainter>

namespace spare {

void RegimeMapDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    QStyledItemDelegate::paint(painter, option, index);
    const QVariant separable = index.data(RegimeMapModel::kSeparableRole);
    if (separable.isValid() && !separable.toBool())
        painter->fillRect(option.rect, QBrush(QColor(0, 0, 0, 70), Qt::BDiagPattern));
}

}  // namespace spare
