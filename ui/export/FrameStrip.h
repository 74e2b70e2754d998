#pragma once

#include "ui/export/FrameSink.h"

#include <QSize>
#include <QString>

#include <vector>

namespace spare {

// An animation export as one PNG: its frames side by side, ceil(sqrt(N)) to a row, each under a label
// with its number and its time on the animation clock ("frame 3, +150 ms"), for slides and documents
// that cannot play a video.
class FrameStrip final : public FrameSink {
public:
    FrameStrip(const QString& path, QSize frameSize, int fps);

    void addFrame(const QImage& frame) override;
    void finish() override;
    // The strip of the frames added so far.
    QImage compose() const;

private:
    QString path_;
    QSize frameSize_;
    int fps_;
    std::vector<QImage> frames_;
};

}  // namespace spare
