#include "engine/sim/PreparedRun.h"

#include "engine/analysis/ClosedForms.h"
#include "engine/base/ScenarioLimits.h"
#include "engine/sim/ScenarioLayout.h"
#include "engine/sim/Simulator.h"

#include <algorithm>

namespace spare {

namespace {

// Fills in what `run` lacks for its scenario: the placement, the layout when `layoutWanted`, the trace
// file's failures and the checkpoint interval. Each problem goes to `sink`, or is thrown without one.
void completeRun(PreparedRun& run, bool layoutWanted, const PrepareProblemSink& sink)
{
    const Scenario& s = run.scenario;
    const auto attempt = [&sink](const char* key, auto&& step) {
        if (!sink)
            return step();
        try {
            step();
        } catch (const std::exception& e) {
            sink(key, e);
        }
    };
    const bool traceToLoad = !run.trace && s.failureModel == FailureModel::Trace;
    // Domain failure processes run only without a trace.
    const bool domainClocks = !run.trace && s.failureModel != FailureModel::Trace &&
                              (!s.domainFailures.empty() ||
                               std::any_of(s.failureCategories.begin(), s.failureCategories.end(),
                                           [](const FailureCategory& c) { return c.level.has_value(); }));
    bool placementOk = true;
    if (!run.placement && s.topology && (layoutWanted || traceToLoad || domainClocks)) {
        try {
            run.placement = scenarioPlacement(s);
        } catch (const std::exception& e) {
            if (!sink)
                throw;
            // Reported under each key whose preparation needed the placement.
            placementOk = false;
            if (layoutWanted)
                sink("cluster.layout", e);
            if (traceToLoad)
                sink("failures.trace", e);
            if (!layoutWanted && !traceToLoad)
                sink("topology.placement", e);
        }
    }
    if (placementOk && layoutWanted && !run.layout)
        attempt("cluster.layout", [&] { run.layout = std::make_shared<const Layout>(scenarioLayout(s, run.placement.get())); });
    if (placementOk && traceToLoad)
        attempt("failures.trace", [&] { run.trace = loadFailureTrace(s.failureTrace, s.groups, run.placement.get()); });
    attempt("", [&] {
        run.checkpointIntervalSteps = s.checkpointIntervalSteps ? *s.checkpointIntervalSteps : autoCheckpointIntervalSteps(s);
    });
}

}  // namespace

PreparedRun PreparedRun::withSeed(std::uint64_t seed) const
{
    PreparedRun run = *this;
    run.scenario.seed = seed;
    return run;
}

PreparedRun PreparedRun::withPolicy(Policy policy, int redundancy) const
{
    PreparedRun run = *this;
    run.scenario.policy = policy;
    run.scenario.redundancy = redundancy;
    if (redundancy != scenario.redundancy)
        run.layout.reset();
    completeRun(run, policy == Policy::Spare, {});
    return run;
}

PreparedRun prepareRun(const Scenario& scenario, PrepareOptions options, const PrepareProblemSink& sink)
{
    PreparedRun run;
    run.scenario = scenario;
    run.trace = std::move(options.trace);
    completeRun(run, options.layoutForAnyPolicy || scenario.policy == Policy::Spare, sink);
    return run;
}

int resolvedRepRedundancy(const Scenario& scenario)
{
    if (scenario.repRedundancy)
        return *scenario.repRedundancy;
    return repBestRedundancy(scenario.groups, ScenarioLimits::maxRedundancy, scenario.systemMtbfS,
                             scenario.checkpointWriteS, scenario.restartS, scenario.computeS, scenario.allReduceS);
}

}  // namespace spare
