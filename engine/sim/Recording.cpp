#include "engine/sim/Recording.h"

#include <algorithm>
#include <stdexcept>

namespace spare {

void Recording::append(RecordingChunkPtr chunk)
{
    if (!chunk)
        return;
    if (chunk->firstEventIndex != eventCount_)
        throw std::logic_error("Recording::append: chunk out of order");
    for (const IndexedSnapshot& s : chunk->snapshots)
        snapshots_.push_back(&s);
    eventCount_ += chunk->events.size();
    complete_ = complete_ || chunk->last;
    if (!chunk->error.empty())
        error_ = chunk->error;
    if (!chunk->events.empty() || !chunk->snapshots.empty() || chunk->last) {
        double latest = latestTimes_.empty() ? 0.0 : latestTimes_.back();
        for (const Event& e : chunk->events)
            latest = std::max(latest, e.time);
        latestTimes_.push_back(latest);
        chunks_.push_back(std::move(chunk));
    }
}

void Recording::clear()
{
    *this = Recording();
}

const Event& Recording::event(std::size_t index) const
{
    auto it = std::upper_bound(chunks_.begin(), chunks_.end(), index,
                               [](std::size_t i, const RecordingChunkPtr& c) { return i < c->firstEventIndex; });
    if (it != chunks_.begin()) {
        const RecordingChunk& c = **std::prev(it);
        if (index < c.firstEventIndex + c.events.size())
            return c.events[index - c.firstEventIndex];
    }
    throw std::out_of_range("Recording::event: index past the recorded events");
}

double Recording::endTime() const
{
    return latestTimes_.empty() ? 0.0 : latestTimes_.back();
}

const IndexedSnapshot* Recording::snapshotAtOrBefore(std::size_t eventIndex) const
{
    auto it = std::upper_bound(snapshots_.begin(), snapshots_.end(), eventIndex,
                               [](std::size_t i, const IndexedSnapshot* s) { return i < s->eventIndex; });
    return it == snapshots_.begin() ? nullptr : *std::prev(it);
}

std::size_t Recording::eventsUpTo(double time) const
{
    // The running latest time is monotone: find the first chunk that reaches past `time`, then the first
    // event inside it that does.
    const auto past = std::upper_bound(latestTimes_.begin(), latestTimes_.end(), time);
    if (past == latestTimes_.end())
        return eventCount_;
    const RecordingChunk& c = *chunks_[static_cast<std::size_t>(past - latestTimes_.begin())];
    const auto it = std::find_if(c.events.begin(), c.events.end(), [time](const Event& e) { return e.time > time; });
    return c.firstEventIndex + static_cast<std::size_t>(it - c.events.begin());
}

std::optional<std::size_t> Recording::findNext(std::size_t from, const std::function<bool(const Event&)>& match) const
{
    for (const RecordingChunkPtr& c : chunks_) {
        const std::size_t end = c->firstEventIndex + c->events.size();
        if (end <= from)
            continue;
        for (std::size_t i = std::max(from, c->firstEventIndex); i < end; ++i)
            if (match(c->events[i - c->firstEventIndex]))
                return i;
    }
    return std::nullopt;
}

std::optional<std::size_t> Recording::findPrevious(std::size_t before, const std::function<bool(const Event&)>& match) const
{
    before = std::min(before, eventCount());
    for (std::size_t i = before; i-- > 0;)
        if (match(event(i)))
            return i;
    return std::nullopt;
}

}  // namespace spare
