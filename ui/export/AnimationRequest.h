#pragma once

#include <QSize>
#include <QString>

#include <optional>

namespace spare {

// One animation export: the simulated seconds [from, to] of a run, played at `speed` (simulated seconds per
// second of video, as the window's speed slider) and sampled at `fps`. There are
// round(fps * (to - from) / speed) frames; frame i shows simulated time from + i * speed / fps and the
// views' animations i * 1000 / fps ms after the first frame. A .png path asks for a frame strip: the
// frames side by side in one image (at most kMaxStripFrames).
struct AnimationRequest {
    enum class Format { Mp4, Gif, FrameStrip };

    static constexpr int kMinWidth = 160;
    static constexpr int kMaxWidth = 3840;
    static constexpr int kMinHeight = 120;
    static constexpr int kMaxHeight = 2160;
    static constexpr int kMinFps = 1;
    static constexpr int kMaxFps = 60;
    static constexpr int kMaxFrames = 36000;  // ten minutes at 60 fps
    static constexpr int kMaxStripFrames = 24;

    QString path;
    Format format = Format::Mp4;
    double fromS = 0.0;
    double toS = 0.0;
    QSize size{1280, 720};
    int fps = 30;
    double speed = 1000.0;  // the window's default playback speed
    // The stack view's groups, first..last, as picked in the window; last < first: following the action.
    int stackFirst = 0;
    int stackLast = -1;

    int frameCount() const;
    double frameTime(int frame) const;
    qint64 frameAnimationMs(int frame) const;

    // Empty when the request can be exported, else a message naming the flag, the value and what is allowed.
    QString problem() const;
    static std::optional<Format> formatForPath(const QString& path);
    // The command line's values; an empty size, fps or speed keeps the default. nullopt and *error
    // (naming the flag, the value and the allowed range) on a bad value.
    static std::optional<AnimationRequest> parse(const QString& path, const QString& from, const QString& to,
                                                 const QString& size, const QString& fps, const QString& speed,
                                                 QString* error);
};

}  // namespace spare
