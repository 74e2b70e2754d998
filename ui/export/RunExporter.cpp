#include "export/RunExporter.h"

#include "export/SaveFile.h"
#include "io/ChromeTraceWriter.h"
#include "io/CsvEventWriter.h"
#include "sim/RunMetricsJson.h"

#include <nlohmann/json.hpp>

#include <memory>

namespace spare {
namespace {

// Forwards events to the writers and stops the run when the cancel flag is raised.
class ExportObserver final : public SimulationObserver {
public:
    ExportObserver(std::vector<SimulationObserver*> observers, const std::atomic<bool>* cancel)
        : observers_(std::move(observers)), cancel_(cancel)
    {
    }
    void onEvent(const Event& event) override
    {
        for (SimulationObserver* observer : observers_)
            observer->onEvent(event);
    }
    bool stopRequested() const override { return cancel_ && cancel_->load(std::memory_order_relaxed); }

private:
    std::vector<SimulationObserver*> observers_;
    const std::atomic<bool>* cancel_;
};

}  // namespace

std::optional<RunMetrics> RunExporter::write(const Scenario& scenario, const RunExportPaths& paths,
                                             const std::atomic<bool>* cancel,
                                             const std::optional<std::vector<TraceFailure>>& trace,
                                             const SimulationLimits& limits)
{
    std::unique_ptr<ChromeTraceWriter> traceWriter;
    std::unique_ptr<CsvEventWriter> csvWriter;
    std::vector<SimulationObserver*> observers;
    if (!paths.perfettoTrace.isEmpty()) {
        ChromeTraceOptions options;
        options.policyLabel = policyDisplayName(scenario.policy);
        options.groups = scenario.groups;
        traceWriter = std::make_unique<ChromeTraceWriter>(paths.perfettoTrace.toStdString(), options);
        observers.push_back(traceWriter.get());
    }
    if (!paths.eventsCsv.isEmpty()) {
        csvWriter = std::make_unique<CsvEventWriter>(paths.eventsCsv.toStdString());
        observers.push_back(csvWriter.get());
    }
    ExportObserver observer(std::move(observers), cancel);
    const Simulator simulator = trace ? Simulator(scenario, *trace) : Simulator(scenario);
    const RunMetrics metrics = simulator.run(&observer, limits);
    if (cancel && cancel->load())
        return std::nullopt;  // the writers' destructors discard their temp files
    if (traceWriter)
        traceWriter->finish();
    if (csvWriter)
        csvWriter->finish();
    if (!paths.metricsJson.isEmpty())
        writeMetricsJson(scenario, metrics, paths.metricsJson);
    return metrics;
}

void RunExporter::writeMetricsJson(const Scenario& scenario, const RunMetrics& metrics, const QString& path)
{
    nlohmann::json out = runMetricsToJson(metrics);
    out["scenario"] = scenario.name;
    out["policy"] = policyName(scenario.policy);
    out["redundancy"] = scenario.redundancy;
    out["groups"] = scenario.groups;
    out["seed"] = scenario.seed;
    saveFileAtomically(path, QByteArray::fromStdString(out.dump(2) + "\n"));
}

}  // namespace spare
