#include "engine/sim/Simulator.h"

#include "engine/sim/DomainFailureClocks.h"
#include "engine/sim/FailureClocks.h"
#include "engine/sim/HostPopulation.h"
#include "engine/sim/SimulationRun.h"

namespace spare {

Simulator::Simulator(PreparedRun run) : run_(std::move(run))
{
    if (run_.trace)
        run_.scenario.failureModel = FailureModel::Trace;
}

Simulator::Simulator(const Scenario& scenario) : Simulator(prepareRun(scenario)) {}

Simulator::Simulator(const Scenario& scenario, std::vector<TraceFailure> trace)
    : Simulator(prepareRun(scenario, {std::move(trace)}))
{
}

RunMetrics Simulator::run(SimulationObserver* observer, const SimulationLimits& limits) const
{
    const Scenario& scenario = run_.scenario;
    FailureClocks clocks = run_.trace ? FailureClocks(scenario.groups, *run_.trace) : FailureClocks(scenario);
    const HostPopulation hosts(scenario);
    DomainFailureClocks domains(scenario, run_.trace ? nullptr : run_.placement, hosts);
    SimulationRun simulation(scenario, run_.layout.get(), std::move(clocks), std::move(domains), hosts,
                             run_.checkpointIntervalSteps, observer, limits);
    return simulation.run();
}

}  // namespace spare
