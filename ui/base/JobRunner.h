#pragma once

#include "ui/base/BackgroundJobs.h"
#include "ui/base/ErrorText.h"

#include <QMetaObject>
#include <QObject>
#include <QString>

#include <atomic>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <utility>

namespace spare {

// The background job of one GUI object (the owner), by tickets: every start() takes a new ticket and
// abandons the job before it, so a late result never overwrites a newer one. The work runs on a worker
// thread (BackgroundJobs) with a cancel flag and fills in an Outcome, a value type; the outcome and
// whatever the work posts on the way reach the owner's thread by queued calls, and only while their
// ticket is current. An exception in the work becomes outcome.error, where the Outcome has one. The
// destructor abandons the job and joins its thread: make the runner the owner's last member, so that it
// goes before anything the work uses.
template <typename Outcome>
class JobRunner {
    // The ticket that may still deliver (0: none). Read and written on the owner's thread only; shared so
    // that a call queued before the runner went finds no ticket.
    using Current = std::shared_ptr<std::uint64_t>;

public:
    // What the work sees of its job.
    class Job {
    public:
        Job(QObject* owner, Current current, std::uint64_t ticket, const std::atomic<bool>& cancel)
            : owner_(owner), current_(std::move(current)), ticket_(ticket), cancel_(cancel)
        {
        }

        const std::atomic<bool>& cancelFlag() const { return cancel_; }
        bool cancelled() const { return cancel_.load(); }
        // Runs `call` on the owner's thread, unless the job is no longer current by then.
        template <typename Call>
        void post(Call call) const
        {
            QMetaObject::invokeMethod(owner_, [current = current_, ticket = ticket_, call = std::move(call)]() mutable {
                if (*current == ticket)
                    call();
            }, Qt::QueuedConnection);
        }

    private:
        QObject* owner_;
        Current current_;
        std::uint64_t ticket_;
        const std::atomic<bool>& cancel_;
    };

    using Work = std::function<void(Outcome& outcome, const Job& job)>;
    using Finished = std::function<void(const Outcome& outcome)>;

    JobRunner(QObject* owner, QString threadName) : owner_(owner), threadName_(std::move(threadName)) {}
    ~JobRunner() { abandon(); }
    JobRunner(const JobRunner&) = delete;
    JobRunner& operator=(const JobRunner&) = delete;

    // Abandons the current job and runs `work` on `outcome`; `finished` gets the outcome on the owner's
    // thread (cancelled or not) unless this job is abandoned first.
    void start(Outcome outcome, Work work, Finished finished)
    {
        abandon();
        const std::uint64_t ticket = ++lastTicket_;
        *current_ = ticket;
        cancel_ = jobs_.start([this, owner = owner_, current = current_, ticket, outcome = std::move(outcome),
                               work = std::move(work), finished = std::move(finished)](const std::atomic<bool>& cancel) mutable {
            const Job job(owner, current, ticket, cancel);
            run(outcome, work, job);
            // `this` is alive whenever the ticket is still current.
            job.post([this, outcome = std::move(outcome), finished = std::move(finished)] {
                *current_ = 0;
                finished(outcome);
            });
        }, threadName_);
    }

    // The work sees its cancel flag; its outcome still comes.
    void cancel()
    {
        if (cancel_)
            *cancel_ = true;
    }
    // Cancels the work and drops whatever it still sends.
    void abandon()
    {
        cancel();
        *current_ = 0;
    }
    // Started, and neither finished nor abandoned.
    bool running() const { return *current_ != 0; }

private:
    static void run(Outcome& outcome, const Work& work, const Job& job)
    {
        if constexpr (requires(Outcome& o) { o.error = QString(); }) {
            try {
                work(outcome, job);
            } catch (const std::exception& e) {
                outcome.error = errorText(e);
            }
        } else {
            work(outcome, job);
        }
    }

    QObject* owner_;
    QString threadName_;
    Current current_ = std::make_shared<std::uint64_t>(0);
    std::uint64_t lastTicket_ = 0;
    std::shared_ptr<std::atomic<bool>> cancel_;  // the current job's
    BackgroundJobs jobs_;  // last member: joined before the rest goes
};

}  // namespace spare
