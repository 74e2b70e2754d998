#include "python/src/EngineCall.h"

#include "python/src/Arguments.h"

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace py = pybind11;

namespace spare::python {

namespace {

constexpr auto kPollSlice = std::chrono::milliseconds(50);

}  // namespace

EngineCall::EngineCall(py::handle progress, py::handle cancel)
    : progress_(progressArgument(progress)), cancel_(cancelArgument(cancel))
{
}

std::function<void(std::size_t, std::size_t)> EngineCall::progressSink()
{
    return [this](std::size_t done, std::size_t total) { reportProgress(done, total); };
}

void EngineCall::reportProgress(std::size_t done, std::size_t total)
{
    done_.store(done);
    total_.store(total);
    progressChanged_.store(true);
}

bool EngineCall::pollPython()
{
    if (PyErr_CheckSignals() != 0) {
        pythonError_.emplace();
        return false;
    }
    if (cancel_ && cancel_->cancelled()) {
        cancelledByToken_ = true;
        return false;
    }
    if (!progress_.is_none() && progressChanged_.exchange(false)) {
        reportedDone_ = done_.load();
        try {
            progress_(reportedDone_, total_.load());
        } catch (py::error_already_set& error) {
            pythonError_.emplace(std::move(error));
            return false;
        }
    }
    return true;
}

void EngineCall::runOnWorker(const std::function<void()>& work)
{
    if (cancel_ && cancel_->cancelled())
        throw Cancelled("cancelled before it started");
    std::mutex mutex;
    std::condition_variable finishedChanged;
    bool finished = false;
    std::exception_ptr engineError;
    {
        py::gil_scoped_release released;
        std::thread worker([&] {
            try {
                work();
            } catch (...) {
                engineError = std::current_exception();
            }
            const std::lock_guard lock(mutex);
            finished = true;
            finishedChanged.notify_all();
        });
        bool polling = true;
        std::unique_lock lock(mutex);
        while (!finished) {
            finishedChanged.wait_for(lock, kPollSlice, [&] { return finished; });
            if (finished || !polling)
                continue;
            lock.unlock();
            {
                py::gil_scoped_acquire held;
                polling = pollPython();
            }
            if (!polling)
                stop_.store(true);
            lock.lock();
        }
        lock.unlock();
        worker.join();
    }
    if (pythonError_) {
        py::error_already_set error = std::move(*pythonError_);
        pythonError_.reset();
        throw error;
    }
    if (cancelledByToken_ || (cancel_ && cancel_->cancelled()))
        throw Cancelled("cancelled through its CancelToken");
    if (engineError)
        std::rethrow_exception(engineError);
    if (!progress_.is_none() && progressChanged_.exchange(false) && done_.load() != reportedDone_)
        progress_(done_.load(), total_.load());
}

}  // namespace spare::python
