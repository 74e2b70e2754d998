#pragma once

#include "engine/layout/Layout.h"
#include "engine/sim/FailureTrace.h"
#include "engine/sim/Scenario.h"
#include "engine/topology/ClusterPlacement.h"

#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace spare {

// Everything a run needs besides its scenario, built once: the sweeps, campaigns and the window share one
// PreparedRun (layout and placement are immutable and shared) across the runs that differ only in seed.
struct PreparedRun {
    Scenario scenario;
    // Where the groups sit: built with a topology section when the layout, the trace file's domain rows or
    // a domain failure process needs it.
    std::shared_ptr<const ClusterPlacement> placement;
    // The layout cluster.layout names: built for SPARe+CKPT (its recovery reorders it) or when asked for.
    std::shared_ptr<const Layout> layout;
    std::optional<std::vector<TraceFailure>> trace;  // engaged: the run replays these failures
    int checkpointIntervalSteps = 0;                  // T_c in steps, "auto" resolved

    // The same run with another seed: nothing prepared depends on it, so everything is shared.
    PreparedRun withSeed(std::uint64_t seed) const;
    // The same cluster under another policy and redundancy: the placement and the trace are shared, the
    // layout and the checkpoint interval are prepared for the new values.
    PreparedRun withPolicy(Policy policy, int redundancy) const;
};

struct PrepareOptions {
    // Failures given directly (tests, an edited trace in the window) replace failures.trace.
    std::optional<std::vector<TraceFailure>> trace;
    // Build the layout whatever the policy (the window draws it for every policy).
    bool layoutForAnyPolicy = false;
};

// Receives a preparation problem with the scenario key it belongs to ("cluster.layout", "failures.trace";
// "" for the checkpoint rule); preparation then goes on with what does not depend on the failed part.
using PrepareProblemSink = std::function<void(const char* key, const std::exception& problem)>;

// Prepares a scenario that passed validateScenario. Without a sink the first problem is thrown (a
// LayoutError, TopologyError, FailureTraceError or std::invalid_argument naming the key).
PreparedRun prepareRun(const Scenario& scenario, PrepareOptions options = {}, const PrepareProblemSink& sink = {});

// Rep+CKPT's redundancy when it races the other policies: run.rep_redundancy, or for "auto" the r in
// 2 .. min(groups, 64) that minimises its model TTT.
int resolvedRepRedundancy(const Scenario& scenario);

}  // namespace spare
