#pragma once

#include "engine/sim/DomainFailureClocks.h"
#include "engine/sim/FailureClocks.h"
#include "engine/sim/GroupRoster.h"
#include "engine/sim/MemoryCheckpointTier.h"
#include "engine/sim/RepairTracker.h"
#include "engine/sim/RunMetrics.h"
#include "engine/sim/RunReporter.h"

#include <limits>
#include <memory>
#include <optional>
#include <vector>

namespace spare {

// A run's failure clocks (per group and per domain) and what the step loop has noticed of them. At a
// check point every clock fired by then is handled: a live group's failure takes it out (counted,
// reported, its nodes sent to repair) and is noticed; a dead group's clock just renews. The restart
// and the planned stop read the clocks directly, in time order, through clocks() and the firing helpers.
class FailureDetector {
public:
    // A domain failure inside a restart that hits a group after its own window: noticed at the first
    // check point after the restart.
    struct DomainHit {
        double timeS = 0.0;
        int group = -1;
        std::shared_ptr<const FailureOrigin> origin;
        int nodes = 1;
    };

    FailureDetector(FailureClocks clocks, DomainFailureClocks domains, GroupRoster& roster, RunReporter& reporter,
                    RunMetrics& metrics, std::optional<RepairTracker>& repair,
                    std::optional<MemoryCheckpointTier>& memory);

    // Handles every clock fired by `when` (the deferred domain hits first); a Detection event counts the
    // groups noticed.
    void checkAt(double when);
    // Group g fails at timeS if it was alive then (drops out, counted, reported, its `nodes` nodes sent to
    // repair, its in-memory checkpoint copy possibly lost); false when it was out (or rejoined later).
    bool failLiveGroup(int group, double timeS, const std::shared_ptr<const FailureOrigin>& origin, int nodes);
    void sendToRepair(int group, int nodes, double timeS);

    // Pops the earliest domain firing and hands every group it hits to hit(group, time, origin, nodes),
    // nodes being how many of the group's nodes lie in the domain (counted only under a repair model). A
    // removed failure-prone node leaves the spare pool for good.
    template <typename Hit>
    void takeDomainFiring(Hit&& hit)
    {
        const DomainFailureClocks::Firing firing = domains_.pop();
        if (firing.removed) {
            ++m_.proneNodesRemoved;
            if (repair_)
                repair_->nodesRetired(1, firing.timeS);
        }
        const auto origin = reporter_.domainOrigin(domains_, firing);
        for (const int g : domains_.groupsHit(firing))
            hit(g, firing.timeS, origin, repair_ ? domains_.nodesHit(firing, g) : 1);
    }

    double nextFiringS() const { return std::min(clocks_.earliest(), domains_.earliest()); }
    // True when group g was out at timeS: out now, or rejoined after timeS (a clock of a group waiting to
    // rejoin is found only at the check point after its rejoin).
    bool outAt(int group, double timeS) const
    {
        return !roster_.alive(group) || (repair_ && timeS < repair_->rejoinedAtS(group));
    }
    // No failure the run has still to report can be earlier than this: the next firing of a clock, or a
    // firing a restart put off.
    double earliestUnreportedS() const;
    // Of a group clock and a domain clock due at the same instant, the group clock goes first.
    bool domainFiresFirst() const { return domains_.earliest() < clocks_.earliest(); }
    double domainEarliestS() const { return domains_.earliest(); }
    // True when group g has a clock (its own or a domain's) due by timeS.
    bool firedBy(int group, double timeS) { return clocks_.firedBy(group, timeS) || domains_.firedBy(group, timeS); }

    FailureClocks& clocks() { return clocks_; }
    // Failures noticed in this step, not yet handled.
    std::vector<int>& noticed() { return noticed_; }
    // Group-clock firings and domain hits a restart put off until the first check point after it.
    std::vector<FailureClocks::Firing>& deferred() { return deferred_; }
    std::vector<DomainHit>& deferredHits() { return deferredHits_; }

    // The earliest live-group failure since the last resetFirstFailure() (+inf: none): a checkpoint
    // being written or persisted is voided by one.
    double firstFailureS() const { return firstFailureS_; }
    void resetFirstFailure() { firstFailureS_ = std::numeric_limits<double>::infinity(); }

private:
    FailureClocks clocks_;
    DomainFailureClocks domains_;
    GroupRoster& roster_;
    RunReporter& reporter_;
    RunMetrics& m_;
    std::optional<RepairTracker>& repair_;
    std::optional<MemoryCheckpointTier>& memory_;
    std::vector<int> noticed_;
    std::vector<FailureClocks::Firing> deferred_;
    std::vector<DomainHit> deferredHits_;
    double firstFailureS_ = std::numeric_limits<double>::infinity();
};

}  // namespace spare
