#pragma once

#include "engine/sim/RecoveryPolicy.h"

namespace spare {

// CKPT-only: one stack per step; any failure is a global restart.
class CheckpointOnlyPolicy final : public RecoveryPolicy {
public:
    explicit CheckpointOnlyPolicy(double computeS) : computeS_(computeS) {}

    int computePieces() const override { return 1; }
    double pieceSeconds() const override { return computeS_; }
    int stackNumber() const override { return 1; }
    FailureResponse onFailures(std::span<const int>) override
    {
        return {FailureResponse::Action::Restart, RestartCause::AnyFailure, 0, std::nullopt};
    }
    // Any failure restarts, so no group is ever out at a step boundary.
    std::optional<ReorderDecision> onRejoin(std::span<const int>) override { return std::nullopt; }
    void reset() override {}
    void appendStacks(std::vector<int>&) const override {}

private:
    double computeS_;
};

}  // namespace spare
