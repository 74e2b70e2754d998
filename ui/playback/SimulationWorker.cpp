#include "playback/SimulationWorker.h"

#include "ErrorText.h"
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

void SimulationWorker::start(const Scenario& scenario, std::optional<std::vector<TraceFailure>> trace)
{
    runner_.start({}, [this, scenario, trace = std::move(trace)](Outcome& outcome, const auto& job) {
        RecordingObserver observer(
            snapshotIntervalS(scenario), [this, &job](RecordingChunkPtr chunk) { job.post([this, chunk] { emit chunkReady(chunk); }); },
            &job.cancelFlag());
        try {
            const Simulator simulator = trace ? Simulator(scenario, *trace) : Simulator(scenario);
            outcome.metrics = simulator.run(&observer);
            observer.finish();
        } catch (const std::exception& e) {
            observer.finish(e.what());
            outcome.error = errorText(e);
        }
    }, [this](const Outcome& outcome) {
        if (outcome.metrics)
            emit finished(*outcome.metrics);
        else
            emit failed(outcome.error);
    });
    emit started();
}

}  // namespace spare
