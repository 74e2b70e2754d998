#pragma once

#include "engine/sim/Event.h"
#include "engine/sim/FailureClocks.h"
#include "engine/sim/HostPopulation.h"
#include "engine/sim/Scenario.h"
#include "engine/topology/ClusterPlacement.h"

#include <memory>
#include <span>
#include <utility>
#include <vector>

namespace spare {

// The domain failure processes of a run (docs/simulator-model.md, "Failure domains and categories"):
// every failures.domains entry, then every domain-level failures.categories entry, in list order, is a
// process; each has one renewal clock per domain of its level that holds at least one group. Process p's
// clock for its i-th such domain renews from stream (p << 32) + i of the domain-clock purpose (its first
// lifetimes: the order-statistic streams of offset p << 32, sim/FailureClocks.h), so the
// per-group clocks and every other draw of the run are unchanged. A domain clock renews at its own firing
// (the domain's hardware is replaced whatever the training run is doing), so its firings are the same
// for every policy. Empty (no processes) when the scenario has none.
// The failure-prone nodes of the hosts section are one more process, last: one clock per prone node that
// fails its group alone, at (prone_factor - 1) times a healthy node's rate (the node's extra failures;
// its healthy share stays in its group's clock). Under hosts.remove_after k the clock stops at its k-th
// firing: the node is removed.
class DomainFailureClocks {
public:
    struct Firing {
        double timeS = 0.0;
        int process = -1;
        int domain = -1;      // the node id for a prone node
        bool removed = false; // a prone node's last firing: it is removed
    };

    DomainFailureClocks() = default;
    // placement: nullptr for none (no domain processes; a prone-node process needs none).
    DomainFailureClocks(const Scenario& scenario, std::shared_ptr<const ClusterPlacement> placement,
                        const HostPopulation& hosts);

    bool empty() const { return processes_.empty(); }
    // The earliest pending firing over all domains (+inf when none).
    double earliest() const;
    // Removes and returns the earliest firing; its clock renews from the firing instant.
    Firing pop();
    // The groups a firing takes down: every group with a node in its domain, ascending.
    std::span<const int> groupsHit(const Firing& firing) const;
    // How many of group g's nodes lie in the firing's domain (the nodes it sends to repair).
    int nodesHit(const Firing& firing, int group) const;
    // True when a domain of group g has a clock due at or before timeS.
    bool firedBy(int group, double timeS);
    // What the firing was, for events: its category name (if from failures.categories) and domain.
    std::shared_ptr<const FailureOrigin> origin(const Firing& firing) const;

private:
    struct Process {
        DomainLevel level = DomainLevel::Rack;
        std::string category;             // empty for a failures.domains entry
        std::vector<int> domains;         // clock i -> domain id
        std::vector<int> clockOfDomain;   // domain id -> clock, -1 where the domain holds no group
        FailureClocks clocks;
    };
    // The prone-node process (index proneProcess_): clock i is node proneNodes[i] of group proneGroups[i].
    struct ProneNodes {
        std::vector<int> nodes;
        std::vector<int> groups;
        std::vector<int> firings;                   // per clock
        std::vector<std::pair<int, int>> byGroup;   // (group, clock), sorted
        int removeAfter = 0;
    };
    void addDomainProcesses(const Scenario& scenario);
    std::size_t earliestProcess() const;
    bool isProne(std::size_t process) const { return static_cast<int>(process) == proneProcess_; }

    std::shared_ptr<const ClusterPlacement> placement_;
    std::vector<Process> processes_;
    int proneProcess_ = -1;
    ProneNodes prone_;
};

}  // namespace spare
