#pragma once

#include "engine/sim/PreparedRun.h"
#include "engine/sim/RecordingChunk.h"
#include "engine/sim/RunMetrics.h"
#include "engine/sim/Scenario.h"
#include "ui/base/JobRunner.h"

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

    // Runs what the caller prepared (its layout, placement and trace are shared, not built again).
    void start(PreparedRun run);
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
