#include "ui/base/BackgroundJobs.h"

#include <QThread>

namespace spare {

BackgroundJobs::~BackgroundJobs()
{
    cancelAll();
    for (Job& job : jobs_)
        job.thread->wait();
}

std::shared_ptr<std::atomic<bool>> BackgroundJobs::start(Work work, const QString& threadName)
{
    std::erase_if(jobs_, [](const Job& job) { return job.thread->isFinished(); });
    auto cancel = std::make_shared<std::atomic<bool>>(false);
    Job job{cancel, std::unique_ptr<QThread>(QThread::create([work = std::move(work), cancel] { work(*cancel); }))};
    job.thread->setObjectName(threadName);
    job.thread->start(QThread::LowPriority);
    jobs_.push_back(std::move(job));
    return cancel;
}

void BackgroundJobs::cancelAll()
{
    for (Job& job : jobs_)
        *job.cancel = true;
}

}  // namespace spare
