#pragma once

#include <atomic>
#include <cstddef>
#include <functional>

namespace spare {

// How a long engine call runs (sweeps, batches, campaigns, fits, Monte-Carlo): the same three
// settings for every one of them.
//   threads   worker threads; 0 = all hardware threads (of the task arena the call runs in). Results
//             never depend on it.
//   progress  (units done, units in all); may be called from worker threads, so it must be thread-safe.
//   cancel    polled; once raised, the call stops at its next check and returns what it has done.
struct RunControl {
    int threads = 0;
    std::function<void(std::size_t done, std::size_t total)> progress;
    const std::atomic<bool>* cancel = nullptr;

    bool cancelled() const { return raised(cancel); }
    void report(std::size_t done, std::size_t total) const
    {
        if (progress)
            progress(done, total);
    }
    // threads, or the current task arena's concurrency for 0 (or less).
    int resolvedThreads() const { return resolveThreads(threads); }
    static int resolveThreads(int threads);

    // A stop flag that may be absent (where only a cancel makes sense: one simulation, one solver).
    static bool raised(const std::atomic<bool>* flag) { return flag && flag->load(std::memory_order_relaxed); }
};

}  // namespace spare
