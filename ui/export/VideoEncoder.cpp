#include "ui/export/VideoEncoder.h"

#include <QHash>
#include <QSaveFile>

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/error.h>
#include <libavutil/log.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>
}

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <vector>

namespace spare {

namespace {

constexpr int kIoBufferBytes = 1 << 16;
constexpr int kGifColours = 256;
constexpr int kAreaPixels = 64;  // a colour on this many pixels is a fill, not an anti-aliased edge
constexpr int kCubeLevels = 5;    // 125 cube colours, 131 left for fills

std::runtime_error ffmpegError(const QString& path, const char* what, int code)
{
    char text[AV_ERROR_MAX_STRING_SIZE] = {};
    av_strerror(code, text, sizeof text);
    return std::runtime_error(QStringLiteral("could not write %1: %2: %3").arg(path, QString::fromLatin1(what), QString::fromLocal8Bit(text)).toStdString());
}

const AVCodec* h264Encoder()
{
    if (const AVCodec* x264 = avcodec_find_encoder_by_name("libx264"))
        return x264;
    return avcodec_find_encoder(AV_CODEC_ID_H264);
}

// libavformat writes through these into the QSaveFile (MP4 seeks back to finish its index).
int writeToSaveFile(void* opaque, uint8_t* data, int size)
{
    auto* file = static_cast<QSaveFile*>(opaque);
    return file->write(reinterpret_cast<const char*>(data), size) == size ? size : AVERROR(EIO);
}

int64_t seekInSaveFile(void* opaque, int64_t offset, int whence)
{
    auto* file = static_cast<QSaveFile*>(opaque);
    if (whence & AVSEEK_SIZE)
        return file->size();
    switch (whence & ~AVSEEK_FORCE) {
    case SEEK_SET: break;
    case SEEK_CUR: offset += file->pos(); break;
    case SEEK_END: offset += file->size(); break;
    default: return AVERROR(EINVAL);
    }
    return file->seek(offset) ? offset : AVERROR(EIO);
}

QHash<QRgb, int> colourCounts(const QImage& frame)
{
    QHash<QRgb, int> counts;
    for (int y = 0; y < frame.height(); ++y) {
        const auto* line = reinterpret_cast<const QRgb*>(frame.constScanLine(y));
        for (int x = 0; x < frame.width(); ++x)
            ++counts[line[x] | 0xff000000u];
    }
    return counts;
}

// One palette for the whole GIF, so that unchanged pixels keep their index and each frame stores only
// what changed: the first frame's fill colours (the views draw flat fills, which stay exact) and a
// colour cube for anti-aliased edges and colours that appear later (a failure flash, a wipe-out mark).
QList<QRgb> gifPalette(const QImage& firstFrame)
{
    const QHash<QRgb, int> counts = colourCounts(firstFrame);
    std::vector<std::pair<int, QRgb>> fills;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it)
        if (it.value() >= kAreaPixels)
            fills.emplace_back(it.value(), it.key());
    std::sort(fills.begin(), fills.end(), [](const auto& a, const auto& b) { return a.first != b.first ? a.first > b.first : a.second < b.second; });
    fills.resize(std::min<std::size_t>(fills.size(), kGifColours - kCubeLevels * kCubeLevels * kCubeLevels));
    QList<QRgb> palette;
    for (const auto& fill : fills)
        palette.append(fill.second);
    const auto level = [](int i) { return i * 255 / (kCubeLevels - 1); };
    for (int r = 0; r < kCubeLevels; ++r)
        for (int g = 0; g < kCubeLevels; ++g)
            for (int b = 0; b < kCubeLevels; ++b)
                if (const QRgb colour = qRgb(level(r), level(g), level(b)); !palette.contains(colour))
                    palette.append(colour);
    return palette;
}

}  // namespace

struct VideoEncoder::Codec {
    QString path;
    AnimationRequest::Format format = AnimationRequest::Format::Mp4;
    QSize size;
    QSaveFile file;
    AVFormatContext* muxer = nullptr;
    AVIOContext* io = nullptr;
    AVCodecContext* encoder = nullptr;
    AVStream* stream = nullptr;
    SwsContext* scaler = nullptr;
    AVFrame* picture = nullptr;
    AVPacket* packet = nullptr;
    int64_t nextPts = 0;
    QList<QRgb> gifPalette;

