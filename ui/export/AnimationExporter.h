#pragma once

#include "ui/base/JobRunner.h"
#include "ui/export/AnimationRequest.h"

#include <QImage>
#include <QObject>
#include <QPointer>
#include <QTimer>

#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>

namespace spare {

class AnimationFrameSource;
class PlaybackCursor;

// Writes an AnimationRequest from a run's recording without blocking the GUI thread: a zero-interval
// timer draws one frame per turn of the event loop (widgets paint on the GUI thread only), waiting for
// the simulation where it has not got that far yet, and a worker encodes the frames (VideoEncoder).
// Cancelling, destroying the exporter or a restart of the run leaves no file behind.
class AnimationExporter : public QObject {
    Q_OBJECT
public:
    // `source` is the cursor of the run to export (the window's); it is followed while the export runs.
    AnimationExporter(PlaybackCursor* source, const AnimationRequest& request, QObject* parent = nullptr);
    ~AnimationExporter() override;

    void start();
    void cancel();
    bool running() const { return started_ && !done_; }

signals:
    void progress(int framesEncoded, int frames);
    // Once per start(): whether the file was written, and a one-line summary or the error.
    void finished(bool written, const QString& message);

private:
    struct Encoded {
        QString summary;
        QString error;
    };
    void drawNextFrame();
    void encodeFrames(Encoded& encoded, const JobRunner<Encoded>::Job& job);
    void complete(bool written, const QString& message);

    QPointer<PlaybackCursor> source_;
    AnimationRequest request_;
    int frames_ = 0;
    std::unique_ptr<AnimationFrameSource> frameSource_;
    QTimer timer_;
    int drawn_ = 0;
    bool started_ = false;
    bool done_ = false;
    std::mutex mutex_;
    std::condition_variable queueChanged_;
    std::deque<QImage> queue_;  // drawn, not yet encoded (bounded)
    JobRunner<Encoded> encoder_{this, QStringLiteral("animation export")};  // last member: joined before the queue goes
};

}  // namespace spare
