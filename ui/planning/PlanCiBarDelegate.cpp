#include "ui/planning/PlanCiBarDelegate.h"

#include "ui/charts/ChartPalette.h"
#include "ui/planning/PlanRaceModel.h"

#include <QPainter>

#include <algorithm>

namespace spare {

void PlanCiBarDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    QStyledItemDelegate::paint(painter, option, index);
    const QVariant low = index.data(PlanRaceModel::CiLowRole);
    const QVariant high = index.data(PlanRaceModel::CiHighRole);
    const double scaleLow = index.data(PlanRaceModel::ScaleLowRole).toDouble();
    const double scaleHigh = index.data(PlanRaceModel::ScaleHighRole).toDouble();
    if (!low.isValid() || !high.isValid() || !(scaleHigh > scaleLow))
        return;
    const QRectF area = QRectF(option.rect).adjusted(4.0, 4.0, -4.0, -4.0);
    const auto x = [&](double value) { return area.left() + (value - scaleLow) / (scaleHigh - scaleLow) * area.width(); };
    const bool out = !index.data(PlanRaceModel::AliveRole).toBool();
    const QColor color = out ? QColor(Qt::gray) : ChartPalette::series(0);
    const QRectF bar(QPointF(x(low.toDouble()), area.top() + area.height() * 0.25),
                     QPointF(std::max(x(high.toDouble()), x(low.toDouble()) + 1.0), area.bottom() - area.height() * 0.25));
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setPen(QPen(color, 1.0));
    QColor fill = color;
    fill.setAlpha(index.data(PlanRaceModel::LeaderRole).toBool() ? 160 : 50);
    painter->setBrush(fill);
    painter->drawRect(bar);
    const double mean = x(index.data(PlanRaceModel::MeanRole).toDouble());
    painter->setPen(QPen(color.darker(150), 2.0));
    painter->drawLine(QPointF(mean, area.top()), QPointF(mean, area.bottom()));
    painter->restore();
}

QSize PlanCiBarDelegate::sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    return QStyledItemDelegate::sizeHint(option, index).expandedTo(QSize(220, 20));
}

}  // namespace spare
