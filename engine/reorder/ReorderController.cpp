// Over 800 lines: State is one incremental matching (Hopcroft-Karp phases, min-cost augmentations with
// potentials, rollback) whose invariants span every member; split across files it would expose State.
#include "engine/reorder/ReorderController.h"

#include "engine/memory/SparseZeroedArray.h"
#include "engine/memory/ZeroedArray.h"
#include "engine/reorder/BucketQueue.h"

#include <fmt/core.h>

#include <algorithm>
#include <atomic>
#include <cassert>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <utility>

namespace spare {

namespace {

constexpr int kUnassigned = -1;
constexpr int kInfinity = std::numeric_limits<int>::max();
constexpr int kMaxRedundancy = std::numeric_limits<std::uint8_t>::max();  // positions and loads are bytes

size_t idx(int value) { return static_cast<size_t>(value); }

std::atomic<bool>& phase1FirstSwitch()
{
    static std::atomic<bool> on{false};
    return on;
}

}  // namespace

// Every per-group and per-type array is encoded so that zero is the starting state of a cyclic layout
// (every group alive with its base stack, each type contributed at its position 0), so a million-group
// controller starts in microseconds. The arrays each failure writes are SparseZeroedArray (a decision
// pays for the chunks it writes); the rest are ZeroedArray (pages written on first use). Scratch arrays
// are validated by generation stamps.
struct ReorderController::State {
    explicit State(Layout l)
        : layout(std::move(l)),
          n(layout.groups()),
          r(layout.redundancy()),
          cyclic(!layout.offsets().empty()),
          firstOffset(cyclic ? layout.offsets().front() : 0)
    {
    }

    Layout layout;
    int n;
    int r;
    // Cyclic layouts start from zero arrays; stored ones write their starting matching and loads.
    bool cyclic;
    int firstOffset;

    // Persistent state.
    SparseZeroedArray<std::uint8_t> dead;
    int aliveCount = 0;
    int stackNumber = 1;
    // Groups whose order left the base stack have it in orderRows (N x r, row g valid where reordered).
    SparseZeroedArray<std::uint8_t> reordered;
    ZeroedArray<int> orderRows;
    // Position of t in holders(t)[k]'s order, XOR its base position; one byte since r <= 255.
    SparseZeroedArray<std::uint8_t> positionShift;
    // match(t) XOR startMatch(t): the live group contributing t (kUnassigned only inside a decision).
    SparseZeroedArray<int> matchShift;
    // load(g) XOR startLoad: how many types g contributes (at most r).
    SparseZeroedArray<std::uint8_t> loadShift;
    bool wipedOut = false;

    // The constructor's stack number; reset() goes back to the starting state with it.
    int requestedStackNumber = 1;

    // Search scratch.
    std::uint32_t stamp = 0;
    ZeroedArray<std::uint32_t> typeStamp, groupStamp;
    ZeroedArray<int> typeDist, groupDist;
    ZeroedArray<int> groupParent;  // Phase 2: the type a group was reached from
    ZeroedArray<int> typeIter;     // Phase 1: DFS edge iterator (holder * r + member position)
    std::vector<int> frontier, path, settled, freeTypes;
    BucketQueue queue;
    // Dual potentials, valid for one Phase 2 only: zero except at the nodes listed in raised (types
    // as t, groups as n + g), which the next Phase 2 sets back to zero. They only ever rise.
    ZeroedArray<int> typePot, groupPot;
    std::vector<int> raised;
    // Undo log of matching changes: (type, previous group); and the groups whose load grew.
    std::vector<std::pair<int, int>> log;
    std::vector<int> loadLog;
    // applyGroup scratch, r entries each.
    std::vector<int> oldStack, freshStack, movedIn;
    std::vector<std::uint8_t> placed;

