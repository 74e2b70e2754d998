#pragma once

#include <QStyledItemDelegate>

namespace spare {

// Draws a race row's 95% interval as a bar with a tick at the mean, on its policy's scale
// (PlanRaceModel's roles); the leader's bar is filled, the others outlined, eliminated ones grey.
class PlanCiBarDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;
};

}  // namespace spare
