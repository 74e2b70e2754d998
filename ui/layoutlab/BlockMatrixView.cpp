#include "ui/layoutlab/BlockMatrixView.h"

#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace spare {
namespace {

constexpr int kCaption = 20;
constexpr int kMinCells = 4;

}  // namespace

BlockMatrixView::BlockMatrixView(QWidget* parent) : QWidget(parent)
{
    setMouseTracking(true);
    setMinimumSize(200, 160);
}

void BlockMatrixView::setMatrix(Source source, int size, QVector<QColor> levelColors, QStringList levelNames,
                                const QString& rowName, const QString& columnName)
{
    source_ = std::move(source);
    if (size != size_)
        window_ = {0, size, 0, size};
    size_ = size;
    levelColors_ = std::move(levelColors);
    levelNames_ = std::move(levelNames);
    rowName_ = rowName;
    columnName_ = columnName;
    refresh();
}

QRect BlockMatrixView::plotRect() const
{
    const int side = std::max(1, std::min(width(), height() - kCaption));
    return {(width() - side) / 2, kCaption, side, side};
}

void BlockMatrixView::refresh()
{
    stale_ = true;
    update();
}

void BlockMatrixView::ensureImage() const
{
    if (!stale_)
        return;
    stale_ = false;
    const QRect plot = plotRect();
    if (!source_ || size_ <= 0) {
        image_ = QImage();
        return;
    }
    const int rows = std::min(window_.rows, plot.height());
    const int columns = std::min(window_.columns, plot.width());
    blocks_ = source_(window_, rows, columns);
    image_ = QImage(columns, rows, QImage::Format_RGB32);
    for (int i = 0; i < rows; ++i)
        for (int j = 0; j < columns; ++j)
            image_.setPixelColor(j, i, levelColors_.value(blocks_[static_cast<std::size_t>(i * columns + j)], Qt::black));
}

void BlockMatrixView::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.fillRect(rect(), palette().window());
    ensureImage();
    const QRect plot = plotRect();
    const bool aggregated = window_.rows > plot.height() || window_.columns > plot.width();
    p.setPen(palette().text().color());
    p.drawText(QRect(0, 0, width(), kCaption), Qt::AlignCenter,
               tr("%1 %2-%3 x %4 %5-%6%7")
                   .arg(rowName_)
                   .arg(window_.firstRow)
                   .arg(window_.firstRow + window_.rows - 1)
                   .arg(columnName_)
                   .arg(window_.firstColumn)
                   .arg(window_.firstColumn + window_.columns - 1)
                   .arg(aggregated ? tr(" (max per block)") : QString()));
    if (!image_.isNull())
        p.drawImage(plot, image_);  // no smoothing: crisp cells
    p.setPen(palette().mid().color());
    p.drawRect(plot.adjusted(0, 0, -1, -1));
}

void BlockMatrixView::resizeEvent(QResizeEvent*)
{
    refresh();
}

QPointF BlockMatrixView::cellAt(QPointF position) const
{
    const QRect plot = plotRect();
    return {window_.firstColumn + (position.x() - plot.left()) / plot.width() * window_.columns,
            window_.firstRow + (position.y() - plot.top()) / plot.height() * window_.rows};
}

void BlockMatrixView::zoomAt(QPointF position, double factor)
{
    if (size_ <= 0)
        return;
    const QPointF centre = cellAt(position);
    const auto zoomed = [&](int first, int count, double at) {
        const int wanted = std::clamp(static_cast<int>(std::lround(count * factor)), std::min(kMinCells, size_), size_);
        const double share = (at - first) / count;
        const int start = static_cast<int>(std::lround(at - share * wanted));
        return std::pair{std::clamp(start, 0, size_ - wanted), wanted};
    };
    std::tie(window_.firstRow, window_.rows) = zoomed(window_.firstRow, window_.rows, centre.y());
    std::tie(window_.firstColumn, window_.columns) = zoomed(window_.firstColumn, window_.columns, centre.x());
    refresh();
}

void BlockMatrixView::fit()
{
    window_ = {0, size_, 0, size_};
    refresh();
}

int BlockMatrixView::valueAt(QPointF position) const
{
    ensureImage();
    const QRect plot = plotRect();
    if (image_.isNull() || !plot.contains(position.toPoint()))
        return -1;
    const int j = std::min(image_.width() - 1, static_cast<int>((position.x() - plot.left()) * image_.width() / plot.width()));
    const int i = std::min(image_.height() - 1, static_cast<int>((position.y() - plot.top()) * image_.height() / plot.height()));
    return blocks_[static_cast<std::size_t>(i * image_.width() + j)];
}

QString BlockMatrixView::describe(QPointF position) const
{
    const int value = valueAt(position);
    if (value < 0)
        return {};
    const QPointF cell = cellAt(position);
    return tr("%1 %2, %3 %4: %5")
        .arg(rowName_)
        .arg(static_cast<int>(cell.y()))
        .arg(columnName_)
        .arg(static_cast<int>(cell.x()))
        .arg(levelNames_.value(value, QString::number(value)));
}

void BlockMatrixView::wheelEvent(QWheelEvent* event)
{
    zoomAt(event->position(), event->angleDelta().y() > 0 ? 0.5 : 2.0);
    event->accept();
}

void BlockMatrixView::mousePressEvent(QMouseEvent* event)
{
    dragFrom_ = event->position();
    dragWindow_ = window_;
}

void BlockMatrixView::mouseMoveEvent(QMouseEvent* event)
{
    if (event->buttons() & Qt::LeftButton) {
        const QRect plot = plotRect();
        const QPointF delta = event->position() - dragFrom_;
        window_.firstColumn = std::clamp(dragWindow_.firstColumn - static_cast<int>(delta.x() / plot.width() * window_.columns),
                                         0, size_ - window_.columns);
        window_.firstRow = std::clamp(dragWindow_.firstRow - static_cast<int>(delta.y() / plot.height() * window_.rows), 0,
                                      size_ - window_.rows);
        refresh();
        return;
    }
    const QString text = describe(event->position());
    if (!text.isEmpty())
        QToolTip::showText(event->globalPosition().toPoint(), text, this);
}

void BlockMatrixView::mouseDoubleClickEvent(QMouseEvent*)
{
    fit();
}

}  // namespace spare