    LayoutRow holders(int t) const { return layout.holders(t); }
    bool alive(int g) const { return dead[idx(g)] == 0; }
    int typeAt(int g, int p) const
    {
        return reordered[idx(g)] ? orderRows[idx(g) * idx(r) + idx(p)] : layout.stack(g)[idx(p)];
    }
    int* orderRowForWriting(int g);
    int positionOf(int t, int k) const
    {
        return positionShift[idx(t) * idx(r) + idx(k)] ^ layout.holderPositions(t)[idx(k)];
    }
    void setPosition(int t, int k, int p)
    {
        positionShift.write(idx(t) * idx(r) + idx(k)) = static_cast<std::uint8_t>(p ^ layout.holderPositions(t)[idx(k)]);
    }
    // A cyclic layout's type t starts at position 0 of group t - o_0.
    int startMatch(int t) const { return !cyclic ? 0 : t >= firstOffset ? t - firstOffset : t - firstOffset + n; }
    int matchOf(int t) const { return matchShift[idx(t)] ^ startMatch(t); }
    void setMatchOf(int t, int g) { matchShift.write(idx(t)) = g ^ startMatch(t); }
    int startLoad() const { return cyclic ? 1 : 0; }
    int loadOf(int g) const { return loadShift[idx(g)] ^ startLoad(); }
    void setLoad(int g, int load) { loadShift.write(idx(g)) = static_cast<std::uint8_t>(load ^ startLoad()); }
    void addLoad(int g, int delta) { setLoad(g, loadOf(g) + delta); }
    int holderIndex(int t, int g) const
    {
        const LayoutRow h = holders(t);
        return static_cast<int>(std::find(h.begin(), h.end(), g) - h.begin());
    }
    int currentPosition(int t, int g) const { return positionOf(t, holderIndex(t, g)); }

