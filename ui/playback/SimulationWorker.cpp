#include "playback/SimulationWorker.h"

#include "playback/RecordingObserver.h"
#include "sim/Simulator.h"

#include <QThread>

#include <exception>

namespace spare {

struct SimulationWorker::Run {
    std::atomic<bool> stop{false};
};

SimulationWorker::SimulationWorker(QObject* parent) : QObject(parent)
{
    qRegisterMetaType<RecordingChunkPtr>();
    qRegisterMetaType<RunMetrics>();
}

SimulationWorker::~SimulationWorker()
{
    cancel();
    for (QThread* thread : threads_) {
        thread->wait();
        delete thread;
    }
}

double SimulationWorker::snapshotIntervalS(const Scenario& scenario)
{
    return 25.0 * (scenario.computeS + scenario.allReduceS);
}

void SimulationWorker::cancel()
{
    if (current_)
        current_->stop = true;
    current_.reset();
    ++generation_;
    running_ = false;
}

void SimulationWorker::start(const Scenario& scenario, std::optional<std::vector<TraceFailure>> trace)
{
    cancel();
    auto run = std::make_shared<Run>();
    current_ = run;
    const int generation = generation_;
    running_ = true;
    // Runs on the GUI thread (queued to `this`): drops what a cancelled run still sends.
    auto deliver = [this, generation](auto&& emitter) {
        if (generation == generation_)
            emitter();
    };
    auto* thread = QThread::create([this, run, scenario, trace = std::move(trace), deliver] {
        auto post = [this, deliver](auto emitter) {
            QMetaObject::invokeMethod(this, [deliver, emitter] { deliver(emitter); }, Qt::QueuedConnection);
        };
        RecordingObserver observer(
            snapshotIntervalS(scenario),
            [this, post](RecordingChunkPtr chunk) { post([this, chunk] { emit chunkReady(chunk); }); },
            &run->stop);
        try {
            const Simulator simulator = trace ? Simulator(scenario, *trace) : Simulator(scenario);
            const RunMetrics metrics = simulator.run(&observer);
            observer.finish();
            post([this, metrics] {
                running_ = false;
                emit finished(metrics);
            });
        } catch (const std::exception& e) {
            observer.finish(e.what());
            const QString message = QString::fromUtf8(e.what());
            post([this, message] {
                running_ = false;
                emit failed(message);
            });
        }
    });
    thread->setObjectName(QStringLiteral("spare-simulation"));
    // Finished threads are reaped at the next start; the destructor joins the rest.
    std::erase_if(threads_, [](QThread* t) {
        if (!t->isFinished())
            return false;
        delete t;
        return true;
    });
    threads_.push_back(thread);
    thread->start(QThread::LowPriority);
    emit started();
}

}  // namespace spare
