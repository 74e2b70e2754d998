#include "ui/playback/PlaybackCursor.h"

#include "engine/sim/ScenarioLayout.h"

#include <algorithm>

namespace spare {

namespace {

// Forward moves longer than this are treated as seeks: no per-event animation signals.
constexpr std::size_t kAnimatedEventLimit = 2000;

bool animates(EventKind kind)
{
    return kind == EventKind::Failure || kind == EventKind::Decision || kind == EventKind::RestartStart
        || kind == EventKind::RestartEnd || kind == EventKind::Rejoin || kind == EventKind::Reconfigure
        || kind == EventKind::Restore;
}

}  // namespace

PlaybackCursor::PlaybackCursor(QObject* parent) : QObject(parent) {}

void PlaybackCursor::reset(const Scenario& scenario, std::shared_ptr<const Layout> layout)
{
    PreparedRun run;
    run.scenario = scenario;
    run.layout = std::move(layout);
    if (run.layout && scenario.topology && scenario.gpusPerGroup > 0)
        try {
            run.placement = scenarioPlacement(scenario);
        } catch (const InputError&) {
        }
    reset(run);
}

void PlaybackCursor::reset(const PreparedRun& run)
{
    scenario_ = run.scenario;
    layout_ = run.layout;
    placement_ = run.placement;
    recording_.clear();
    state_ = layout_ ? PlaybackState(scenario_, layout_, placement_) : PlaybackState();
    position_ = 0;
    emit recordingGrew();
    emit stateChanged();
}

void PlaybackCursor::append(const RecordingChunkPtr& chunk)
{
    recording_.append(chunk);
    emit recordingGrew();
}

RecordingChunkPtr PlaybackCursor::endRecording(const std::string& reason)
{
    if (recording_.complete())
        return nullptr;
    auto end = std::make_shared<RecordingChunk>();
    end->firstEventIndex = recording_.eventCount();
    end->last = true;
    end->error = reason;
    append(end);
    return end;
}

void PlaybackCursor::applyUpTo(std::size_t count, bool animate)
{
    count = std::min(count, recording_.eventCount());
    const bool emitEvents = animate && count - position_ <= kAnimatedEventLimit;
    for (; position_ < count; ++position_) {
        const Event& e = recording_.event(position_);
        state_.apply(e);
        if (emitEvents && animates(e.kind))
            emit eventPlayed(e);
    }
}

void PlaybackCursor::advanceTo(double time)
{
    if (!layout_)
        return;
    const std::size_t target = recording_.eventsUpTo(time);
    if (target > position_)
        applyUpTo(target, true);
    state_.setTime(std::max(state_.snapshot().time, std::min(time, recording_.endTime())));
    emit stateChanged();
}

bool PlaybackCursor::stepEvent()
{
    if (!layout_ || position_ >= recording_.eventCount())
        return false;
    applyUpTo(position_ + 1, true);
    emit stateChanged();
    return true;
}

void PlaybackCursor::seekToEvent(std::size_t count, bool animateLast)
{
    if (!layout_)
        return;
    count = std::min(count, recording_.eventCount());
    if (animateLast && count > 0) {
        // Every event of the landing instant is played: a decision is often followed by others at the
        // same time.
        std::size_t first = count - 1;
        const double instant = recording_.event(first).time;
        while (first > 0 && count - first < kAnimatedEventLimit && recording_.event(first - 1).time == instant)
            --first;
        seekToEvent(first);
        applyUpTo(count, true);
        emit stateChanged();
        return;
    }
    if (count < position_ || count - position_ > kAnimatedEventLimit) {
        const IndexedSnapshot* snap = recording_.snapshotAtOrBefore(count);
        if (count < position_ || (snap && snap->eventIndex > position_)) {
            state_ = PlaybackState(scenario_, layout_, placement_);
            position_ = 0;
            if (snap) {
                state_.restore(snap->snapshot);
                position_ = snap->eventIndex;
            }
        }
    }
    applyUpTo(count, false);
    emit stateChanged();
}

void PlaybackCursor::seekToTime(double time, bool animateLast)
{
    seekToEvent(recording_.eventsUpTo(time), animateLast);
    if (layout_) {
        state_.setTime(std::max(state_.snapshot().time, std::min(time, recording_.endTime())));
        emit stateChanged();
    }
}

bool PlaybackCursor::jumpToNext(const std::function<bool(const Event&)>& match)
{
    const auto next = recording_.findNext(position_, match);
    if (!next)
        return false;
    seekToEvent(*next + 1, true);
    return true;
}

bool PlaybackCursor::jumpToPrevious(const std::function<bool(const Event&)>& match)
{
    if (position_ < 2)
        return false;
    const auto previous = recording_.findPrevious(position_ - 1, match);
    if (!previous)
        return false;
    seekToEvent(*previous + 1, true);
    return true;
}

bool PlaybackCursor::stepBack()
{
    if (!layout_ || position_ == 0)
        return false;
    seekToEvent(position_ - 1);
    return true;
}

}  // namespace spare
