#pragma once

#include "engine/sim/RecordingChunk.h"

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>

namespace spare {

// Runs on the simulation thread: records every event and snapshot into chunks and hands each full
// chunk to `sink` (which must be thread-safe; the window's worker posts it to the GUI thread). The
// first chunks are small so that playback can start at once; later ones grow.
class RecordingObserver : public SimulationObserver {
public:
    using Sink = std::function<void(RecordingChunkPtr)>;

    RecordingObserver(double snapshotIntervalS, Sink sink, const std::atomic<bool>* stop = nullptr);

    void onEvent(const Event& event) override;
    void onSnapshot(const SimulationSnapshot& snapshot) override;
    double snapshotIntervalS() const override { return snapshotIntervalS_; }
    bool stopRequested() const override;

    // Hands over what is left as the last chunk (error empty unless the run threw).
    void finish(const std::string& error = {});

private:
    void flush(bool last, const std::string& error);

    double snapshotIntervalS_;
    Sink sink_;
    const std::atomic<bool>* stop_;
    std::unique_ptr<RecordingChunk> current_;
    std::size_t recorded_ = 0;
    std::size_t chunkLimit_ = 256;
    std::chrono::steady_clock::time_point lastFlush_;
};

}  // namespace spare
