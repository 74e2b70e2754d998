#pragma once

#include "engine/sim/PreparedRun.h"

#include <atomic>
#include <cstddef>
#include <memory>
#include <mutex>

namespace spare {

// One PreparedRun shared by runs that differ only in seed (a sweep row, a campaign cell, a batch's
// replicates): prepared by the first run that needs it, whatever the threads, and dropped when the last of
// its users is done, so that only the layouts of runs in progress stay in memory.
class SharedPreparedRun {
public:
    void addUsers(std::size_t count) { users_ += count; }

    // The prepared run; `prepare` runs in the first caller only (if it throws, the next caller tries again).
    template <class Prepare>
    const PreparedRun& get(Prepare&& prepare)
    {
        std::call_once(once_, [&] { run_ = std::make_unique<const PreparedRun>(prepare()); });
        return *run_;
    }

    // One user is done; the last one drops the run.
    void release()
    {
        if (users_.fetch_sub(1) == 1)
            run_.reset();
    }

private:
    std::once_flag once_;
    std::unique_ptr<const PreparedRun> run_;
    std::atomic<std::size_t> users_{0};
};

}  // namespace spare
