#include "playback/SimulationWorker.h"

#include "sim/RecordingObserver.h"
#include "sim/Simulator.h"

#include <exception>

namespace spare {

SimulationWorker::SimulationWorker(QObject* parent) : QObject(parent)
{
    qRegisterMetaType<RecordingChunkPtr>();
    qRegisterMetaType<RunMetrics>();
}

SimulationWorker::~SimulationWorker() = default;

double SimulationWorker::snapshotIntervalS(const Scenario& scenario)
{
    return 25.0 * (scenario.computeS + scenario.allReduceS);
}

void SimulationWorker::cancel()
{
    if (current_)
        *current_ = true;
    current_.reset();
    ++generation_;
    running_ = false;
}

void SimulationWorker::start(const Scenario& scenario, std::optional<std::vector<TraceFailure>> trace)
{
    cancel();
    const int generation = generation_;
    running_ = true;
    // Runs on the GUI thread (queued to `this`): drops what a cancelled run still sends.
    auto deliver = [this, generation](auto&& emitter) {
        if (generation == generation_)
            emitter();
    };
    current_ = jobs_.start([this, scenario, trace = std::move(trace), deliver](const std::atomic<bool>& stop) {
        auto post = [this, deliver](auto emitter) {
            QMetaObject::invokeMethod(this, [deliver, emitter] { deliver(emitter); }, Qt::QueuedConnection);
        };
        RecordingObserver observer(
            snapshotIntervalS(scenario),
            [this, post](RecordingChunkPtr chunk) { post([this, chunk] { emit chunkReady(chunk); }); },
            &stop);
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
    }, QStringLiteral("spare-simulation"));
    emit started();
}

}  // namespace spare
