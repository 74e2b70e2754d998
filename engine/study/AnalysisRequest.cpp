#include "engine/study/AnalysisRequest.h"

#include "engine/analysis/ClosedForms.h"
#include "engine/sim/ScenarioJson.h"
#include "engine/sweep/RackCorrelatedFailures.h"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>
#include <type_traits>

namespace spare {

AnalysisRequest AnalysisRequest::interactiveDefaults(const Scenario& scenario)
{
    AnalysisRequest request;
    request.scenario = scenario;
    const int maxR = std::clamp(scenario.groups / 4, 2, 20);
    for (int r = 2; r <= maxR; r += (r < 12 ? 1 : 2))
        request.redundancies.push_back(r);
    request.seeds = 3;
    request.chosenRedundancy = std::clamp(optimalRedundancy(scenario.groups), 2, maxR);
    for (int n : {scenario.groups / 4, scenario.groups / 2, scenario.groups})
        if (n >= 4 * request.chosenRedundancy || n == scenario.groups)
            request.groupsGrid.push_back(n);
    request.intervalGrid = {5, 10, 20, 40, 80};
    request.stepsCap = std::min(scenario.steps, kInteractiveStepsCap);
    request.repairGrid = RepairWhatIfGrid{};
    return request;
}

AnalysisRequest AnalysisRequest::headlineBenchmark(const Scenario& scenario)
{
    AnalysisRequest request;
    request.scenario = scenario;
    request.policies = {Policy::Spare, Policy::Rep};
    for (int r = 2; r <= 20; ++r)
        request.redundancies.push_back(r);
    request.seeds = 3;
    request.monteCarloTrials = 0;
    request.chosenRedundancy = optimalRedundancy(scenario.groups);
    request.rackShare = 0.0;
    return request;
}

Scenario AnalysisRequest::simulatedScenario() const
{
    Scenario simulated = scenario;
    if (stepsCap > 0)
        simulated.steps = std::min(simulated.steps, stepsCap);
    return simulated;
}

std::string AnalysisRequest::correlatedFailuresUnavailable() const
{
    if (rackShare <= 0.0)
        return "the rack share is 0";
    if (!scenario.topology)
        return "the scenario has no topology section: racks are not defined";
    try {
        withRackShare(scenario, rackShare);
    } catch (const std::invalid_argument& e) {
        return e.what();
    }
    return {};
}

std::string AnalysisRequest::cacheKey() const
{
    std::string key = scenarioToJsonText(scenario);
    auto appendList = [&key](const char* label, const auto& values) {
        key += label;
        for (const auto& v : values) {
            if constexpr (std::is_floating_point_v<std::decay_t<decltype(v)>>)
                key += fmt::format(" {:.17g}", v);
            else
                key += fmt::format(" {}", static_cast<long long>(v));
        }
        key += '\n';
    };
    appendList("policies", policies);
    appendList("r", redundancies);
    appendList("n", groupsGrid);
    appendList("tc", intervalGrid);
    appendList("repair spares", repairGrid.spareNodes);
    appendList("repair swap", repairGrid.swapS);
    appendList("repair rejoin", repairGrid.rejoin);
    key += fmt::format("seeds {} trials {} chosen {} cap {} rack share {:.17g} repair seeds {} layout {}\n", seeds,
                       monteCarloTrials, chosenRedundancy, stepsCap, rackShare, repairSeeds, extraLayoutPath);
    return key;
}

}  // namespace spare
