#pragma once

#include "JobRunner.h"
#include "sim/RecordingChunk.h"
#include "sim/FailureTrace.h"
#include "sim/RunMetrics.h"
#include "sim/Scenario.h"

#include <QObject>
#include <QString>

#include <optional>
#include <vector>

namespace spare {

// Runs the engine's Simulator on a thread of its own and delivers the recording to the GUI thread in
// immutable chunks (queued signals). start() abandons any run in progress: its chunks are dropped.
// The GUI thread never waits for the engine, except in the destructor, which cancels and joins.
class SimulationWorker : public QObject {
    Q_OBJECT
public:
    explicit SimulationWorker(QObject* parent = nullptr);
    ~SimulationWorker() override;

    // trace: run the trace failure model with these failures instead of the scenario's model.
    void start(const Scenario& scenario, std::optional<std::vector<TraceFailure>> trace = std::nullopt);
    // Cancels the run; what it still sends is dropped.
    void cancel() { runner_.abandon(); }
    bool running() const { return runner_.running(); }

    // Snapshot spacing: about every 25 steps of failure-free time, so a seek replays a few hundred events.
    static double snapshotIntervalS(const Scenario& scenario);

signals:
    void started();
    void chunkReady(spare::RecordingChunkPtr chunk);
    void finished(spare::RunMetrics metrics);
    void failed(QString message);

private:
    struct Outcome {
        std::optional<RunMetrics> metrics;
        QString error;
    };
    JobRunner<Outcome> runner_{this, QStringLiteral("spare-simulation")};  // last member: joined before the rest goes
};

}  // namespace spare

Q_DECLARE_METATYPE(spare::RecordingChunkPtr)
Q_DECLARE_METATYPE(spare::RunMetrics)
