#pragma once

#include "engine/base/RunControl.h"
#include "python/src/CancelToken.h"

#include <pybind11/pybind11.h>

#include <atomic>
#include <cstddef>
#include <exception>
#include <functional>
#include <optional>

namespace spare::python {

// Runs one long engine call on a worker thread with the GIL released, while the calling thread waits
// in slices: between slices it takes the GIL back to check for signals (KeyboardInterrupt), the
// CancelToken and the progress callback. Any of those stops the engine through its stop flag; the
// worker is always joined before the call returns or raises, so no thread outlives the call.
class EngineCall {
public:
    // The call's progress= and cancel= arguments, as progressArgument and cancelArgument read them.
    EngineCall(pybind11::handle progress, pybind11::handle cancel);

    // The engine's stop flag, for its options.
    const std::atomic<bool>* stopFlag() const { return &stop_; }
    // For the engine's progress option (any thread): records (done, total); the calling thread hands the
    // latest pair to the Python callback.
    std::function<void(std::size_t done, std::size_t total)> progressSink();
    void reportProgress(std::size_t done, std::size_t total);
    // The engine's run control: `threads`, progressSink() and stopFlag().
    RunControl control(int threads = 0) { return {threads, progressSink(), stopFlag()}; }

    bool reportsProgress() const { return !progress_.is_none(); }

    // Runs `work` (which must not touch Python objects) to the end and returns its result; raises
    // KeyboardInterrupt, the callback's exception or Cancelled when stopped that way.
    template <class Work>
    auto run(Work&& work) -> decltype(work())
    {
        using Result = decltype(work());
        std::optional<Result> result;
        runOnWorker([&] { result.emplace(work()); });
        return std::move(*result);
    }

private:
    void runOnWorker(const std::function<void()>& work);
    // With the GIL held: checks signals, the token and the callback; false (and the error kept) to stop.
    bool pollPython();

    pybind11::object progress_;
    std::optional<CancelToken> cancel_;
    std::atomic<bool> stop_{false};
    std::atomic<std::size_t> done_{0};
    std::atomic<std::size_t> total_{0};
    std::atomic<bool> progressChanged_{false};
    std::size_t reportedDone_ = 0;
    std::optional<pybind11::error_already_set> pythonError_;
    bool cancelledByToken_ = false;
};

}  // namespace spare::python