    explicit Codec(const QString& p) : path(p), file(p) {}
    ~Codec()
    {
        av_packet_free(&packet);
        av_frame_free(&picture);
        sws_freeContext(scaler);
        avcodec_free_context(&encoder);
        if (io) {
            av_freep(&io->buffer);
            avio_context_free(&io);
        }
        avformat_free_context(muxer);
    }

    void check(int code, const char* what) const
    {
        if (code < 0)
            throw ffmpegError(path, what, code);
    }

    // Sends a frame (nullptr: flush) and writes every packet the encoder has ready.
    void encode(const AVFrame* frame)
    {
        check(avcodec_send_frame(encoder, frame), "encoding");
        for (;;) {
            const int code = avcodec_receive_packet(encoder, packet);
            if (code == AVERROR(EAGAIN) || code == AVERROR_EOF)
                return;
            check(code, "encoding");
            // Every frame lasts one frame period; without it MP4's edit list would cut the last frame.
            packet->duration = 1;
            av_packet_rescale_ts(packet, encoder->time_base, stream->time_base);
            packet->stream_index = stream->index;
            check(av_interleaved_write_frame(muxer, packet), "muxing");
        }
    }
};

VideoEncoder::VideoEncoder(const QString& path, AnimationRequest::Format format, QSize size, int fps)
    : codec_(std::make_unique<Codec>(path))
{
    av_log_set_level(AV_LOG_ERROR);  // libx264 would print its settings and statistics on stderr
    Codec& c = *codec_;
    c.format = format;
    c.size = size;
    const bool mp4 = format == AnimationRequest::Format::Mp4;
    const AVCodec* codec = mp4 ? h264Encoder() : avcodec_find_encoder(AV_CODEC_ID_GIF);
    if (!codec)
        throw std::runtime_error(QStringLiteral("could not write %1: this FFmpeg has no %2 encoder")
                                     .arg(path, mp4 ? QStringLiteral("H.264") : QStringLiteral("GIF"))
                                     .toStdString());
    if (!c.file.open(QIODevice::WriteOnly))
        throw std::runtime_error(QStringLiteral("could not write %1: %2").arg(path, c.file.errorString()).toStdString());

    c.check(avformat_alloc_output_context2(&c.muxer, nullptr, mp4 ? "mp4" : "gif", nullptr), "container");
    auto* buffer = static_cast<unsigned char*>(av_malloc(kIoBufferBytes));
    c.io = avio_alloc_context(buffer, kIoBufferBytes, 1, &c.file, nullptr, writeToSaveFile, seekInSaveFile);
    if (!c.io) {
        av_free(buffer);
        throw std::bad_alloc();
    }
    c.muxer->pb = c.io;
    c.muxer->flags |= AVFMT_FLAG_CUSTOM_IO;

    c.encoder = avcodec_alloc_context3(codec);
    c.encoder->width = size.width();
    c.encoder->height = size.height();
    c.encoder->time_base = AVRational{1, fps};
    c.encoder->framerate = AVRational{fps, 1};
    if (mp4) {
        c.encoder->pix_fmt = AV_PIX_FMT_YUV420P;
        c.encoder->gop_size = 2 * fps;  // a key frame every two seconds: slides can seek
        c.encoder->colorspace = AVCOL_SPC_BT709;
        c.encoder->color_primaries = AVCOL_PRI_BT709;
        c.encoder->color_trc = AVCOL_TRC_BT709;
        c.encoder->color_range = AVCOL_RANGE_MPEG;
        if (std::strcmp(codec->name, "libx264") == 0) {
            av_opt_set(c.encoder->priv_data, "preset", "medium", 0);
            av_opt_set(c.encoder->priv_data, "tune", "animation", 0);
            av_opt_set(c.encoder->priv_data, "crf", "18", 0);
        } else {
            c.encoder->bit_rate = static_cast<int64_t>(size.width()) * size.height() * fps / 4;
        }
    } else {
        c.encoder->pix_fmt = AV_PIX_FMT_PAL8;
    }
    if (c.muxer->oformat->flags & AVFMT_GLOBALHEADER)
        c.encoder->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
    c.check(avcodec_open2(c.encoder, codec, nullptr), "opening the encoder");

    c.stream = avformat_new_stream(c.muxer, nullptr);
    if (!c.stream)
        throw std::bad_alloc();
    c.stream->time_base = c.encoder->time_base;
    c.check(avcodec_parameters_from_context(c.stream->codecpar, c.encoder), "stream parameters");
    c.check(avformat_write_header(c.muxer, nullptr), "header");

    c.picture = av_frame_alloc();
    c.packet = av_packet_alloc();
    if (!c.picture || !c.packet)
        throw std::bad_alloc();
    c.picture->format = c.encoder->pix_fmt;
    c.picture->width = size.width();
    c.picture->height = size.height();
    c.check(av_frame_get_buffer(c.picture, 0), "frame buffer");
    if (mp4) {
        c.scaler = sws_getContext(size.width(), size.height(), AV_PIX_FMT_RGB32, size.width(), size.height(),
                                  AV_PIX_FMT_YUV420P, SWS_BICUBIC | SWS_ACCURATE_RND, nullptr,
                                  nullptr, nullptr);
        if (!c.scaler)
            throw std::runtime_error(QStringLiteral("could not write %1: no RGB to YUV conversion").arg(path).toStdString());
        const int* bt709 = sws_getCoefficients(SWS_CS_ITU709);
        sws_setColorspaceDetails(c.scaler, bt709, 1, bt709, 0, 0, 1 << 16, 1 << 16);
    }
}

