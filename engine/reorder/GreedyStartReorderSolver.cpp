#include "engine/reorder/GreedyStartReorderSolver.h"

#include "engine/reorder/BucketQueue.h"
#include "engine/reorder/CoverageScan.h"

#include <algorithm>
#include <stdexcept>
#include <vector>

namespace spare {

namespace {

size_t idx(int value) { return static_cast<size_t>(value); }

constexpr int kNone = -1;

// Min-cost assignment of the N types to live groups at one capacity. Nodes: types 0 .. N-1, groups
// N .. 2N-1 in the queue.
class MinMoveAssignment {
public:
    MinMoveAssignment(const Layout& layout, std::span<const std::uint8_t> alive, std::span<const int> stacks)
        : n_(layout.groups()), r_(layout.redundancy()), stacks_(stacks), holderCount_(idx(n_), 0),
          holders_(idx(n_) * idx(r_)), match_(idx(n_)), load_(idx(n_)), typePotential_(idx(n_)),
          groupPotential_(idx(n_)), typeDistance_(idx(n_)), groupDistance_(idx(n_)), typeStamp_(idx(n_), 0),
          groupStamp_(idx(n_), 0), groupParent_(idx(n_))
    {
        // Each type's live holders with its current position there, ascending group, in O(N r).
        for (int g = 0; g < n_; ++g) {
            if (!alive[idx(g)])
                continue;
            for (int p = 0; p < r_; ++p) {
                const int t = stacks_[idx(g) * idx(r_) + idx(p)];
                holders_[idx(t) * idx(r_) + idx(holderCount_[idx(t)]++)] = {g, p};
            }
        }
    }

    // The minimum number of moves at this capacity, or kNone when some type cannot be assigned.
    int solve(int capacity)
    {
        capacity_ = capacity;
        std::fill(match_.begin(), match_.end(), kNone);
        std::fill(load_.begin(), load_.end(), 0);
        std::fill(typePotential_.begin(), typePotential_.end(), 0);
        std::fill(groupPotential_.begin(), groupPotential_.end(), 0);
        displaced_.clear();
        for (int t = 0; t < n_; ++t) {
            for (int k = 0; k < holderCount_[idx(t)] && match_[idx(t)] == kNone; ++k) {
                const Holder h = holder(t, k);
                if (h.position < capacity && load_[idx(h.group)] < capacity) {
                    match_[idx(t)] = h.group;
                    ++load_[idx(h.group)];
                }
            }
            if (match_[idx(t)] == kNone)
                displaced_.push_back(t);
        }
        int moves = 0;
        for (int t : displaced_) {
            const int cost = insert(t);
            if (cost == kNone)
                return kNone;
            moves += cost;
        }
        return moves;
    }

private:
    struct Holder {
        int group;
        int position;
    };

    Holder holder(int t, int k) const { return holders_[idx(t) * idx(r_) + idx(k)]; }
    int cost(int position) const { return position < capacity_ ? 0 : 1; }

    // Dijkstra on reduced costs c(t, g) - u_t + y_g from the free type `root` to the nearest group with
    // room, potential update, augmentation. Returns the path's cost, or kNone when no group is reachable.
    int insert(int root)
    {
        stamp_ += 2;  // this search: stamp_ = reached, stamp_ + 1 = settled
        queue_.clear();
        settled_.clear();
        typeStamp_[idx(root)] = stamp_;
        typeDistance_[idx(root)] = 0;
        queue_.push(root, 0);
        int target = kNone;
        int distance = 0;
        while (!queue_.empty()) {
            int d = 0;
            const int node = queue_.pop(d);
            if (node < n_) {
                if (typeDistance_[idx(node)] != d || typeStamp_[idx(node)] == stamp_ + 1)
                    continue;
                settled_.push_back(node);
                typeStamp_[idx(node)] = stamp_ + 1;
                for (int k = 0; k < holderCount_[idx(node)]; ++k) {
                    const Holder h = holder(node, k);
                    const std::uint32_t seen = groupStamp_[idx(h.group)];
                    if (h.group == match_[idx(node)] || seen == stamp_ + 1)
                        continue;
                    const int nd = d + cost(h.position) - typePotential_[idx(node)] + groupPotential_[idx(h.group)];
                    if (seen != stamp_ || nd < groupDistance_[idx(h.group)]) {
                        groupStamp_[idx(h.group)] = stamp_;
                        groupDistance_[idx(h.group)] = nd;
                        groupParent_[idx(h.group)] = node;
                        queue_.push(n_ + h.group, nd);
                    }
                }
            } else {
                const int g = node - n_;
                if (groupDistance_[idx(g)] != d || groupStamp_[idx(g)] == stamp_ + 1)
                    continue;
                groupStamp_[idx(g)] = stamp_ + 1;
                settled_.push_back(node);
                if (load_[idx(g)] < capacity_) {
                    target = g;
                    distance = d;
                    break;
                }
                for (int p = 0; p < r_; ++p) {
                    const int member = stacks_[idx(g) * idx(r_) + idx(p)];
                    if (match_[idx(member)] != g || typeStamp_[idx(member)] >= stamp_)
                        continue;
                    // Reduced cost 0 on matched edges (complementary slackness).
                    typeStamp_[idx(member)] = stamp_;
                    typeDistance_[idx(member)] = d;
                    queue_.push(member, d);
                }
            }
        }
        if (target == kNone)
            return kNone;
        for (int node : settled_) {
            if (node < n_)
                typePotential_[idx(node)] += distance - typeDistance_[idx(node)];
            else
                groupPotential_[idx(node - n_)] += distance - groupDistance_[idx(node - n_)];
        }
        for (int g = target;;) {
            const int t = groupParent_[idx(g)];
            const int previous = match_[idx(t)];
            match_[idx(t)] = g;
            if (previous == kNone)
                break;
            g = previous;
        }
        ++load_[idx(target)];
        return distance;
    }

    int n_;
    int r_;
    std::span<const int> stacks_;
    int capacity_ = 1;
    std::vector<int> holderCount_;
    std::vector<Holder> holders_;
    std::vector<int> match_, load_;
    std::vector<int> typePotential_, groupPotential_;
    std::vector<int> typeDistance_, groupDistance_;
    std::vector<std::uint32_t> typeStamp_, groupStamp_;  // stamp_: reached, stamp_ + 1: settled
    std::vector<int> groupParent_;
    std::vector<int> displaced_, settled_;
    std::uint32_t stamp_ = 0;
    BucketQueue queue_;
};

}  // namespace

ReorderSolution GreedyStartReorderSolver::solve(const Layout& layout, std::span<const std::uint8_t> alive,
                                                std::span<const int> stacks, int stackNumber)
{
    ReorderSolution result = CoverageScan::run(layout, alive, stacks, stackNumber);
    if (result.wipeout || result.covered)
        return result;
    MinMoveAssignment assignment(layout, alive, stacks);
    for (int capacity = stackNumber; capacity <= layout.redundancy(); ++capacity) {
        const int moves = assignment.solve(capacity);
        if (moves != kNone) {
            result.stackNumber = capacity;
            result.moves = moves;
            return result;
        }
    }
    throw std::logic_error("greedy-start reorder: no perfect matching at S = r although every type has a live holder");
}

}  // namespace spare
