#pragma once

#include "engine/layout/Layout.h"
#include "engine/reorder/ReorderController.h"
#include "engine/sim/RecoveryPolicy.h"

namespace spare {

// SPARe+CKPT: S stacks per step; every batch of failures goes to the reorder controller.
class SparePolicy final : public RecoveryPolicy {
public:
    SparePolicy(Layout layout, double computeS);

    int computePieces() const override { return controller_.stackNumber(); }
    double pieceSeconds() const override { return computeS_; }
    int stackNumber() const override { return controller_.stackNumber(); }
    FailureResponse onFailures(std::span<const int> groups) override;
    std::optional<ReorderDecision> onRejoin(std::span<const int> groups) override
    {
        return controller_.onRejoin(groups);
    }
    void reset() override { controller_.reset(); }
    void appendStacks(std::vector<int>& out) const override;

private:
    ReorderController controller_;
    double computeS_;
};

}  // namespace spare
