#pragma once

#include <QImage>

namespace spare {

// Where an animation export's frames go, one at a time on the export's worker thread: a video
// (VideoEncoder) or a strip of stills (FrameStrip). Nothing is written until finish().
class FrameSink {
public:
    virtual ~FrameSink() = default;
    // A frame of exactly the export's size. Throws std::runtime_error.
    virtual void addFrame(const QImage& frame) = 0;
    // Writes the file whole. Throws std::runtime_error naming it.
    virtual void finish() = 0;
};

}  // namespace spare
