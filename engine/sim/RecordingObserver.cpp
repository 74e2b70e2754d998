#include "engine/sim/RecordingObserver.h"

#include <algorithm>

namespace spare {

namespace {

constexpr std::size_t kMaxChunkEvents = 4096;
constexpr auto kMaxChunkAge = std::chrono::milliseconds(40);

}  // namespace

RecordingObserver::RecordingObserver(double snapshotIntervalS, Sink sink, const std::atomic<bool>* stop)
    : snapshotIntervalS_(snapshotIntervalS),
      sink_(std::move(sink)),
      stop_(stop),
      current_(std::make_unique<RecordingChunk>()),
      lastFlush_(std::chrono::steady_clock::now())
{
}

void RecordingObserver::onEvent(const Event& event)
{
    current_->events.push_back(event);
    ++recorded_;
    if (current_->events.size() >= chunkLimit_
        || (current_->events.size() % 64 == 0 && std::chrono::steady_clock::now() - lastFlush_ > kMaxChunkAge))
        flush(false, {});
}

void RecordingObserver::onSnapshot(const SimulationSnapshot& snapshot)
{
    current_->snapshots.push_back(IndexedSnapshot{recorded_, snapshot});
}

bool RecordingObserver::stopRequested() const
{
    return stop_ && stop_->load(std::memory_order_relaxed);
}

void RecordingObserver::finish(const std::string& error)
{
    flush(true, error);
}

void RecordingObserver::flush(bool last, const std::string& error)
{
    auto next = std::make_unique<RecordingChunk>();
    next->firstEventIndex = recorded_;
    current_->last = last;
    current_->error = error;
    sink_(RecordingChunkPtr(std::move(current_)));
    current_ = std::move(next);
    chunkLimit_ = std::min(kMaxChunkEvents, chunkLimit_ * 2);
    lastFlush_ = std::chrono::steady_clock::now();
}

}  // namespace spare
