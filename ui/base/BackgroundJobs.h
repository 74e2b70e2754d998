#pragma once

#include <QString>
#include <QThread>

#include <atomic>
#include <functional>
#include <memory>
#include <vector>

namespace spare {

// The worker threads of one GUI object; GUI workers hold a JobRunner, which adds tickets and the way back
// to the GUI thread. start() runs a function on a thread of its own with a cancel flag. Finished threads
// are reaped at the next start; the destructor cancels every job and joins it (so a job must poll its
// flag). Never blocks otherwise.
class BackgroundJobs {
public:
    using Work = std::function<void(const std::atomic<bool>& cancel)>;

    BackgroundJobs() = default;
    ~BackgroundJobs();
    BackgroundJobs(const BackgroundJobs&) = delete;
    BackgroundJobs& operator=(const BackgroundJobs&) = delete;

    // The returned flag cancels this job only.
    std::shared_ptr<std::atomic<bool>> start(Work work, const QString& threadName);
    void cancelAll();

private:
    struct Job {
        std::shared_ptr<std::atomic<bool>> cancel;
        std::unique_ptr<QThread> thread;
    };
    std::vector<Job> jobs_;
};

}  // namespace spare
