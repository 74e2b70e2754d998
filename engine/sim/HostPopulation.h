#pragma once

#include "engine/sim/Scenario.h"

#include <vector>

namespace spare {

// The failure-prone and slow nodes of a scenario's hosts section. Node n belongs to group
// n / nodesPerGroup; each set is a uniform draw without replacement of round(share x nodes) nodes from
// its own stream of the hosts purpose (prone: stream 0, slow: stream 1), so the two sets are independent
// and every policy run with the same seed has the same hosts. Empty without a hosts section.
class HostPopulation {
public:
    explicit HostPopulation(const Scenario& scenario);

    // ceil(cluster.gpus_per_group / topology.gpus_per_node), 8 GPUs a node without a topology.
    static int nodesPerGroup(const Scenario& scenario);
    static long long totalNodes(const Scenario& scenario);

    // The failure-prone nodes' groups, in ascending node order (clock i of the prone process is node i).
    const std::vector<int>& proneGroups() const { return proneGroups_; }
    const std::vector<int>& proneNodes() const { return proneNodes_; }
    // Groups with at least one slow node, ascending, and how many slow nodes each holds.
    const std::vector<int>& slowGroups() const { return slowGroups_; }
    const std::vector<int>& slowNodesInGroup() const { return slowNodesInGroup_; }
    int slowNodeCount() const { return slowNodeCount_; }

private:
    std::vector<int> proneNodes_;
    std::vector<int> proneGroups_;
    std::vector<int> slowGroups_;
    std::vector<int> slowNodesInGroup_;
    int slowNodeCount_ = 0;
};

}  // namespace spare
