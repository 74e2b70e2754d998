#include "ui/tour/TourOverlay.h"

#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QPainter>
#include <QPainterPath>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace spare {

TourOverlay::TourOverlay(QWidget* window) : QWidget(window)
{
    setAttribute(Qt::WA_NoSystemBackground);
    setFocusPolicy(Qt::StrongFocus);
    setGeometry(window->rect());
    window->installEventFilter(this);

    card_ = new QWidget(this);
    card_->setObjectName(QStringLiteral("tourCard"));
    card_->setStyleSheet(QStringLiteral("#tourCard { background: #fffbe6; border: 2px solid #c08000; border-radius: 8px; }"
                                        "QLabel { color: #202020; }"));
    auto* layout = new QVBoxLayout(card_);
    title_ = new QLabel(card_);
    updateTitleFont();
    caption_ = new QLabel(card_);
    caption_->setWordWrap(true);
    caption_->setTextFormat(Qt::RichText);
    counter_ = new QLabel(card_);
    previous_ = new QPushButton(tr("Previous"), card_);
    next_ = new QPushButton(tr("Next"), card_);
    auto* close = new QPushButton(tr("End tour"), card_);
    for (QPushButton* button : {previous_, next_, close})
        button->setFocusPolicy(Qt::NoFocus);  // keys stay with the overlay
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(counter_);
    buttons->addStretch();
    buttons->addWidget(previous_);
    buttons->addWidget(next_);
    buttons->addWidget(close);
    layout->addWidget(title_);
    layout->addWidget(caption_);
    layout->addLayout(buttons);
    connect(previous_, &QPushButton::clicked, this, &TourOverlay::previousRequested);
    connect(next_, &QPushButton::clicked, this, &TourOverlay::nextRequested);
    connect(close, &QPushButton::clicked, this, &TourOverlay::closeRequested);
}

void TourOverlay::showStep(int index, int count, const QString& title, const QString& captionHtml, QWidget* target,
                           FocusFunction focus)
{
    title_->setText(title);
    caption_->setText(captionHtml);
    counter_->setText(tr("%1 / %2").arg(index + 1).arg(count));
    previous_->setEnabled(index > 0);
    next_->setText(index + 1 < count ? tr("Next") : tr("Finish"));
    if (target_)
        target_->removeEventFilter(this);
    target_ = target;
    focus_ = std::move(focus);
    if (target_)
        target_->installEventFilter(this);
    placeCard();
    raise();
    show();
    setFocus();
    update();
}

QString TourOverlay::captionText() const
{
    return caption_->text();
}

QFont TourOverlay::captionFont() const
{
    return caption_->font();
}

void TourOverlay::updateTitleFont()
{
    QFont titleFont = font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.3);
    title_->setFont(titleFont);
}

QRect TourOverlay::cardGeometry() const
{
    return card_->geometry();
}

QRect TourOverlay::targetRect() const
{
    if (!target_ || !target_->isVisible())
        return {};
    return {target_->mapTo(parentWidget(), QPoint(0, 0)), target_->size()};
}

QRectF TourOverlay::focusRect() const
{
    const QRect target = targetRect();
    const QRect focus = focus_ && target.isValid() ? focus_() : QRect();
    return focus.isNull() ? QRectF(target) : QRectF(focus.translated(target.topLeft()));
}

void TourOverlay::placeCard()
{
    // About 50 characters a line in the card's font, at most half the window.
    const int width = std::min(fontMetrics().averageCharWidth() * 50, this->width() / 2);
    card_->setFixedWidth(width);
    card_->adjustSize();
    const QSize size = card_->size();
    const QRect target = targetRect();
    placedFocus_ = focusRect();
    const int margin = 16;
    const QRect room = rect().adjusted(margin, margin, -margin, -margin);
    auto fitted = [&](int x, int y) {
        return QRect(QPoint(std::clamp(x, room.left(), std::max(room.left(), room.right() - size.width())),
                            std::clamp(y, room.top(), std::max(room.top(), room.bottom() - size.height()))),
                     size);
    };
    update();
    if (!target.isValid()) {
        card_->move(fitted(room.right(), room.bottom()).topLeft());
        return;
    }
    const QPoint aim = placedFocus_.center().toPoint();
    // Beside the target, then above, then below, then the window's corners: the first that covers
    // the least of the target, and never the focus.
    const QRect candidates[] = {
        fitted(target.right() + margin, aim.y() - size.height() / 2),
        fitted(target.left() - margin - size.width(), aim.y() - size.height() / 2),
        fitted(aim.x() - size.width() / 2, target.top() - margin - size.height()),
        fitted(aim.x() - size.width() / 2, target.bottom() + margin),
        fitted(room.right(), room.bottom()), fitted(room.left(), room.bottom()),
        fitted(room.right(), room.top()), fitted(room.left(), room.top())};
    auto covered = [&](const QRect& card) {
        const QRect over = card.intersected(target);
        const double area = over.isEmpty() ? 0.0 : static_cast<double>(over.width()) * over.height();
        return QRectF(card).intersects(placedFocus_) ? area + 1e12 : area;
    };
    const QRect* best = std::min_element(std::begin(candidates), std::end(candidates),
                                         [&](const QRect& a, const QRect& b) { return covered(a) < covered(b); });
    card_->move(best->topLeft());
}

