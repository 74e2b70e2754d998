#pragma once

#include "engine/layout/Layout.h"
#include "engine/reorder/ReorderDecision.h"
#include "engine/sim/RestartCause.h"
#include "engine/sim/Scenario.h"

#include <memory>
#include <optional>
#include <span>
#include <vector>

namespace spare {

// What a policy does with the failures noticed in one step (after the failed all-reduce).
struct FailureResponse {
    enum class Action {
        Commit,   // masked: shrink the communicator and commit the step
        Patch,    // masked after a reorder: patch compute, shrink, retry the all-reduce
        Restart,  // not masked: global restart and rollback
        Retry,    // the step in flight is lost: wait waitS, then compute it again with the live groups
    };
    Action action = Action::Commit;
    RestartCause cause = RestartCause::None;
    int patchGroups = 0;                     // Patch: survivors that compute one extra stack
    std::optional<ReorderDecision> decision;  // SPARe: the reorder controller's decision
    double waitS = 0.0;                       // Retry: detection and reconfiguration before the new attempt
};

// The part of the step loop where the policies (SPARe+CKPT, Rep+CKPT, CKPT-only, elastic, rebalance) differ: how much compute a
// step takes and what a failure does. Everything else (clocks, check points, all-reduce, restarts,
// checkpoints, metrics) is shared by the Simulator.
class RecoveryPolicy {
public:
    virtual ~RecoveryPolicy() = default;

    // A step's compute is computePieces() pieces of pieceSeconds() each, with a check point before
    // each piece and one jitter factor per piece per group.
    virtual int computePieces() const = 0;
    virtual double pieceSeconds() const = 0;
    // Stacks per step (S for SPARe, r for Rep, 1 for CKPT-only).
    virtual int stackNumber() const = 0;
    // The share of the full global batch a step commits now (elastic: the live contributors' share).
    virtual double batchFraction() const { return 1.0; }
    // `groups` (ascending) failed together; they are out until reset().
    virtual FailureResponse onFailures(std::span<const int> groups) = 0;
    // `groups` (ascending) were found failed when a step starts, before its compute (they failed between
    // steps, or in a detection wait). Policies that form a quorum each step leave them out at once (nothing
    // in flight is lost; the response's waitS is a re-planning pause) and return a response; the others
    // return nothing and the failures surface at the step's all-reduce.
    virtual std::optional<FailureResponse> onFailuresBeforeStep(std::span<const int>) { return std::nullopt; }
    // `groups` (ascending, each out) are back at a step boundary (repair.rejoin at_step). SPARe returns
    // its re-admission decision; the other policies nothing.
    virtual std::optional<ReorderDecision> onRejoin(std::span<const int> groups) = 0;
    // Global restart: every group back, S = 1.
    virtual void reset() = 0;
    // Current N x r stack orders for snapshots (SPARe); policies without stacks append nothing.
    virtual void appendStacks(std::vector<int>& out) const = 0;

    // SPARe+CKPT reorders `layout` (its own copy); the other policies need none.
    static std::unique_ptr<RecoveryPolicy> create(const Scenario& scenario, const Layout* layout);
};

}  // namespace spare
