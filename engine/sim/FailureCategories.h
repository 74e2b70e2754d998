#pragma once

#include "engine/sim/RandomStream.h"
#include "engine/sim/Scenario.h"

#include <cstdint>
#include <vector>

namespace spare {

// How failures.categories splits the failure rate (docs/simulator-model.md, "Failure domains and
// categories"): the system rate 1/m (all groups alive) is the rate of failure events; category c carries
// the normalised share s_c of it. The gpu-level categories together (share s_G) label the per-group
// clocks, whose mean becomes N m / s_G; a domain-level category is an exponential clock per domain of its
// level with mean D m / s_c (D = domains holding groups), so it fires s_c / m times per second
// cluster-wide.
//
// This class draws which gpu-level category a per-group clock's failure belongs to: group g's n-th
// lifetime takes draw n of stream g of its own purpose, so the draw moves no other random number and
// is the same for every policy.
class FailureCategories {
public:
    explicit FailureCategories(const Scenario& scenario);

    // True when the scenario has gpu-level categories to draw from.
    bool labelsGroupFailures() const { return !categories_.empty(); }
    // The category (index into scenario.failureCategories) of group g's lifetime `lifetime`.
    int categoryOf(int group, std::uint64_t lifetime) const;

private:
    RandomStreams streams_;
    std::vector<int> categories_;    // the gpu-level ones
    std::vector<double> cumulative_; // their shares, summed
};

// Mean lifetime of each per-group clock: N m without categories (today's model), N m / s_G with them
// (+inf when no category is gpu-level).
double groupClockMeanS(const Scenario& scenario);
// Category c's share of all failures: its share over the sum of the list's shares.
double categoryShare(const Scenario& scenario, std::size_t category);

}  // namespace spare
