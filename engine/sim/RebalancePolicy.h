#pragma once

#include "engine/sim/RecoveryPolicy.h"

namespace spare {

// Fixed-batch re-balancing without redundancy (policy rebalance, Oobleck-class; docs/policies/
// rebalance.md): after a failure the failed all-reduce is followed by a re-planning pause
// (rebalance.reconfigure_s), the step in flight is lost and computed again by the L live groups, each
// taking N / L of the work (ceil(N / L) under rebalance.integer_factor), so the batch stays whole and
// every step is slower. Groups whose nodes were replaced join at a step boundary. No live group left: a
// global restart.
class RebalancePolicy final : public RecoveryPolicy {
public:
    RebalancePolicy(int groups, double computeS, const RebalanceSettings& settings);

    int computePieces() const override { return 1; }
    double pieceSeconds() const override { return computeS_ * computeFactor(); }
    int stackNumber() const override { return 1; }
    FailureResponse onFailures(std::span<const int> groups) override;
    // Re-planned before the step (the pause, no lost step).
    std::optional<FailureResponse> onFailuresBeforeStep(std::span<const int> groups) override
    {
        return onFailures(groups);
    }
    std::optional<ReorderDecision> onRejoin(std::span<const int> groups) override;
    void reset() override { live_ = groups_; }
    void appendStacks(std::vector<int>&) const override {}

    // The work of one group in a step, in units of T_comp: N / L, or ceil(N / L).
    double computeFactor() const;

private:
    int groups_;
    double computeS_;
    RebalanceSettings settings_;
    int live_;
};

}  // namespace spare
