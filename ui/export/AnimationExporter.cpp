#include "ui/export/AnimationExporter.h"

#include "ui/export/AnimationFrameSource.h"
#include "ui/export/FrameStrip.h"
#include "ui/export/VideoEncoder.h"
#include "ui/playback/PlaybackCursor.h"

#include <chrono>

namespace spare {

namespace {

constexpr std::size_t kQueuedFrames = 4;
constexpr int kWaitMs = 10;  // timer interval while the encoder or the simulation is behind

}  // namespace

AnimationExporter::AnimationExporter(PlaybackCursor* source, const AnimationRequest& request, QObject* parent)
    : QObject(parent), source_(source), request_(request), frames_(request.frameCount())
{
    connect(&timer_, &QTimer::timeout, this, &AnimationExporter::drawNextFrame);
}

AnimationExporter::~AnimationExporter()
{
    encoder_.abandon();
    queueChanged_.notify_all();
}

void AnimationExporter::start()
{
    if (started_)
        return;
    started_ = true;
    const QString problem = request_.problem();
    if (problem.isEmpty() && !source_)
        return complete(false, tr("no run to export"));
    if (!problem.isEmpty())
        return complete(false, problem);
    frameSource_ = std::make_unique<AnimationFrameSource>(*source_, request_.size);
    if (request_.stackLast >= request_.stackFirst)
        frameSource_->pickStackRange(request_.stackFirst, request_.stackLast);
    encoder_.start({}, [this](Encoded& encoded, const auto& job) { encodeFrames(encoded, job); }, [this](const Encoded& encoded) {
        complete(encoded.error.isEmpty(), encoded.error.isEmpty() ? encoded.summary : encoded.error);
    });
    timer_.start(0);
}

void AnimationExporter::cancel()
{
    if (!running())
        return;
    complete(false, tr("cancelled: %1 not written").arg(request_.path));
}

void AnimationExporter::complete(bool written, const QString& message)
{
    if (done_)
        return;
    done_ = true;
    timer_.stop();
    frameSource_.reset();
    encoder_.abandon();  // the worker has finished when written; otherwise it stops and drops the file
    queueChanged_.notify_all();
    emit finished(written, message);
}

void AnimationExporter::drawNextFrame()
{
    if (done_ || drawn_ >= frames_)
        return;
    if (!source_ || !frameSource_->follow(source_->recording()))
        return complete(false, tr("the run was restarted: %1 not written").arg(request_.path));
    const double time = request_.frameTime(drawn_);
    const Recording& recording = frameSource_->recording();
    bool wait = !recording.complete() && recording.endTime() < time;
    if (!wait) {
        const std::lock_guard lock(mutex_);
        wait = queue_.size() >= kQueuedFrames;
    }
    timer_.setInterval(wait ? kWaitMs : 0);
    if (wait)
        return;
    if (drawn_ == 0)
        frameSource_->seek(request_.fromS);
    QImage frame = frameSource_->frame(time, request_.frameAnimationMs(drawn_));
    {
        const std::lock_guard lock(mutex_);
        queue_.push_back(std::move(frame));
    }
    queueChanged_.notify_all();
    if (++drawn_ == frames_)
        timer_.stop();
}

void AnimationExporter::encodeFrames(Encoded& encoded, const JobRunner<Encoded>::Job& job)
{
    const std::atomic<bool>& cancel = job.cancelFlag();
    const std::unique_ptr<FrameSink> sink
        = request_.format == AnimationRequest::Format::FrameStrip
            ? std::unique_ptr<FrameSink>(std::make_unique<FrameStrip>(request_.path, request_.size, request_.fps))
            : std::make_unique<VideoEncoder>(request_.path, request_.format, request_.size, request_.fps);
    for (int done = 0; done < frames_;) {
        QImage frame;
        {
            std::unique_lock lock(mutex_);
            queueChanged_.wait_for(lock, std::chrono::milliseconds(50), [&] { return cancel || !queue_.empty(); });
            if (cancel)
                return;
            if (queue_.empty())
                continue;
            frame = std::move(queue_.front());
            queue_.pop_front();
        }
        sink->addFrame(frame);
        ++done;
        job.post([this, done] { emit progress(done, frames_); });
    }
    sink->finish();
    const QString codec = request_.format == AnimationRequest::Format::Mp4 ? tr("H.264 (%1)").arg(VideoEncoder::h264EncoderName())
        : request_.format == AnimationRequest::Format::Gif                 ? tr("GIF")
                                                                            : tr("PNG frame strip");
    encoded.summary = tr("wrote %1: %2 frames, %3x%4 at %5 fps, %6")
                          .arg(request_.path)
                          .arg(frames_)
                          .arg(request_.size.width())
                          .arg(request_.size.height())
                          .arg(request_.fps)
                          .arg(codec);
}

}  // namespace spare
