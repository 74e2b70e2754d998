#pragma once

#include "engine/sim/GroupRoster.h"
#include "engine/sim/RunMetrics.h"
#include "engine/sim/Scenario.h"
#include "engine/sim/SparePool.h"

#include <functional>
#include <queue>
#include <vector>

namespace spare {

// The repair model of a run (the repair section, docs/simulator-model.md "Repair, hot spares and
// rejoin"): failed nodes go to the spare pool, served groups queue for their rejoin (swap and state
// transfer later), and the counts of RepairMetrics.
class RepairTracker {
public:
    RepairTracker(const RepairModel& model, int groups, std::uint64_t seed);

    void nodesFailed(int group, int nodes, double timeS);
    void nodesRetired(int nodes, double timeS) { pool_.nodesRetired(nodes, timeS); }
    // repair.rejoin at_step: the out groups back at `now` (their nodes replaced, their state transfer
    // over), ascending; empty under rejoin none.
    const std::vector<int>& readyToRejoin(double now, const GroupRoster& roster);
    // `group`, one of readyToRejoin(now), is back at `now`.
    void rejoined(int group, double now);
    // When `group` last rejoined (0: never): a clock of it that fired before then fired while it was out.
    double rejoinedAtS(int group) const { return rejoinedAtS_[static_cast<std::size_t>(group)]; }
    // When every request made so far has its spare (SparePool::allServedBy).
    double allServedBy() const { return pool_.allServedBy(); }
    // The end of a global restart or planned stop: every served request is taken, nothing is left to
    // rejoin.
    void allBack(double end);
    // A restart outlasted its windows by `seconds` waiting for spares.
    void spareWait(double seconds);
    RepairMetrics metrics() const;

private:
    struct ReadyGroup {
        double timeS = 0.0;
        int group = -1;
        bool operator>(const ReadyGroup& other) const
        {
            return timeS != other.timeS ? timeS > other.timeS : group > other.group;
        }
    };

    RepairModel model_;
    SparePool pool_;
    std::vector<double> failedAtS_;  // each group's latest failure
    std::vector<double> rejoinedAtS_;
    std::priority_queue<ReadyGroup, std::vector<ReadyGroup>, std::greater<>> rejoinQueue_;
    std::vector<int> rejoining_;
    double rejoinDelaySumS_ = 0.0;
    RepairMetrics metrics_;
};

}  // namespace spare