    void allocate();
    void initialise();
    void newStamp();
    void setMatch(int t, int g);
    void rollback();
    bool hopcroftKarpPhase(int capacity);
    bool augmentAlongLayers(int root, int capacity);
    int smallestFeasibleStackNumber(const std::vector<int>& freed, int from);
    bool minCostAssignment(const std::vector<int>& freed, int capacity, int& cost);
    int shortestAugmentation(int root, int capacity);
    int typePotential(int t) const { return typePot[idx(t)]; }
    int groupPotential(int g) const { return groupPot[idx(g)]; }
    void addTypePotential(int t, int delta);
    void addGroupPotential(int g, int delta);
    void reassign(const std::vector<int>& freed, ReorderDecision* decision);
    void readmit(ReorderDecision& decision);
    void matchGreedily(std::vector<int>& types, int capacity, bool zeroCostOnly);
    bool minMoveAssignment(std::vector<int> types, int capacity, int& cost);
    std::vector<int> applyAssignment(int newStackNumber, int cost, ReorderDecision* decision);
    int applyGroup(int g, int newStackNumber, int oldStackNumber, ReorderDecision* decision);
};

// Once per controller: every array at its size, all zero. The search scratch stays valid between
// decisions and across reset() (stamps, and potentials that the next Phase 2 clears).
void ReorderController::State::allocate()
{
    const auto cells = idx(n) * idx(r);
    dead = SparseZeroedArray<std::uint8_t>(idx(n));
    reordered = SparseZeroedArray<std::uint8_t>(idx(n));
    orderRows = ZeroedArray<int>(cells);
    positionShift = SparseZeroedArray<std::uint8_t>(cells);
    matchShift = SparseZeroedArray<int>(idx(n));
    loadShift = SparseZeroedArray<std::uint8_t>(idx(n));
    for (auto* scratch : {&typeStamp, &groupStamp})
        *scratch = ZeroedArray<std::uint32_t>(idx(n));
    for (auto* scratch : {&typeDist, &groupDist, &groupParent, &typeIter, &typePot, &groupPot})
        *scratch = ZeroedArray<int>(idx(n));
    oldStack.resize(idx(r));
    freshStack.resize(idx(r));
    placed.resize(idx(r));
    movedIn.reserve(idx(r));
}

void ReorderController::State::initialise()
{
    for (auto* flags : {&dead, &reordered, &positionShift, &loadShift})
        flags->clear();
    matchShift.clear();
    aliveCount = n;
    stackNumber = requestedStackNumber;
    wipedOut = false;
    if (cyclic)
        return;
    // Each type goes to the top-S holder where it sits lowest (ties: lowest group id); a custom
    // layout whose top-S misses some types gets them through Phases 1 + 2.
    std::vector<int> uncovered;
    for (int t = 0; t < n; ++t) {
        int best = kUnassigned;
        int bestPosition = stackNumber;
        for (int k = 0; k < r; ++k)
            if (positionOf(t, k) < bestPosition) {
                bestPosition = positionOf(t, k);
                best = holders(t)[idx(k)];
            }
        setMatchOf(t, best);
        if (best == kUnassigned)
            uncovered.push_back(t);
        else
            addLoad(best, 1);
    }
    if (!uncovered.empty())
        reassign(uncovered, nullptr);
}

int* ReorderController::State::orderRowForWriting(int g)
{
    int* row = orderRows.data() + idx(g) * idx(r);
    if (!reordered[idx(g)]) {
        const LayoutRow base = layout.stack(g);
        std::copy(base.begin(), base.end(), row);
        reordered.write(idx(g)) = 1;
    }
    return row;
}

void ReorderController::State::newStamp()
{
    if (++stamp == 0) {  // wrapped: invalidate every scratch entry once
        typeStamp.clear();
        groupStamp.clear();
        stamp = 1;
    }
}

void ReorderController::State::setMatch(int t, int g)
{
    log.emplace_back(t, matchOf(t));
    setMatchOf(t, g);
}

void ReorderController::State::rollback()
{
    for (auto it = log.rbegin(); it != log.rend(); ++it)
        setMatchOf(it->first, it->second);
    for (int g : loadLog)
        addLoad(g, -1);
    log.clear();
    loadLog.clear();
}

// One Hopcroft-Karp phase on the free types: BFS layers, then vertex-disjoint shortest augmenting
// paths. Returns false when no augmenting path exists at this capacity.
bool ReorderController::State::hopcroftKarpPhase(int capacity)
{
    newStamp();
    frontier.clear();
    for (int t : freeTypes) {
        typeStamp[idx(t)] = stamp;
        typeDist[idx(t)] = 0;
        frontier.push_back(t);
    }
    int found = kInfinity;
    for (size_t i = 0; i < frontier.size(); ++i) {
        const int t = frontier[i];
        const int d = typeDist[idx(t)];
        if (d + 1 > found)
            break;
        for (int g : holders(t)) {
            if (!alive(g) || groupStamp[idx(g)] == stamp)
                continue;
            groupStamp[idx(g)] = stamp;
            groupDist[idx(g)] = d + 1;
            if (loadOf(g) < capacity) {
                found = d + 1;
                continue;
            }
            for (int p = 0; p < r; ++p) {
                const int member = typeAt(g, p);
                if (matchOf(member) == g && typeStamp[idx(member)] != stamp) {
                    typeStamp[idx(member)] = stamp;
                    typeDist[idx(member)] = d + 2;
                    frontier.push_back(member);
                }
            }
        }
    }
    if (found == kInfinity)
        return false;
    const std::vector<int> roots = freeTypes;
    freeTypes.clear();
    for (int t : roots)
        if (!augmentAlongLayers(t, capacity))
            freeTypes.push_back(t);
    return true;
}

// Iterative DFS along the BFS layers from a free type to a group with spare capacity.
bool ReorderController::State::augmentAlongLayers(int root, int capacity)
{
    path.clear();
    path.push_back(root);
    typeIter[idx(root)] = 0;
    const int edges = r * r;
    while (!path.empty()) {
        const int t = path.back();
        int& it = typeIter[idx(t)];
        bool descended = false;
        while (it < edges) {
            const int k = it / r;
            const int p = it % r;
            const int g = holders(t)[idx(k)];
            if (p == 0) {
                if (!alive(g) || groupStamp[idx(g)] != stamp || groupDist[idx(g)] != typeDist[idx(t)] + 1) {
                    it += r;
                    continue;
                }
                if (loadOf(g) < capacity) {
                    int next = g;
                    for (size_t i = path.size(); i-- > 0;) {
                        const int previous = matchOf(path[i]);
                        setMatch(path[i], next);
                        next = previous;
                    }
                    addLoad(g, 1);
                    loadLog.push_back(g);
                    return true;
                }
            }
            ++it;
            const int member = typeAt(g, p);
            if (matchOf(member) == g && typeStamp[idx(member)] == stamp &&
                typeDist[idx(member)] == groupDist[idx(g)] + 1) {
                typeIter[idx(member)] = 0;
                path.push_back(member);
                descended = true;
                break;
            }
        }
        if (!descended) {
            typeDist[idx(t)] = -1;  // dead end for the rest of this phase
            path.pop_back();
        }
    }
    return false;
}

// Phase 1: raise the capacity from `from` until the freed types can all be matched; the matching
// found on the way is discarded (Phase 2 restarts from the warm start).
int ReorderController::State::smallestFeasibleStackNumber(const std::vector<int>& freed, int from)
{
    freeTypes = freed;
    int capacity = from;
    if (capacity > r)
        throw std::logic_error("reorder: no perfect matching at S = r although every type has a live holder");
    while (true) {
        while (!freeTypes.empty() && hopcroftKarpPhase(capacity)) {
        }
        if (freeTypes.empty())
            break;
        if (++capacity > r)
            throw std::logic_error("reorder: no perfect matching at S = r although every type has a live holder");
    }
    rollback();
    return capacity;
}

// Phase 2 for every freed type at this capacity from zero potentials. False (state rolled back) when
// some freed type has no augmenting path.
bool ReorderController::State::minCostAssignment(const std::vector<int>& freed, int capacity, int& cost)
{
    for (int node : raised)
        (node < n ? typePot[idx(node)] : groupPot[idx(node - n)]) = 0;
    raised.clear();
    cost = 0;
    for (int t : freed) {
        const int added = shortestAugmentation(t, capacity);
        if (added < 0) {
            rollback();
            return false;
        }
        cost += added;
    }
    return true;
}

void ReorderController::State::addTypePotential(int t, int delta)
{
    if (typePot[idx(t)] == 0)
        raised.push_back(t);
    typePot[idx(t)] += delta;
}

void ReorderController::State::addGroupPotential(int g, int delta)
{
    if (groupPot[idx(g)] == 0)
        raised.push_back(n + g);
    groupPot[idx(g)] += delta;
}

// Phase 2 row insertion: Dijkstra on reduced costs c(t,g) - u_t + y_g from `root` to the nearest
// group with spare capacity, then potential update and augmentation. Returns the added cost, or -1
// when no group with spare capacity is reachable (no perfect matching at this capacity).
int ReorderController::State::shortestAugmentation(int root, int capacity)
{
    // The search below first pops, of the root's holders at the smallest distance, the last one pushed:
    // when that one has room the path is that single edge, taken here without the queue (the root's
    // potential rises by the distance, as the search would set it).
    const int rootPotential = typePotential(root);
    int nearest = kUnassigned;
    int nearestDistance = kInfinity;
    for (int k = 0; k < r; ++k) {
        const int g = holders(root)[idx(k)];
        if (!alive(g))
            continue;
        const int d = (positionOf(root, k) < capacity ? 0 : 1) - rootPotential + groupPotential(g);
        if (d <= nearestDistance) {
            nearestDistance = d;
            nearest = g;
        }
    }
    if (nearest != kUnassigned && loadOf(nearest) < capacity) {
        if (nearestDistance > 0)
            addTypePotential(root, nearestDistance);
        setMatch(root, nearest);
        addLoad(nearest, 1);
        loadLog.push_back(nearest);
        return nearestDistance;
    }

    newStamp();
    queue.clear();
    settled.clear();
    typeStamp[idx(root)] = stamp;
    typeDist[idx(root)] = 0;
    queue.push(root, 0);
    int target = kUnassigned;
    int distance = 0;
    while (!queue.empty()) {
        int d = 0;
        const int node = queue.pop(d);
        if (node < n) {
            const int t = node;
            if (typeDist[idx(t)] != d)  // a stale entry; a settled node is never pushed again
                continue;
            settled.push_back(node);
            const int ut = typePotential(t);
            const auto h = holders(t);
            for (int k = 0; k < r; ++k) {
                const int g = h[idx(k)];
                if (!alive(g) || g == matchOf(t))
                    continue;
                const int cost = positionOf(t, k) < capacity ? 0 : 1;
                const int nd = d + cost - ut + groupPotential(g);
                assert(nd >= d);
                if (groupStamp[idx(g)] != stamp || nd < groupDist[idx(g)]) {
                    groupStamp[idx(g)] = stamp;
                    groupDist[idx(g)] = nd;
                    groupParent[idx(g)] = t;
                    queue.push(n + g, nd);
                }
            }
        } else {
            const int g = node - n;
            if (groupDist[idx(g)] != d)
                continue;
            settled.push_back(node);
            if (loadOf(g) < capacity) {
                target = g;
                distance = d;
                break;
            }
            const int yg = groupPotential(g);
            for (int p = 0; p < r; ++p) {
                const int member = typeAt(g, p);
                if (matchOf(member) != g)
                    continue;
                const int cost = p < capacity ? 0 : 1;
                const int nd = d + typePotential(member) - yg - cost;  // 0 by complementary slackness
                assert(nd == d);
                if (typeStamp[idx(member)] != stamp || nd < typeDist[idx(member)]) {
                    typeStamp[idx(member)] = stamp;
                    typeDist[idx(member)] = nd;
                    queue.push(member, nd);
                }
            }
        }
    }
    if (target == kUnassigned)
        return -1;
    for (int node : settled) {
        if (node < n) {
            if (typeDist[idx(node)] < distance)
                addTypePotential(node, distance - typeDist[idx(node)]);
        } else if (groupDist[idx(node - n)] < distance) {
            addGroupPotential(node - n, distance - groupDist[idx(node - n)]);
        }
    }
    int g = target;
    while (true) {
        const int t = groupParent[idx(g)];
        const int previous = matchOf(t);
        setMatch(t, g);
        if (previous == kUnassigned)
            break;
        g = previous;
    }
    addLoad(target, 1);
    loadLog.push_back(target);
    return distance;
}

// Phases 1 + 2 for the freed (unassigned) types, then the new stacks, moves and patches.
void ReorderController::State::reassign(const std::vector<int>& freed, ReorderDecision* decision)
{
    const int oldStackNumber = stackNumber;
    int newStackNumber = stackNumber;
    int cost = 0;
    // Phase 2 at the old S first: a search that finds no augmenting path proves that S must grow (the
    // Hungarian lemma), so Phase 1 runs only then, from S + 1. Neither runs below ceil(N / live groups).
    const bool phase1First = phase1FirstSwitch().load(std::memory_order_relaxed);
    const int lowerBound = (n + aliveCount - 1) / aliveCount;
    if (phase1First || stackNumber < lowerBound || !minCostAssignment(freed, stackNumber, cost)) {
        newStackNumber = smallestFeasibleStackNumber(freed, phase1First ? stackNumber
                                                                        : std::max(stackNumber + 1, lowerBound));
        if (!minCostAssignment(freed, newStackNumber, cost))
            throw std::logic_error("reorder: Phase 2 found no augmenting path at the Phase 1 stack number");
    }

    const std::vector<int> touched = applyAssignment(newStackNumber, cost, decision);
    if (decision == nullptr)
        return;
    decision->phase = ReorderDecision::Phase::MinCost;
    for (int g : touched)
        if (alive(g) && groupDist[idx(g)] != kInfinity)
            decision->patches.push_back({g, groupDist[idx(g)]});
    if (newStackNumber > oldStackNumber)
        decision->grownStackPatch = oldStackNumber;
    decision->patchComputes =
        newStackNumber > oldStackNumber ? aliveCount : static_cast<long long>(decision->patches.size());
}

// Re-admission after live groups were added (load 0, base stacks). Phase 2 at ceil(N / live groups)
// first: when some type finds no augmenting path there, Phase 1 searches upwards from the next capacity
// and Phase 2 runs at the S' it finds, if that is below S. Ties among the min-move assignments: the
// types contributed at positions >= S' are freed (the others keep their contributors); ascending, each
// takes its first live holder (ascending group) with room that has it in its top S', and the rest are
// inserted by the shortest augmenting paths of onFailures' Phase 2 (same search order).
void ReorderController::State::readmit(ReorderDecision& decision)
{
    const int oldStackNumber = stackNumber;
    const int lowerBound = (n + aliveCount - 1) / aliveCount;
    if (lowerBound >= oldStackNumber)
        return;
    // The types contributed at positions >= the lower bound are freed; the rest is a zero-cost
    // assignment within that capacity, the warm start of every search below.
    std::vector<int> freed;
    for (int g = 0; g < n; ++g) {
        if (!alive(g))
            continue;
        for (int p = lowerBound; p < oldStackNumber; ++p) {
            const int t = typeAt(g, p);
            if (matchOf(t) == g)
                freed.push_back(t);
        }
    }
    std::sort(freed.begin(), freed.end());
    std::vector<int> contributors(freed.size());
    for (size_t i = 0; i < freed.size(); ++i) {
        contributors[i] = matchOf(freed[i]);
        addLoad(contributors[i], -1);
        setMatchOf(freed[i], kUnassigned);
    }
    int cost = 0;
    if (minMoveAssignment(freed, lowerBound, cost)) {
        applyAssignment(lowerBound, cost, &decision);
        return;
    }
    int newStackNumber = oldStackNumber;
    if (lowerBound + 1 < oldStackNumber) {
        std::vector<int> unmatched = freed;
        matchGreedily(unmatched, lowerBound + 1, true);
        matchGreedily(unmatched, lowerBound + 1, false);
        newStackNumber = smallestFeasibleStackNumber(unmatched, lowerBound + 1);
        assert(newStackNumber <= oldStackNumber);
    }

    // Back to the old contributor where the type stays within the top S' (all of them when S' == S,
    // which keeps the assignment).
    std::vector<int> unplaced;
    for (size_t i = 0; i < freed.size(); ++i) {
        const int t = freed[i];
        if (currentPosition(t, contributors[i]) < newStackNumber) {
            setMatchOf(t, contributors[i]);
            addLoad(contributors[i], 1);
        } else {
            unplaced.push_back(t);
        }
    }
    if (newStackNumber == oldStackNumber)
        return;
    if (!minMoveAssignment(unplaced, newStackNumber, cost))
        throw std::logic_error("reorder: Phase 2 found no augmenting path at the re-admission stack number");
    applyAssignment(newStackNumber, cost, &decision);
}

// Phase 2 for the unassigned `types` over a zero-cost partial assignment: the zero-cost greedy pass,
// then shortest augmenting paths for the rest. False (state rolled back) as minCostAssignment.
bool ReorderController::State::minMoveAssignment(std::vector<int> types, int capacity, int& cost)
{
    matchGreedily(types, capacity, true);
    return minCostAssignment(types, capacity, cost);
}

// Each type of `types` goes to its first live holder (ascending group) with room at this capacity,
// and with the type in its top `capacity` when zeroCostOnly; logged like an augmentation. The types
// left unmatched stay in `types`. A zero-cost assignment stays an optimal Phase 2 warm start.
void ReorderController::State::matchGreedily(std::vector<int>& types, int capacity, bool zeroCostOnly)
{
    std::erase_if(types, [&](int t) {
        const auto h = holders(t);
        for (int k = 0; k < r; ++k) {
            const int g = h[idx(k)];
            if (alive(g) && loadOf(g) < capacity && (!zeroCostOnly || positionOf(t, k) < capacity)) {
                setMatch(t, g);
                addLoad(g, 1);
                loadLog.push_back(g);
                return true;
            }
        }
        return false;
    });
}

// Rebuilds the stacks of the groups whose assigned set changed (read from the undo log, which it
// clears) and sets the new S. Returns those groups ascending; each one's earliest changed position
// below the old S is in groupDist (kInfinity when none), valid under the current stamp.
std::vector<int> ReorderController::State::applyAssignment(int newStackNumber, int cost, ReorderDecision* decision)
{
    const int oldStackNumber = stackNumber;
    newStamp();
    std::vector<int> touched;
    const auto touch = [&](int g) {
        if (g != kUnassigned && groupStamp[idx(g)] != stamp) {
            groupStamp[idx(g)] = stamp;
            groupDist[idx(g)] = kInfinity;
            touched.push_back(g);
        }
    };
    for (const auto& [t, previous] : log) {
        touch(previous);
        touch(matchOf(t));
    }
    log.clear();
    loadLog.clear();
    std::sort(touched.begin(), touched.end());

    int moves = 0;
    for (int g : touched)
        moves += applyGroup(g, newStackNumber, oldStackNumber, decision);
    assert(moves == cost);
    (void)cost;
    stackNumber = newStackNumber;
    if (decision != nullptr) {
        decision->stackNumber = newStackNumber;
        decision->moves = moves;
    }
    return touched;
}

// Rebuilds group g's order around its assigned set; records moves and the earliest changed
// position below the old S (in groupDist). Returns the number of moved-in types.
int ReorderController::State::applyGroup(int g, int newStackNumber, int oldStackNumber, ReorderDecision* decision)
{
    for (int p = 0; p < r; ++p)
        oldStack[idx(p)] = typeAt(g, p);
    std::fill(freshStack.begin(), freshStack.end(), kUnassigned);
    std::fill(placed.begin(), placed.end(), std::uint8_t{0});  // by old position
    movedIn.clear();
    for (int p = 0; p < r; ++p) {
        const int t = oldStack[idx(p)];
        if (matchOf(t) != g)
            continue;
        placed[idx(p)] = 1;
        if (p < newStackNumber)
            freshStack[idx(p)] = t;
        else
            movedIn.push_back(t);
    }
    std::sort(movedIn.begin(), movedIn.end());
    size_t next = 0;
    for (int p = 0; p < newStackNumber && next < movedIn.size(); ++p)
        if (freshStack[idx(p)] == kUnassigned)
            freshStack[idx(p)] = movedIn[next++];
    int slot = 0;
    for (int p = 0; p < r; ++p) {
        if (placed[idx(p)])
            continue;
        while (freshStack[idx(slot)] != kUnassigned)
            ++slot;
        freshStack[idx(slot)] = oldStack[idx(p)];
    }

    if (freshStack == oldStack)
        return 0;
    int* order = orderRowForWriting(g);
    for (int p = 0; p < r; ++p) {
        if (freshStack[idx(p)] == oldStack[idx(p)])
            continue;
        if (p < oldStackNumber && groupDist[idx(g)] == kInfinity)
            groupDist[idx(g)] = p;
        const int t = freshStack[idx(p)];
        const int k = holderIndex(t, g);
        if (decision != nullptr)
            decision->stackMoves.push_back({g, t, positionOf(t, k), p});
        setPosition(t, k, p);
        order[idx(p)] = t;
    }
    if (decision != nullptr)
        decision->changedStacks.push_back({g, freshStack});
    return static_cast<int>(movedIn.size());
}

ReorderController::ReorderController(Layout layout, int stackNumber)
{
    if (layout.redundancy() > kMaxRedundancy)
        throw std::invalid_argument(fmt::format("redundancy {} is out of range for the reorder controller: allowed 1 .. {}",
                                                layout.redundancy(), kMaxRedundancy));
    if (stackNumber < 1 || stackNumber > layout.redundancy())
        throw std::invalid_argument(
            fmt::format("stack number {} is out of range: allowed 1 .. {} (the redundancy)", stackNumber, layout.redundancy()));
    state_ = std::make_unique<State>(std::move(layout));
    state_->requestedStackNumber = stackNumber;
    state_->allocate();
    state_->initialise();
}

ReorderController::~ReorderController() = default;
ReorderController::ReorderController(ReorderController&&) noexcept = default;
ReorderController& ReorderController::operator=(ReorderController&&) noexcept = default;

ReorderController::ReorderController(const ReorderController& other)
    : state_(std::make_unique<State>(*other.state_))
{
}

ReorderController& ReorderController::operator=(const ReorderController& other)
{
    if (this != &other)
        state_ = std::make_unique<State>(*other.state_);
    return *this;
}

ReorderDecision ReorderController::onFailures(std::span<const int> groups)
{
    State& s = *state_;
    if (s.wipedOut)
        throw std::logic_error("reorder: a wipe-out happened; call reset() before reporting more failures");
    ReorderDecision decision;
    decision.failedGroups.assign(groups.begin(), groups.end());
    std::sort(decision.failedGroups.begin(), decision.failedGroups.end());
    for (size_t i = 0; i < decision.failedGroups.size(); ++i) {
        const int g = decision.failedGroups[i];
        if (g < 0 || g >= s.n)
            throw std::invalid_argument(fmt::format("failed group {} is out of range: allowed 0 .. {}", g, s.n - 1));
        if (!s.alive(g) || (i > 0 && decision.failedGroups[i - 1] == g))
            throw std::invalid_argument(
                fmt::format("failed group {} is already failed (allowed: a live group in 0 .. {})", g, s.n - 1));
    }
    decision.previousStackNumber = s.stackNumber;
    decision.stackNumber = s.stackNumber;

    std::vector<int> freed;
    for (int g : decision.failedGroups) {
        s.dead.write(idx(g)) = 1;
        --s.aliveCount;
        for (int p = 0; p < s.r; ++p)
            if (s.matchOf(s.typeAt(g, p)) == g)
                freed.push_back(s.typeAt(g, p));
    }
    std::sort(freed.begin(), freed.end());

    for (int t : freed) {
        const LayoutRow h = s.holders(t);
        if (std::none_of(h.begin(), h.end(), [&](int g) { return s.alive(g); }))
            decision.lostTypes.push_back(t);
    }
    if (!decision.lostTypes.empty()) {
        s.wipedOut = true;
        decision.wipeout = true;
        decision.phase = ReorderDecision::Phase::FreeSearch;
        return decision;
    }

    for (int t : freed)
        s.setMatchOf(t, kUnassigned);
    for (int g : decision.failedGroups)
        s.setLoad(g, 0);

    // Phase 0: each freed type to the live holder whose current top-S holds it lowest.
    std::vector<int> fixedHolder(freed.size(), kUnassigned);
    bool covered = true;
    for (size_t i = 0; i < freed.size() && covered; ++i) {
        const int t = freed[i];
        int bestPosition = s.stackNumber;
        for (int k = 0; k < s.r; ++k) {
            const int g = s.holders(t)[idx(k)];
            if (s.alive(g) && s.positionOf(t, k) < bestPosition) {
                bestPosition = s.positionOf(t, k);
                fixedHolder[i] = g;
            }
        }
        covered = fixedHolder[i] != kUnassigned;
    }
    if (covered) {
        for (size_t i = 0; i < freed.size(); ++i) {
            s.setMatchOf(freed[i], fixedHolder[i]);
            s.addLoad(fixedHolder[i], 1);
        }
        decision.phase = ReorderDecision::Phase::FixedCheck;
        return decision;
    }
    s.reassign(freed, &decision);
    return decision;
}

ReorderDecision ReorderController::onRejoin(std::span<const int> groups)
{
    State& s = *state_;
    if (s.wipedOut)
        throw std::logic_error("reorder: a wipe-out happened; call reset() before re-admitting groups");
    for (size_t i = 0; i < groups.size(); ++i) {
        const int g = groups[i];
        if (g < 0 || g >= s.n)
            throw std::invalid_argument(fmt::format("rejoining group {} is out of range: allowed 0 .. {}", g, s.n - 1));
        if (s.alive(g))
            throw std::invalid_argument(
                fmt::format("rejoining group {} is alive (allowed: a failed group in 0 .. {})", g, s.n - 1));
        if (i > 0 && groups[i - 1] >= g)
            throw std::invalid_argument(
                fmt::format("rejoining groups must be ascending and distinct: {} follows {}", g, groups[i - 1]));
    }
    ReorderDecision decision;
    decision.phase = ReorderDecision::Phase::Readmit;
    decision.failedGroups.assign(groups.begin(), groups.end());
    decision.previousStackNumber = s.stackNumber;
    decision.stackNumber = s.stackNumber;

    // Back with the base order; load is 0 since onFailures freed their types.
    std::vector<int> lastStacks;
    for (int g : groups) {
        const LayoutRow base = s.layout.stack(g);
        for (int p = 0; p < s.r; ++p) {
            lastStacks.push_back(s.typeAt(g, p));
            const int t = base[idx(p)];
            s.setPosition(t, s.holderIndex(t, g), p);
        }
        s.reordered.write(idx(g)) = 0;
        s.dead.write(idx(g)) = 0;
        ++s.aliveCount;
    }
    s.readmit(decision);

    // A rejoined group's records run from its order while it was out to its order now (base order,
    // rearranged when S dropped and types moved into it).
    const auto rejoined = [&](int g) { return std::binary_search(groups.begin(), groups.end(), g); };
    std::erase_if(decision.stackMoves, [&](const StackMove& m) { return rejoined(m.group); });
    std::erase_if(decision.changedStacks, [&](const StackUpdate& u) { return rejoined(u.group); });
    for (size_t i = 0; i < groups.size(); ++i) {
        const int g = groups[i];
        const auto last = std::span<const int>(lastStacks).subspan(i * idx(s.r), idx(s.r));
        for (int p = 0; p < s.r; ++p) {
            const int t = s.typeAt(g, p);
            if (last[idx(p)] != t)
                decision.stackMoves.push_back(
                    {g, t, static_cast<int>(std::find(last.begin(), last.end(), t) - last.begin()), p});
        }
        const auto now = stack(g);
        decision.changedStacks.push_back({g, std::vector<int>(now.begin(), now.end())});
    }
    const auto byGroup = [](const auto& a, const auto& b) { return a.group < b.group; };
    std::stable_sort(decision.stackMoves.begin(), decision.stackMoves.end(), byGroup);
    std::stable_sort(decision.changedStacks.begin(), decision.changedStacks.end(), byGroup);
    return decision;
}

void ReorderController::reset() { state_->initialise(); }

void ReorderController::setPhase1First(bool on) { phase1FirstSwitch().store(on, std::memory_order_relaxed); }

const Layout& ReorderController::layout() const { return state_->layout; }
int ReorderController::stackNumber() const { return state_->stackNumber; }
bool ReorderController::alive(int group) const
{
    if (group < 0 || group >= state_->n)
        throw std::out_of_range(fmt::format("group {} is out of range: allowed 0 .. {}", group, state_->n - 1));
    return state_->alive(group);
}
int ReorderController::aliveCount() const { return state_->aliveCount; }

LayoutRow ReorderController::stack(int group) const
{
    const State& s = *state_;
    if (!s.reordered[idx(group)])
        return s.layout.stack(group);
    return {s.orderRows.data() + idx(group) * idx(s.r), 0, idx(s.r)};
}

int ReorderController::contributor(int type) const
{
    if (type < 0 || type >= state_->n)
        throw std::out_of_range(fmt::format("type {} is out of range: allowed 0 .. {}", type, state_->n - 1));
    return state_->matchOf(type);
}

int ReorderController::contributorPosition(int type) const
{
    const int g = contributor(type);
    return state_->currentPosition(type, g);
}

}  // namespace spare
