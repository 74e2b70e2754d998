#include "tour/TourOverlay.h"

#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QPainter>
#include <QPainterPath>
#include <QPushButton>
#include <QVBoxLayout>

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
    QFont titleFont = title_->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.3);
    title_->setFont(titleFont);
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

void TourOverlay::showStep(int index, int count, const QString& title, const QString& captionHtml, QWidget* target)
{
    title_->setText(title);
    caption_->setText(captionHtml);
    counter_->setText(tr("%1 / %2").arg(index + 1).arg(count));
    previous_->setEnabled(index > 0);
    next_->setText(index + 1 < count ? tr("Next") : tr("Finish"));
    target_ = target;
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

void TourOverlay::placeCard()
{
    const int width = std::min(560, std::max(320, this->width() / 3));
    card_->setFixedWidth(width);
    card_->adjustSize();
    // Bottom-right, out of the way of the views the arrow points at.
    card_->move(this->width() - card_->width() - 24, this->height() - card_->height() - 24);
}

bool TourOverlay::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == parentWidget() && event->type() == QEvent::Resize) {
        setGeometry(parentWidget()->rect());
        placeCard();
    }
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
    const QRect targetRect(target_->mapTo(parentWidget(), QPoint(0, 0)), target_->size());
    const QColor accent(0xc0, 0x80, 0x00);
    painter.setPen(QPen(accent, 4, Qt::DashLine));
    painter.setBrush(Qt::NoBrush);
    painter.drawRoundedRect(targetRect.adjusted(4, 4, -4, -4), 8, 8);

    const QPointF from(card_->geometry().left(), card_->geometry().center().y());
    const QPointF to = targetRect.center();
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
