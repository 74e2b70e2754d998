#include "ui/views/AnimationClock.h"

namespace spare {

AnimationClock::AnimationClock(QObject* parent) : QObject(parent)
{
    wall_.start();
}

qint64 AnimationClock::elapsed() const
{
    return frameTime_ ? *frameTime_ : wall_.elapsed();
}

void AnimationClock::setFrameTime(qint64 ms)
{
    frameTime_ = ms;
    emit frameTimeSet();
}

}  // namespace spare
