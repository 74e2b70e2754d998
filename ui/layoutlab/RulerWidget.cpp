#include "ui/layoutlab/RulerWidget.h"

#include "engine/layout/LayoutOverlap.h"

#include <QMouseEvent>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace spare {
namespace {

constexpr int kMargin = 24;
constexpr int kGrab = 8;  // pixels around a mark that pick it up

}  // namespace

RulerWidget::RulerWidget(QWidget* parent) : QWidget(parent)
{
    setMinimumHeight(80);
    setMouseTracking(false);
    setToolTip(tr("The offsets as marks on a ruler: drag a mark to move it (the layout's properties follow at once)"));
}

void RulerWidget::setRuler(const std::vector<int>& offsets, int groups)
{
    offsets_ = offsets;
    groups_ = groups;
    repeated_.assign(offsets.size(), false);
    for (const OffsetDifference& d : LayoutOverlap::differences(offsets, std::max(groups, 1)))
        if (d.sharedAtShift > 1)
            for (std::size_t i = 0; i < offsets.size(); ++i)
                if (offsets[i] == d.low || offsets[i] == d.high)
                    repeated_[i] = true;
    if (dragging_ < 0) {
        const int largest = offsets.empty() ? 0 : *std::max_element(offsets.begin(), offsets.end());
        span_ = std::clamp(static_cast<int>(std::ceil(largest * 1.25)), std::min(10, groups - 1), std::max(groups - 1, 1));
    }
    update();
}

QSize RulerWidget::sizeHint() const
{
    return {600, 90};
}

double RulerWidget::xOf(int value) const
{
    return kMargin + (width() - 2.0 * kMargin) * value / std::max(span_, 1);
}

int RulerWidget::valueAt(double x) const
{
    const double value = (x - kMargin) / std::max(width() - 2.0 * kMargin, 1.0) * std::max(span_, 1);
    return std::clamp(static_cast<int>(std::lround(value)), 0, std::max(std::min(span_, groups_ - 1), 0));
}

QPoint RulerWidget::markPosition(int index) const
{
    return {static_cast<int>(std::lround(xOf(offsets_[static_cast<std::size_t>(index)]))), lineY()};
}

void RulerWidget::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(rect(), palette().base());
    const int y = lineY();
    p.setPen(QPen(palette().text().color(), 2));
    p.drawLine(QPointF(xOf(0), y), QPointF(xOf(span_), y));
    // Unit ticks when they fit, else every 5th / 10th.
    const double unit = (width() - 2.0 * kMargin) / std::max(span_, 1);
    const int step = unit >= 6 ? 1 : (unit * 5 >= 6 ? 5 : 10 * static_cast<int>(std::ceil(6 / (unit * 10))));
    p.setPen(QPen(palette().mid().color(), 1));
    for (int v = 0; v <= span_; v += step)
        p.drawLine(QPointF(xOf(v), y - 3), QPointF(xOf(v), y + 3));
    p.setPen(palette().text().color());
    p.drawText(QRectF(xOf(span_) - 200, y + 18, 200, 16), Qt::AlignRight,
               span_ >= groups_ - 1 ? tr("%1 = N - 1").arg(span_) : tr("%1 (N = %2)").arg(span_).arg(groups_));
    for (std::size_t i = 0; i < offsets_.size(); ++i) {
        const double x = xOf(offsets_[i]);
        const QColor color = repeated_[i] ? QColor(0xe6, 0x55, 0x0d) : QColor(0x1f, 0x77, 0xb4);
        p.setPen(QPen(color, static_cast<int>(i) == dragging_ ? 5 : 3));
        p.drawLine(QPointF(x, y - 18), QPointF(x, y + 10));
        p.setPen(color);
        p.drawText(QRectF(x - 30, y - 36, 60, 16), Qt::AlignCenter, QString::number(offsets_[i]));
    }
}

void RulerWidget::mousePressEvent(QMouseEvent* event)
{
    dragging_ = -1;
    double best = kGrab + 1;
    for (std::size_t i = 0; i < offsets_.size(); ++i) {
        const double distance = std::abs(event->position().x() - xOf(offsets_[i]));
        if (distance <= kGrab && distance < best) {
            best = distance;
            dragging_ = static_cast<int>(i);
        }
    }
    update();
}

void RulerWidget::mouseMoveEvent(QMouseEvent* event)
{
    if (dragging_ < 0)
        return;
    const int value = valueAt(event->position().x());
    const auto index = static_cast<std::size_t>(dragging_);
    if (value == offsets_[index] || std::find(offsets_.begin(), offsets_.end(), value) != offsets_.end())
        return;
    std::vector<int> moved = offsets_;
    moved[index] = value;
    setRuler(moved, groups_);
    emit offsetsEdited(moved);
}

void RulerWidget::mouseReleaseEvent(QMouseEvent*)
{
    dragging_ = -1;
    setRuler(offsets_, groups_);
}

}  // namespace spare
