#include "engine/output/RunOutputs.h"

#include "engine/base/RunControl.h"

#include <memory>
#include <vector>

namespace spare {

namespace {

// Forwards every event to several observers.
class ObserverFanOut final : public SimulationObserver {
public:
    void add(SimulationObserver* observer) { observers_.push_back(observer); }
    bool empty() const { return observers_.empty(); }
    void onEvent(const Event& event) override
    {
        for (auto* observer : observers_)
            observer->onEvent(event);
    }

private:
    std::vector<SimulationObserver*> observers_;
};

}  // namespace

std::optional<RunMetrics> runWithOutputs(const Simulator& simulator, const RunOutputs& outputs,
                                         const SimulationLimits& limits)
{
    std::unique_ptr<ChromeTraceWriter> trace;
    std::unique_ptr<CsvEventWriter> csv;
    ObserverFanOut fanOut;
    if (!outputs.chromeTracePath.empty()) {
        ChromeTraceOptions options = outputs.chromeTrace;
        if (options.groups == 0)
            options.groups = simulator.scenario().groups;
        options.restartDetectS = simulator.scenario().detectS;
        options.restartDiagnoseS = simulator.scenario().diagnoseS;
        options.restartQueueS = simulator.scenario().queueS;
        trace = std::make_unique<ChromeTraceWriter>(outputs.chromeTracePath, options);
        fanOut.add(trace.get());
    }
    if (!outputs.eventsCsvPath.empty()) {
        csv = std::make_unique<CsvEventWriter>(outputs.eventsCsvPath, outputs.eventsCsvMaxRows);
        fanOut.add(csv.get());
    }
    const RunMetrics metrics = simulator.run(fanOut.empty() ? nullptr : &fanOut, limits);
    if (RunControl::raised(limits.cancel))
        return std::nullopt;  // the writers' destructors discard their temp files
    if (trace)
        trace->finish();
    if (csv)
        csv->finish();
    return metrics;
}

}  // namespace spare
