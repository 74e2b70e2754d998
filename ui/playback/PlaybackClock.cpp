#include "ui/playback/PlaybackClock.h"

#include "ui/playback/PlaybackCursor.h"

#include <QLocale>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

namespace spare {

PlaybackClock::PlaybackClock(QObject* parent) : QObject(parent)
{
    timer_.setInterval(16);
    timer_.setTimerType(Qt::PreciseTimer);
    connect(&timer_, &QTimer::timeout, this, &PlaybackClock::tick);
}

void PlaybackClock::addCursor(PlaybackCursor* cursor)
{
    cursors_.push_back(cursor);
    connect(cursor, &PlaybackCursor::recordingGrew, this, &PlaybackClock::recordingGrew);
}

void PlaybackClock::removeCursor(PlaybackCursor* cursor)
{
    cursors_.erase(std::remove(cursors_.begin(), cursors_.end(), cursor), cursors_.end());
    disconnect(cursor, nullptr, this, nullptr);
}

void PlaybackClock::play()
{
    if (timer_.isActive())
        return;
    wall_.start();
    timer_.start();
    emit playingChanged(true);
}

void PlaybackClock::pause()
{
    if (!timer_.isActive())
        return;
    timer_.stop();
    emit playingChanged(false);
}

void PlaybackClock::togglePlay()
{
    playing() ? pause() : play();
}

void PlaybackClock::setSpeed(double speed)
{
    speed = std::clamp(speed, kMinSpeed, kMaxSpeed);
    if (speed == speed_)
        return;
    speed_ = speed;
    emit speedChanged(speed_);
}

void PlaybackClock::syncTo(double time)
{
    time_ = time;
    emit ticked(time_);
}

void PlaybackClock::seek(double time)
{
    for (PlaybackCursor* c : cursors_)
        c->seekToTime(time);
    syncTo(time);
    emit seeked(time);
}

bool PlaybackClock::stepForward()
{
    pause();
    std::optional<double> next;
    for (PlaybackCursor* c : cursors_) {
        if (!c->layout() || c->position() >= c->recording().eventCount())
            continue;
        const double t = c->recording().event(c->position()).time;
        next = next ? std::min(*next, t) : t;
    }
    if (!next)
        return false;
    for (PlaybackCursor* c : cursors_)
        c->advanceTo(*next);
    syncTo(std::max(time_, *next));
    return true;
}

bool PlaybackClock::stepBackward()
{
    pause();
    std::optional<double> latest;
    for (PlaybackCursor* c : cursors_)
        if (c->position() > 0)
            latest = std::max(latest.value_or(0.0), c->recording().event(c->position() - 1).time);
    if (!latest)
        return false;
    seek(std::nextafter(*latest, -std::numeric_limits<double>::infinity()));
    return true;
}

QString PlaybackClock::speedText(double speed)
{
    return QStringLiteral("%1x").arg(QLocale(QLocale::English).toString(static_cast<qlonglong>(std::llround(speed))));
}

void PlaybackClock::tick()
{
    const double elapsedS = static_cast<double>(wall_.restart()) / 1000.0;
    double target = time_ + elapsedS * speed_;
    // Never run ahead of what has been recorded: wait for the slowest cursor's worker.
    bool allDone = true;
    for (PlaybackCursor* c : cursors_) {
        const Recording& r = c->recording();
        if (!r.complete())
            target = std::min(target, r.endTime());
        if (!c->atEnd())
            allDone = false;
    }
    time_ = std::max(time_, target);
    for (PlaybackCursor* c : cursors_)
        c->advanceTo(time_);
    emit ticked(time_);
    if (allDone && !cursors_.empty())
        pause();
}

}  // namespace spare
