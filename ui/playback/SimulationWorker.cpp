#include "ui/playback/SimulationWorker.h"

#include "engine/sim/RecordingObserver.h"
#include "engine/sim/Simulator.h"
#include "ui/base/ErrorText.h"

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

void SimulationWorker::start(PreparedRun run)
{
    runner_.start({}, [this, run = std::move(run)](Outcome& outcome, const auto& job) {
        RecordingObserver observer(
            snapshotIntervalS(run.scenario), [this, &job](RecordingChunkPtr chunk) { job.post([this, chunk] { emit chunkReady(chunk); }); },
            &job.cancelFlag());
        try {
            const Simulator simulator(run);
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
