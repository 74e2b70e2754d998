#include "ui/export/FrameStrip.h"

#include "ui/export/SaveFile.h"

#include <QBuffer>
#include <QFontMetrics>
#include <QPainter>

#include <cmath>
#include <stdexcept>

namespace spare {

namespace {

constexpr int kGap = 8;

}  // namespace

FrameStrip::FrameStrip(const QString& path, QSize frameSize, int fps) : path_(path), frameSize_(frameSize), fps_(fps) {}

void FrameStrip::addFrame(const QImage& frame)
{
    if (frame.size() != frameSize_)
        throw std::runtime_error(QStringLiteral("could not write %1: frame of %2x%3, expected %4x%5")
                                     .arg(path_)
                                     .arg(frame.width())
                                     .arg(frame.height())
                                     .arg(frameSize_.width())
                                     .arg(frameSize_.height())
                                     .toStdString());
    frames_.push_back(frame.convertToFormat(QImage::Format_RGB32));
}

QImage FrameStrip::compose() const
{
    const int count = static_cast<int>(frames_.size());
    const int columns = std::max(1, static_cast<int>(std::ceil(std::sqrt(static_cast<double>(count)))));
    const int rows = (count + columns - 1) / columns;
    QFont font;
    font.setPixelSize(std::max(12, frameSize_.height() / 24));
    const int label = QFontMetrics(font).height() + 4;
    const QSize tile(frameSize_.width(), frameSize_.height() + label);
    QImage strip(columns * tile.width() + (columns + 1) * kGap, rows * tile.height() + (rows + 1) * kGap,
                 QImage::Format_RGB32);
    strip.fill(Qt::white);
    QPainter p(&strip);
    p.setFont(font);
    p.setPen(Qt::black);
    for (int i = 0; i < count; ++i) {
        const QPoint corner(kGap + (i % columns) * (tile.width() + kGap), kGap + (i / columns) * (tile.height() + kGap));
        const auto ms = static_cast<long long>(std::llround(i * 1000.0 / fps_));
        p.drawText(QRect(corner, QSize(tile.width(), label)), Qt::AlignLeft | Qt::AlignVCenter,
                   QStringLiteral("frame %1, +%2 ms").arg(i).arg(ms));
        p.drawImage(corner + QPoint(0, label), frames_[static_cast<std::size_t>(i)]);
        p.drawRect(QRect(corner + QPoint(0, label), frameSize_).adjusted(-1, -1, 0, 0));
    }
    return strip;
}

void FrameStrip::finish()
{
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    if (!compose().save(&buffer, "PNG"))
        throw std::runtime_error(QStringLiteral("could not write %1: PNG encoding failed").arg(path_).toStdString());
    saveFileAtomically(path_, png);
}

}  // namespace spare
