// JobRunner: tickets, cancel, errors, destruction and the thread that results arrive on.

#include "engine/base/InputError.h"
#include "ui/base/JobRunner.h"

#include <QCoreApplication>
#include <QSignalSpy>
#include <QTest>
#include <QThread>

#include <atomic>
#include <future>
#include <memory>
#include <stdexcept>
#include <vector>

using namespace spare;

struct Counted {
    int value = 0;
    bool cancelled = false;
    QString error;
};

// A GUI object with one job, as the studio's workers hold theirs.
class CountingJob : public QObject {
    Q_OBJECT
public:
    using Runner = JobRunner<Counted>;

    void start(Runner::Work work)
    {
        runner_.start({}, std::move(work), [this](const Counted& outcome) {
            emit finished(outcome.value, outcome.cancelled, outcome.error, QThread::currentThread() == thread());
        });
    }
    void report(const Runner::Job& job, int done)
    {
        job.post([this, done] { emit progressed(done, QThread::currentThread() == thread()); });
    }
    Runner& runner() { return runner_; }

signals:
    void progressed(int done, bool onOwnerThread);
    void finished(int value, bool cancelled, const QString& error, bool onOwnerThread);

private:
    Runner runner_{this, QStringLiteral("spare-test-job")};
};

class TestJobRunner : public QObject {
    Q_OBJECT
private slots:
    void resultsArriveOnTheOwnerThread()
    {
        CountingJob owner;
        QSignalSpy progressed(&owner, &CountingJob::progressed);
        QSignalSpy finished(&owner, &CountingJob::finished);
        auto worker = std::make_shared<QString>();
        owner.start([&owner, worker](Counted& outcome, const CountingJob::Runner::Job& job) {
            *worker = QThread::currentThread()->objectName();
            owner.report(job, 1);
            outcome.value = 42;
        });
        QVERIFY(owner.runner().running());
        QVERIFY(finished.wait(30000));
        QCOMPARE(*worker, QStringLiteral("spare-test-job"));
        QCOMPARE(progressed.count(), 1);
        QCOMPARE(progressed.first().at(1).toBool(), true);
        QCOMPARE(finished.count(), 1);
        QCOMPARE(finished.first().at(0).toInt(), 42);
        QCOMPARE(finished.first().at(3).toBool(), true);
        QVERIFY(!owner.runner().running());
    }

    void aStaleTicketIsDropped()
    {
        CountingJob owner;
        QSignalSpy progressed(&owner, &CountingJob::progressed);
        QSignalSpy finished(&owner, &CountingJob::finished);
        std::promise<void> gate;
        const std::shared_future<void> open = gate.get_future().share();
        auto stale = std::make_shared<std::atomic<QThread*>>(nullptr);
        // The first job ignores its cancel flag and reports late, after the second has finished.
        owner.start([&owner, open, stale](Counted& outcome, const CountingJob::Runner::Job& job) {
            *stale = QThread::currentThread();
            open.wait();
            owner.report(job, 1);
            outcome.value = 1;
        });
        owner.start([](Counted& outcome, const CountingJob::Runner::Job&) { outcome.value = 2; });
        QVERIFY(finished.wait(30000));
        QTRY_VERIFY_WITH_TIMEOUT(stale->load() != nullptr, 30000);
        gate.set_value();
        QVERIFY(stale->load()->wait());
        QCoreApplication::sendPostedEvents();
        QCOMPARE(finished.count(), 1);
        QCOMPARE(finished.first().at(0).toInt(), 2);
        QVERIFY(progressed.isEmpty());
    }

    void cancelReachesTheWork()
    {
        CountingJob owner;
        QSignalSpy finished(&owner, &CountingJob::finished);
        owner.start([](Counted& outcome, const CountingJob::Runner::Job& job) {
            while (!job.cancelled())
                QThread::yieldCurrentThread();
            outcome.cancelled = job.cancelFlag().load();
        });
        owner.runner().cancel();
        QVERIFY(owner.runner().running());  // a cancelled job still delivers its outcome
        QVERIFY(finished.wait(30000));
        QCOMPARE(finished.first().at(1).toBool(), true);
        QVERIFY(!owner.runner().running());
    }

    void anExceptionBecomesTheError()
    {
        CountingJob owner;
        QSignalSpy finished(&owner, &CountingJob::finished);
        owner.start([](Counted& outcome, const CountingJob::Runner::Job&) {
            outcome.value = 7;
            throw std::runtime_error("log.csv: line 3, column 2 (time): not a number");
        });
        QVERIFY(finished.wait(30000));
        QCOMPARE(finished.first().at(0).toInt(), 7);
        QCOMPARE(finished.first().at(2).toString(), QStringLiteral("log.csv: line 3, column 2 (time): not a number"));
    }

    void inputIssuesAreListedAndBrokenContractsAskForAReport()
    {
        CountingJob owner;
        QSignalSpy finished(&owner, &CountingJob::finished);
        owner.start([](Counted&, const CountingJob::Runner::Job&) {
            throw InputError(std::vector<InputIssue>{{"s.json", "cluster.groups", "1 is out of range"},
                                                     {"s.json", "run.seed", "-1 is out of range"}});
        });
        QVERIFY(finished.wait(30000));
        QCOMPARE(finished.first().at(2).toString(),
                 QStringLiteral("s.json: cluster.groups: 1 is out of range\ns.json: run.seed: -1 is out of range"));
        finished.clear();
        owner.start([](Counted&, const CountingJob::Runner::Job&) { throw std::logic_error("reorder: no matching"); });
        QVERIFY(finished.wait(30000));
        const QString error = finished.first().at(2).toString();
        QVERIFY2(error.startsWith(QStringLiteral("Internal error: reorder: no matching\n")), qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("please report")), qPrintable(error));
    }

    void destroyingTheOwnerMidJobIsSafe()
    {
        auto owner = std::make_unique<CountingJob>();
        int delivered = 0;
        connect(owner.get(), &CountingJob::progressed, this, [&delivered] { ++delivered; });
        connect(owner.get(), &CountingJob::finished, this, [&delivered] { ++delivered; });
        QSignalSpy progressed(owner.get(), &CountingJob::progressed);
        auto sawCancel = std::make_shared<std::atomic<bool>>(false);
        CountingJob* raw = owner.get();
        owner->start([raw, sawCancel](Counted&, const CountingJob::Runner::Job& job) {
            for (int done = 1; !job.cancelled(); ++done) {
                raw->report(job, done);
                QThread::yieldCurrentThread();
            }
            *sawCancel = true;
        });
        QVERIFY(progressed.wait(30000));
        const int before = delivered;
        owner.reset();  // cancels and joins
        QVERIFY(sawCancel->load());
        QCoreApplication::sendPostedEvents();
        QCOMPARE(delivered, before);
    }
};

QTEST_MAIN(TestJobRunner)
#include "tst_ui_job_runner.moc"
