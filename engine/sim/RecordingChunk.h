#pragma once

#include "engine/sim/Event.h"

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace spare {

// A snapshot together with the number of events recorded before it was taken, so that playback can
// restore it and replay events [eventIndex, target) to reach any point.
struct IndexedSnapshot {
    std::size_t eventIndex = 0;
    SimulationSnapshot snapshot;
};

// One immutable batch of a run's event stream, handed from the simulation thread to its viewers.
struct RecordingChunk {
    std::size_t firstEventIndex = 0;
    std::vector<Event> events;
    std::vector<IndexedSnapshot> snapshots;
    bool last = false;          // the run ended (or was stopped) with this chunk
    std::string error;          // set when the run threw; the chunk is then last
};

using RecordingChunkPtr = std::shared_ptr<const RecordingChunk>;

}  // namespace spare