QPointF TourOverlay::arrowStart() const
{
    // The point of the card nearest the focus.
    const QRectF card = card_->geometry();
    const QPointF aim = focusRect().center();
    return {std::clamp(aim.x(), card.left(), card.right()), std::clamp(aim.y(), card.top(), card.bottom())};
}

QPointF TourOverlay::arrowTip() const
{
    // Inside the focus, a quarter of its smaller side short of the centre (the cell's number stays
    // readable).
    const QRectF focus = focusRect();
    const QPointF direction = focus.center() - arrowStart();
    const double length = std::hypot(direction.x(), direction.y());
    if (length < 1.0)
        return focus.center();
    return focus.center() - direction * (std::min(focus.width(), focus.height()) / 4.0 / length);
}

void TourOverlay::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::FontChange) {
        updateTitleFont();
        placeCard();
    }
    QWidget::changeEvent(event);
}

bool TourOverlay::eventFilter(QObject* watched, QEvent* event)
{
    const bool windowResized = watched == parentWidget() && event->type() == QEvent::Resize;
    if (windowResized)
        setGeometry(parentWidget()->rect());
    const bool targetMoved = watched == target_ && (event->type() == QEvent::Resize || event->type() == QEvent::Move);
    if (windowResized || targetMoved)
        placeCard();
    return QWidget::eventFilter(watched, event);
}

void TourOverlay::keyPressEvent(QKeyEvent* event)
{
    switch (event->key()) {
    case Qt::Key_PageDown:
    case Qt::Key_Right:
    case Qt::Key_Down:
    case Qt::Key_Space:
        emit nextRequested();
        return;
    case Qt::Key_PageUp:
    case Qt::Key_Left:
    case Qt::Key_Up:
    case Qt::Key_Backspace:
        emit previousRequested();
        return;
    case Qt::Key_Escape:
        emit closeRequested();
        return;
    default:
        QWidget::keyPressEvent(event);
    }
}

void TourOverlay::paintEvent(QPaintEvent*)
{
    if (!target_ || !target_->isVisible())
        return;
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QRectF focus = focusRect();
    if (focus != placedFocus_)  // the run reached the step's state after the card was placed
        QMetaObject::invokeMethod(this, &TourOverlay::placeCard, Qt::QueuedConnection);
    const QColor accent(0xc0, 0x80, 0x00);
    painter.setPen(QPen(accent, 4, Qt::DashLine));
    painter.setBrush(Qt::NoBrush);
    painter.drawRoundedRect(targetRect().adjusted(4, 4, -4, -4), 8, 8);
    if (focus != QRectF(targetRect())) {
        painter.setPen(QPen(accent, 4));
        painter.drawRect(focus.adjusted(-3, -3, 3, 3));
    }

    const QPointF from = arrowStart();
    const QPointF to = arrowTip();
    painter.setPen(QPen(accent, 5, Qt::SolidLine, Qt::RoundCap));
    painter.drawLine(from, to);
    const double angle = std::atan2(to.y() - from.y(), to.x() - from.x());
    const double head = 22.0;
    QPainterPath arrowHead;
    arrowHead.moveTo(to);
    arrowHead.lineTo(to - QPointF(head * std::cos(angle - 0.45), head * std::sin(angle - 0.45)));
    arrowHead.lineTo(to - QPointF(head * std::cos(angle + 0.45), head * std::sin(angle + 0.45)));
    arrowHead.closeSubpath();
    painter.setPen(Qt::NoPen);
    painter.setBrush(accent);
    painter.drawPath(arrowHead);
}

}  // namespace spare
