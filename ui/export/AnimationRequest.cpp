#include "ui/export/AnimationRequest.h"

#include "ui/playback/PlaybackClock.h"

#include <QRegularExpression>

#include <cmath>

namespace spare {

namespace {

QString sizeRange()
{
    return QStringLiteral("allowed WxH with W %1 .. %2 and H %3 .. %4, both even")
        .arg(AnimationRequest::kMinWidth)
        .arg(AnimationRequest::kMaxWidth)
        .arg(AnimationRequest::kMinHeight)
        .arg(AnimationRequest::kMaxHeight);
}

QString speedRange()
{
    return QStringLiteral("allowed %1 .. %2 (simulated seconds per second of video)")
        .arg(PlaybackClock::kMinSpeed)
        .arg(PlaybackClock::kMaxSpeed, 0, 'f', 0);
}

std::optional<double> parseSeconds(const QString& text)
{
    bool ok = false;
    const double value = text.toDouble(&ok);
    if (!ok || !std::isfinite(value))
        return std::nullopt;
    return value;
}

}  // namespace

int AnimationRequest::frameCount() const
{
    const double frames = std::round(fps * (toS - fromS) / speed);
    return frames > kMaxFrames ? kMaxFrames + 1 : static_cast<int>(frames);
}

double AnimationRequest::frameTime(int frame) const
{
    return fromS + frame * speed / fps;
}

qint64 AnimationRequest::frameAnimationMs(int frame) const
{
    return static_cast<qint64>(std::llround(frame * 1000.0 / fps));
}

std::optional<AnimationRequest::Format> AnimationRequest::formatForPath(const QString& path)
{
    if (path.endsWith(QLatin1String(".mp4"), Qt::CaseInsensitive))
        return Format::Mp4;
    if (path.endsWith(QLatin1String(".gif"), Qt::CaseInsensitive))
        return Format::Gif;
    if (path.endsWith(QLatin1String(".png"), Qt::CaseInsensitive))
        return Format::FrameStrip;
    return std::nullopt;
}

QString AnimationRequest::problem() const
{
    if (!formatForPath(path))
        return QStringLiteral("--export-animation '%1': allowed a file name ending in .mp4, .gif or .png (a strip of the frames)")
            .arg(path);
    if (!(fromS >= 0.0))
        return QStringLiteral("--from '%1': allowed simulated seconds >= 0").arg(fromS);
    if (!(toS > fromS))
        return QStringLiteral("--to '%1': allowed simulated seconds above --from (%2)").arg(toS).arg(fromS);
    if (size.width() < kMinWidth || size.width() > kMaxWidth || size.height() < kMinHeight || size.height() > kMaxHeight
        || size.width() % 2 != 0 || size.height() % 2 != 0)
        return QStringLiteral("--size '%1x%2': %3").arg(size.width()).arg(size.height()).arg(sizeRange());
    if (fps < kMinFps || fps > kMaxFps)
        return QStringLiteral("--fps '%1': allowed an integer %2 .. %3").arg(fps).arg(kMinFps).arg(kMaxFps);
    if (!(speed >= PlaybackClock::kMinSpeed && speed <= PlaybackClock::kMaxSpeed))
        return QStringLiteral("--speed '%1': %2").arg(speed).arg(speedRange());
    const int frames = frameCount();
    const int maxFrames = format == Format::FrameStrip ? kMaxStripFrames : kMaxFrames;
    if (frames < 1 || frames > maxFrames)
        return QStringLiteral("--from %1 --to %2 --fps %3 --speed %4 make %5 frames: allowed 1 .. %6 "
                              "(frames = fps x (to - from) / speed)")
            .arg(fromS)
            .arg(toS)
            .arg(fps)
            .arg(speed)
            .arg(frames > kMaxFrames ? QStringLiteral("more than %1").arg(kMaxFrames) : QString::number(frames))
            .arg(maxFrames);
    return {};
}

std::optional<AnimationRequest> AnimationRequest::parse(const QString& path, const QString& from, const QString& to,
                                                        const QString& size, const QString& fps, const QString& speed,
                                                        QString* error)
{
    AnimationRequest r;
    r.path = path;
    const auto fail = [error](const QString& message) {
        *error = message;
        return std::nullopt;
    };
    const auto fromS = parseSeconds(from);
    if (!fromS || *fromS < 0.0)
        return fail(QStringLiteral("--from '%1': allowed simulated seconds >= 0").arg(from));
    r.fromS = *fromS;
    const auto toS = parseSeconds(to);
    if (!toS)
        return fail(QStringLiteral("--to '%1': allowed simulated seconds above --from (%2)").arg(to).arg(r.fromS));
    r.toS = *toS;
    if (!size.isEmpty()) {
        const QRegularExpressionMatch m = QRegularExpression(QStringLiteral("^(\\d{1,5})x(\\d{1,5})$")).match(size);
        if (!m.hasMatch())
            return fail(QStringLiteral("--size '%1': %2").arg(size, sizeRange()));
        r.size = QSize(m.captured(1).toInt(), m.captured(2).toInt());
    }
    if (!fps.isEmpty()) {
        bool ok = false;
        r.fps = fps.toInt(&ok);
        if (!ok)
            return fail(QStringLiteral("--fps '%1': allowed an integer %2 .. %3").arg(fps).arg(kMinFps).arg(kMaxFps));
    }
    if (!speed.isEmpty()) {
        const auto value = parseSeconds(speed);
        if (!value)
            return fail(QStringLiteral("--speed '%1': %2").arg(speed, speedRange()));
        r.speed = *value;
    }
    if (const auto f = formatForPath(path))
        r.format = *f;
    *error = r.problem();
    if (!error->isEmpty())
        return std::nullopt;
    return r;
}

}  // namespace spare
