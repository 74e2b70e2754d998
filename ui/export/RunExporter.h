#pragma once

#include "engine/sim/FailureTrace.h"
#include "engine/sim/RunMetrics.h"
#include "engine/sim/Scenario.h"
#include "engine/sim/Simulator.h"

#include <QString>

#include <atomic>
#include <limits>
#include <optional>
#include <vector>

namespace spare {

// Where one run's exports go; an empty path skips that file.
struct RunExportPaths {
    QString perfettoTrace;  // Chrome trace-event JSON (ui.perfetto.dev)
    // What the trace keeps, as spare-cli's --trace-window and --trace-groups.
    double traceFromS = 0.0;
    double traceToS = std::numeric_limits<double>::infinity();
    std::vector<int> traceGroups;
    QString eventsCsv;      // CsvEventWriter columns
    QString metricsJson;    // runMetricsToJson plus the run's identity
};

// Re-runs the current scenario with the engine's writers as observers (the same files as
// `spare-cli simulate --trace --events --json`). Every file appears whole or not at all; a cancelled
// run writes nothing. Call from a worker thread: a full run can take seconds.
class RunExporter {
public:
    // nullopt when cancelled. Throws std::runtime_error / InputError on I/O or scenario errors.
    static std::optional<RunMetrics> write(const Scenario& scenario, const RunExportPaths& paths,
                                           const std::atomic<bool>* cancel = nullptr,
                                           const std::optional<std::vector<TraceFailure>>& trace = std::nullopt,
                                           const SimulationLimits& limits = {});
    static void writeMetricsJson(const Scenario& scenario, const RunMetrics& metrics, const QString& path);
};

}  // namespace spare
