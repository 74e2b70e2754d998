#include "engine/reorder/BaselineReorderSolver.h"

#include "engine/reorder/CoverageScan.h"

#include <algorithm>
#include <deque>
#include <limits>
#include <queue>
#include <stdexcept>

namespace spare {

namespace {

size_t idx(int value) { return static_cast<size_t>(value); }

constexpr int kNone = -1;
constexpr int kInfinity = std::numeric_limits<int>::max();

// Slot (w, p) has id w * r + p; only live groups and p < capacity are used.
class SlotMatching {
public:
    SlotMatching(const Layout& layout, std::span<const std::uint8_t> alive)
        : layout_(layout), alive_(alive), n_(layout.groups()), r_(layout.redundancy()),
          typeSlot_(idx(n_), kNone), slotType_(idx(n_) * idx(r_), kNone), dist_(idx(n_), 0)
    {
    }

    // Hopcroft-Karp to a maximum matching at this capacity (the previous matching stays valid).
    int grow(int capacity)
    {
        capacity_ = capacity;
        while (layer()) {
            for (int t = 0; t < n_; ++t)
                if (typeSlot_[idx(t)] == kNone && augment(t))
                    ++size_;
        }
        return size_;
    }

private:
    template <typename Visit>
    void forEachSlot(int t, Visit visit) const
    {
        for (int w : layout_.holders(t))
            if (alive_[idx(w)])
                for (int p = 0; p < capacity_; ++p)
                    visit(w * r_ + p);
    }

    bool layer()
    {
        std::queue<int> bfs;
        for (int t = 0; t < n_; ++t) {
            dist_[idx(t)] = typeSlot_[idx(t)] == kNone ? 0 : kInfinity;
            if (dist_[idx(t)] == 0)
                bfs.push(t);
        }
        bool found = false;
        while (!bfs.empty()) {
            const int t = bfs.front();
            bfs.pop();
            forEachSlot(t, [&](int slot) {
                const int next = slotType_[idx(slot)];
                if (next == kNone)
                    found = true;
                else if (dist_[idx(next)] == kInfinity) {
                    dist_[idx(next)] = dist_[idx(t)] + 1;
                    bfs.push(next);
                }
            });
        }
        return found;
    }

    bool augment(int t)
    {
        for (int w : layout_.holders(t)) {
            if (!alive_[idx(w)])
                continue;
            for (int p = 0; p < capacity_; ++p) {
                const int slot = w * r_ + p;
                const int next = slotType_[idx(slot)];
                if (next == kNone || (dist_[idx(next)] == dist_[idx(t)] + 1 && augment(next))) {
                    typeSlot_[idx(t)] = slot;
                    slotType_[idx(slot)] = t;
                    return true;
                }
            }
        }
        dist_[idx(t)] = kInfinity;
        return false;
    }

    const Layout& layout_;
    std::span<const std::uint8_t> alive_;
    int n_;
    int r_;
    int capacity_ = 0;
    int size_ = 0;
    std::vector<int> typeSlot_;
    std::vector<int> slotType_;
    std::vector<int> dist_;
};

// Successive shortest paths with SPFA on an explicit residual graph.
class MinCostFlow {
public:
    explicit MinCostFlow(int nodes) : head_(idx(nodes), kNone) {}

    void addEdge(int from, int to, int capacity, int cost)
    {
        edges_.push_back({to, head_[idx(from)], capacity, cost});
        head_[idx(from)] = static_cast<int>(edges_.size()) - 1;
        edges_.push_back({from, head_[idx(to)], 0, -cost});
        head_[idx(to)] = static_cast<int>(edges_.size()) - 1;
    }

    // Pushes flow one shortest path at a time; returns {flow, cost}.
    std::pair<int, int> run(int source, int sink)
    {
        const size_t nodes = head_.size();
        std::vector<int> dist(nodes);
        std::vector<int> via(nodes);
        std::vector<std::uint8_t> queued(nodes);
        int flow = 0;
        int cost = 0;
        while (true) {
            std::fill(dist.begin(), dist.end(), kInfinity);
            std::fill(via.begin(), via.end(), kNone);
            std::deque<int> spfa{source};
            dist[idx(source)] = 0;
            queued[idx(source)] = 1;
            while (!spfa.empty()) {
                const int u = spfa.front();
                spfa.pop_front();
                queued[idx(u)] = 0;
                for (int e = head_[idx(u)]; e != kNone; e = edges_[idx(e)].next) {
                    const Edge& edge = edges_[idx(e)];
                    if (edge.capacity > 0 && dist[idx(u)] + edge.cost < dist[idx(edge.to)]) {
                        dist[idx(edge.to)] = dist[idx(u)] + edge.cost;
                        via[idx(edge.to)] = e;
                        if (!queued[idx(edge.to)]) {
                            queued[idx(edge.to)] = 1;
                            spfa.push_back(edge.to);
                        }
                    }
                }
            }
            if (dist[idx(sink)] == kInfinity)
                return {flow, cost};
            for (int v = sink; v != source; v = edges_[idx(via[idx(v)]) ^ 1].to) {
                --edges_[idx(via[idx(v)])].capacity;
                ++edges_[idx(via[idx(v)]) ^ 1].capacity;
            }
            ++flow;
            cost += dist[idx(sink)];
        }
    }

private:
    struct Edge {
        int to;
        int next;
        int capacity;
        int cost;
    };
    std::vector<int> head_;
    std::vector<Edge> edges_;
};

}  // namespace

ReorderSolution BaselineReorderSolver::solve(const Layout& layout, std::span<const std::uint8_t> alive,
                                            std::span<const int> stacks, int stackNumber)
{
    const int n = layout.groups();
    const int r = layout.redundancy();
    ReorderSolution result = CoverageScan::run(layout, alive, stacks, stackNumber);
    if (result.wipeout || result.covered)
        return result;

    const auto positionIn = [&](int w, int t) {
        const auto begin = stacks.begin() + static_cast<std::ptrdiff_t>(idx(w) * idx(r));
        return static_cast<int>(std::find(begin, begin + r, t) - begin);
    };
    SlotMatching matching(layout, alive);
    int capacity = stackNumber;
    while (matching.grow(capacity) < n) {
        if (++capacity > r)
            throw std::logic_error("baseline reorder: no perfect matching at S = r");
    }
    result.stackNumber = capacity;

    // Nodes: source, N types, N x r slots (unused ones stay isolated), sink.
    const int source = 0;
    const int firstSlot = 1 + n;
    const int sink = firstSlot + n * r;
    MinCostFlow flow(sink + 1);
    for (int t = 0; t < n; ++t) {
        flow.addEdge(source, 1 + t, 1, 0);
        for (int w : layout.holders(t)) {
            if (!alive[idx(w)])
                continue;
            const int current = positionIn(w, t);
            for (int p = 0; p < capacity; ++p)
                flow.addEdge(1 + t, firstSlot + w * r + p, 1, p == current ? 0 : 1);
        }
    }
    for (int w = 0; w < n; ++w)
        if (alive[idx(w)])
            for (int p = 0; p < capacity; ++p)
                flow.addEdge(firstSlot + w * r + p, sink, 1, 0);
    const auto [value, cost] = flow.run(source, sink);
    if (value != n)
        throw std::logic_error("baseline reorder: min-cost flow is not perfect");
    result.moves = cost;
    return result;
}

}  // namespace spare
