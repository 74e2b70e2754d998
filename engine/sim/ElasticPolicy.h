#pragma once

#include "engine/sim/RecoveryPolicy.h"

namespace spare {

// Elastic data parallelism (policy elastic, docs/policies/elastic.md): the groups vote a quorum every
// step; a failure is noticed after elastic.detect_s (a collective timeout, or a heartbeat abort), the step
// in flight is discarded for everyone and computed again without the failed groups, so the global batch
// shrinks to the live share. A group whose nodes were replaced heals from a peer (the repair section's
// swap and state transfer) and joins at a step boundary. Fewer live groups than elastic.min_replicas: a
// global restart from the last checkpoint. With elastic.spare_groups s the batch is fixed at N - s
// contributors and the other live groups wait as spares.
class ElasticPolicy final : public RecoveryPolicy {
public:
    ElasticPolicy(int groups, double computeS, const ElasticSettings& settings);

    int computePieces() const override { return 1; }
    double pieceSeconds() const override { return computeS_; }
    int stackNumber() const override { return 1; }
    double batchFraction() const override;
    // The batch fraction with `live` of `groups` groups live: min(live, N - s) / (N - s).
    static double batchFraction(int live, int groups, const ElasticSettings& settings);
    FailureResponse onFailures(std::span<const int> groups) override;
    // The quorum of the new step leaves them out (the heartbeat found them); no wait.
    std::optional<FailureResponse> onFailuresBeforeStep(std::span<const int> groups) override;
    std::optional<ReorderDecision> onRejoin(std::span<const int> groups) override;
    void reset() override { live_ = groups_; }
    void appendStacks(std::vector<int>&) const override {}

private:
    int groups_;
    double computeS_;
    ElasticSettings settings_;
    int live_;
};

}  // namespace spare