VideoEncoder::~VideoEncoder() = default;

void VideoEncoder::addFrame(const QImage& frame)
{
    Codec& c = *codec_;
    if (frame.size() != c.size)
        throw std::runtime_error(QStringLiteral("could not write %1: frame of %2x%3, expected %4x%5")
                                     .arg(c.path)
                                     .arg(frame.width())
                                     .arg(frame.height())
                                     .arg(c.size.width())
                                     .arg(c.size.height())
                                     .toStdString());
    const QImage rgb = frame.convertToFormat(QImage::Format_RGB32);
    c.check(av_frame_make_writable(c.picture), "frame buffer");
    if (c.format == AnimationRequest::Format::Mp4) {
        const uint8_t* source[] = {rgb.constBits()};
        const int stride[] = {static_cast<int>(rgb.bytesPerLine())};
        sws_scale(c.scaler, source, stride, 0, rgb.height(), c.picture->data, c.picture->linesize);
    } else {
        // Nearest palette colour, no dithering: flat fills stay flat.
        if (c.gifPalette.isEmpty())
            c.gifPalette = gifPalette(rgb);
        const QImage indexed = rgb.convertToFormat(QImage::Format_Indexed8, c.gifPalette, Qt::ThresholdDither);
        for (int y = 0; y < indexed.height(); ++y)
            std::memcpy(c.picture->data[0] + static_cast<std::ptrdiff_t>(y) * c.picture->linesize[0],
                        indexed.constScanLine(y), static_cast<std::size_t>(indexed.width()));
        auto* colours = reinterpret_cast<uint32_t*>(c.picture->data[1]);
        std::fill(colours, colours + kGifColours, 0u);
        std::copy(c.gifPalette.cbegin(), c.gifPalette.cend(), colours);
    }
    c.picture->pts = c.nextPts++;
    c.encode(c.picture);
}

void VideoEncoder::finish()
{
    Codec& c = *codec_;
    c.encode(nullptr);
    c.check(av_write_trailer(c.muxer), "trailer");
    avio_flush(c.io);
    if (c.io->error < 0)
        c.check(c.io->error, "writing");
    if (!c.file.commit())
        throw std::runtime_error(QStringLiteral("could not write %1: %2").arg(c.path, c.file.errorString()).toStdString());
}

QString VideoEncoder::h264EncoderName()
{
    const AVCodec* codec = h264Encoder();
    return codec ? QString::fromLatin1(codec->name) : QString();
}

}  // namespace spare
