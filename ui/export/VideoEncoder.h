#pragma once

#include "ui/export/AnimationRequest.h"
#include "ui/export/FrameSink.h"

#include <QImage>
#include <QSize>
#include <QString>

#include <memory>

namespace spare {

// Encodes frames into an MP4 (H.264, YUV 4:2:0, BT.709) or an animated GIF (looping) with FFmpeg's
// libraries: libswscale converts, libavcodec encodes, libavformat muxes into a QSaveFile, so the file
// appears whole on finish() or not at all. Not thread-bound, but one thread at a time.
class VideoEncoder final : public FrameSink {
public:
    // Throws std::runtime_error naming the file or the missing encoder.
    VideoEncoder(const QString& path, AnimationRequest::Format format, QSize size, int fps);
    ~VideoEncoder() override;
    VideoEncoder(const VideoEncoder&) = delete;
    VideoEncoder& operator=(const VideoEncoder&) = delete;

    // A frame of exactly the size given; any QImage format. Throws std::runtime_error.
    void addFrame(const QImage& frame) override;
    // Flushes the encoder, writes the trailer and commits the file. Throws std::runtime_error.
    void finish() override;

    // The encoder MP4 exports use: libx264 when libavcodec has it, else its default H.264 encoder.
    static QString h264EncoderName();

private:
    struct Codec;
    std::unique_ptr<Codec> codec_;
};

}  // namespace spare
