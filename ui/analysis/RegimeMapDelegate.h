#pragma once

#include <QStyledItemDelegate>

namespace spare {

// Draws a regime map cell as usual, then hatches it where the top two contenders cannot be separated
// (RegimeMapModel::kSeparableRole false).
class RegimeMapDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
};

}  // namespace spare
