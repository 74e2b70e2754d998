#pragma once

#include "engine/layout/Layout.h"
#include "engine/sim/RecordingObserver.h"
#include "engine/sim/Simulator.h"
#include "ui/playback/PlaybackCursor.h"
#include "ui/playback/SimulationWorker.h"

#include <memory>

namespace spare {

// The whole run of `s` recorded into `cursor` in this thread, chunked as the worker would.
inline void recordRun(const Scenario& s, PlaybackCursor& cursor)
{
    cursor.reset(s, std::make_shared<const Layout>(Layout::byName(s.layout, s.groups, s.redundancy)));
    RecordingObserver observer(SimulationWorker::snapshotIntervalS(s),
                               [&cursor](RecordingChunkPtr chunk) { cursor.append(chunk); });
    Simulator(s).run(&observer);
    observer.finish();
}

}  // namespace spare
