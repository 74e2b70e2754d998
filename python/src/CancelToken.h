#pragma once

#include <atomic>
#include <memory>
#include <stdexcept>

namespace spare::python {

// Shared between the Python threads that hold it: cancel() from one stops a call running in another.
class CancelToken {
public:
    void cancel() { flag_->store(true); }
    bool cancelled() const { return flag_->load(); }

private:
    std::shared_ptr<std::atomic<bool>> flag_ = std::make_shared<std::atomic<bool>>(false);
};

// Raised (as spare_studio.Cancelled) by a call whose CancelToken was cancelled.
class Cancelled : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

}  // namespace spare::python
