#pragma once

#include "engine/sim/RecordingChunk.h"

#include <cstddef>
#include <functional>
#include <optional>
#include <vector>

namespace spare {

// The event stream of one run as it arrives, chunk by chunk. Append-only; the chunks themselves are
// shared and immutable, so models and views can keep them without copying.
class Recording {
public:
    void append(RecordingChunkPtr chunk);
    void clear();

    std::size_t eventCount() const { return eventCount_; }
    const Event& event(std::size_t index) const;
    bool complete() const { return complete_; }
    const std::string& error() const { return error_; }
    double endTime() const;  // latest time of the recorded events (0 when empty)

    // Latest snapshot taken at or before eventIndex (nullptr when there is none).
    const IndexedSnapshot* snapshotAtOrBefore(std::size_t eventIndex) const;
    // Length of the longest prefix of events whose times are all <= t. Events are in time order except
    // a failure the engine notices late (one that struck after its group's restart window ended is
    // emitted after the restart), which then plays once its successors' time has been reached.
    std::size_t eventsUpTo(double time) const;
    // First event index >= from that matches, if any.
    std::optional<std::size_t> findNext(std::size_t from, const std::function<bool(const Event&)>& match) const;
    // Last event index < before that matches, if any.
    std::optional<std::size_t> findPrevious(std::size_t before, const std::function<bool(const Event&)>& match) const;

    const std::vector<RecordingChunkPtr>& chunks() const { return chunks_; }

private:
    std::vector<RecordingChunkPtr> chunks_;
    std::vector<double> latestTimes_;  // per stored chunk: the latest event time up to its end
    std::vector<const IndexedSnapshot*> snapshots_;
    std::size_t eventCount_ = 0;
    bool complete_ = false;
    std::string error_;
};

}  // namespace spare
