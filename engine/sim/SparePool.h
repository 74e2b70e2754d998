#pragma once

#include "engine/sim/RandomStream.h"
#include "engine/sim/Scenario.h"

#include <cstdint>
#include <deque>
#include <queue>
#include <vector>

namespace spare {

// The hot-spare pool of the repair model (docs/simulator-model.md, "Repair, hot spares and rejoin").
// Every failed node goes to repair and asks for a spare; spares go to the oldest requests first, a
// repaired node returns to the pool and serves the oldest waiting request. A group is served once every
// node it lost has a spare. The n-th node sent to repair draws its repair time from draws 3n .. 3n + 2 of
// the repair-time stream, so failures are the only input that decides the pool's history.
class SparePool {
public:
    // A group whose last missing node got its spare at timeS.
    struct Served {
        double timeS = 0.0;
        int group = -1;
    };

    SparePool(const RepairModel& model, int groups, std::uint64_t seed);

    // `nodes` nodes of `group` fail at timeS (calls come in non-decreasing time, up to the order in
    // which a step notices its failures). Spares that returned by timeS are handed out first.
    void nodesFailed(int group, int nodes, double timeS);
    // Hands out the spares of every repair finished by timeS.
    void advance(double timeS);
    // The groups served since the last call, in the order they were served.
    std::vector<Served> takeServed();
    // When every request made so far has its spare, given the repairs under way (no request pending:
    // -inf). A global restart lasts at least until then.
    double allServedBy() const;

    // `nodes` nodes leave the pool for good at timeS (a removed failure-prone node, evicted slow nodes):
    // taken from the free spares, else from the next repairs to finish.
    void nodesRetired(int nodes, double timeS);

    int freeSpares() const { return free_; }
    int minFreeSpares() const { return minFree_; }
    std::int64_t nodesFailedTotal() const { return repairsDrawn_; }

private:
    struct Request {
        double timeS = 0.0;
        int group = -1;
    };
    double repairSeconds();
    void serve(const Request& request, double timeS);

    RepairModel model_;
    RandomStream stream_;
    std::int64_t repairsDrawn_ = 0;
    int free_ = 0;
    int minFree_ = 0;
    int retiredPending_ = 0;  // repairs still to finish whose node leaves the pool
    std::priority_queue<double, std::vector<double>, std::greater<>> returns_;  // repair end times
    std::deque<Request> waiting_;        // one per node, oldest first
    std::vector<int> missingNodes_;      // per group: nodes still without a spare
    std::vector<Served> served_;
};

}  // namespace spare
