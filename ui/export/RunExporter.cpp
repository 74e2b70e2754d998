#include "ui/export/RunExporter.h"

#include "engine/output/RunOutputs.h"
#include "engine/sim/RunMetricsJson.h"
#include "ui/export/SaveFile.h"

#include <nlohmann/json.hpp>

namespace spare {

std::optional<RunMetrics> RunExporter::write(const Scenario& scenario, const RunExportPaths& paths,
                                             const std::atomic<bool>* cancel,
                                             const std::optional<std::vector<TraceFailure>>& trace,
                                             const SimulationLimits& limits)
{
    RunOutputs outputs;
    outputs.chromeTracePath = paths.perfettoTrace.toStdString();
    outputs.chromeTrace.policyLabel = policyDisplayName(scenario.policy);
    outputs.chromeTrace.fromS = paths.traceFromS;
    outputs.chromeTrace.toS = paths.traceToS;
    outputs.chromeTrace.groupLanes = paths.traceGroups;
    outputs.eventsCsvPath = paths.eventsCsv.toStdString();
    SimulationLimits runLimits = limits;
    runLimits.cancel = cancel;
    const Simulator simulator = trace ? Simulator(scenario, *trace) : Simulator(scenario);
    const std::optional<RunMetrics> result = runWithOutputs(simulator, outputs, runLimits);
    if (!result)
        return std::nullopt;
    const RunMetrics& metrics = *result;
    if (!paths.metricsJson.isEmpty())
        writeMetricsJson(scenario, metrics, paths.metricsJson);
    return metrics;
}

void RunExporter::writeMetricsJson(const Scenario& scenario, const RunMetrics& metrics, const QString& path)
{
    saveFileAtomically(path, QByteArray::fromStdString(runReportJson(scenario, metrics).dump(2) + "\n"));
}

}  // namespace spare
