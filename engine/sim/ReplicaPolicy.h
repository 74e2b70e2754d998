#pragma once

#include "engine/sim/RecoveryPolicy.h"

#include <vector>

namespace spare {

// Rep+CKPT: contiguous replica sets (set = group / r; the last set may be short). Each group computes
// r x T_comp per step as one piece; a failure is masked while every set keeps a live member.
class ReplicaPolicy final : public RecoveryPolicy {
public:
    ReplicaPolicy(int groups, int redundancy, double computeS);

    int computePieces() const override { return 1; }
    double pieceSeconds() const override { return redundancy_ * computeS_; }
    int stackNumber() const override { return redundancy_; }
    FailureResponse onFailures(std::span<const int> groups) override;
    std::optional<ReorderDecision> onRejoin(std::span<const int> groups) override;
    void reset() override;
    void appendStacks(std::vector<int>&) const override {}

private:
    int groups_;
    int redundancy_;
    double computeS_;
    std::vector<int> liveInSet_;
};

}  // namespace spare
