#include "ui/export/AnimationFrameSource.h"

#include "ui/base/ViewState.h"
#include "ui/models/EventLogModel.h"
#include "ui/playback/PlaybackCursor.h"
#include "ui/views/ClusterView.h"
#include "ui/views/StackView.h"

#include <QLabel>
#include <QVBoxLayout>

namespace spare {

AnimationFrameSource::AnimationFrameSource(const PlaybackCursor& source, QSize size) : host_(std::make_unique<QWidget>())
{
    host_->setAttribute(Qt::WA_DontShowOnScreen);
    cursor_ = new PlaybackCursor(host_.get());
    viewState_ = new ViewState(host_.get());
    cursor_->reset(source.scenario(), source.layout());
    clusterView_ = new ClusterView(cursor_, viewState_);
    stackView_ = new StackView(cursor_, viewState_);
    caption_ = new QLabel;
    caption_->setAlignment(Qt::AlignCenter);
    // The Run tab's splitter gives the cluster view 3 parts and the stack view 2.
    auto* column = new QVBoxLayout(host_.get());
    column->setContentsMargins(4, 4, 4, 4);
    column->addWidget(clusterView_, 3);
    column->addWidget(stackView_, 2);
    column->addWidget(caption_);
    host_->setFixedSize(size);
    host_->show();
    follow(source.recording());
}

AnimationFrameSource::~AnimationFrameSource() = default;

bool AnimationFrameSource::follow(const Recording& recording)
{
    const auto& theirs = recording.chunks();
    const auto& ours = cursor_->recording().chunks();
    if (theirs.size() < ours.size() || !std::equal(ours.begin(), ours.end(), theirs.begin()))
        return false;
    for (std::size_t i = ours.size(); i < theirs.size(); ++i)
        cursor_->append(theirs[i]);
    return true;
}

const Recording& AnimationFrameSource::recording() const
{
    return cursor_->recording();
}

void AnimationFrameSource::seek(double time)
{
    cursor_->seekToTime(time);
}

void AnimationFrameSource::pickStackRange(int first, int last)
{
    viewState_->pickStackRange(first, last);
}

QImage AnimationFrameSource::frame(double time, qint64 animationMs)
{
    // The clocks first: animations that this step starts begin at this frame.
    clusterView_->animationClock()->setFrameTime(animationMs);
    stackView_->animationClock()->setFrameTime(animationMs);
    cursor_->advanceTo(time);
    const RunFigures f = cursor_->state().figures();
    caption_->setText(QObject::tr("t %1 | step %2/%3 | S = %4 | live %5/%6 | restarts %7")
                          .arg(EventLogModel::formatTime(f.timeS))
                          .arg(f.stepsDone)
                          .arg(f.totalSteps)
                          .arg(f.stackNumber)
                          .arg(f.aliveGroups)
                          .arg(f.groups)
                          .arg(f.restarts));
    QImage image(host_->size(), QImage::Format_RGB32);
    host_->render(&image);
    return image;
}

QRect AnimationFrameSource::stackViewRect() const
{
    return stackView_->geometry();
}

}  // namespace spare
