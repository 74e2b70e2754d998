#pragma once

// The per-trial algorithm of the Monte-Carlo and of the what-if queries, written once as plain code over
// flat arrays (no std:: containers, no exceptions, no recursion) so the CPU path and the CUDA kernel run
// the very same code. C++17-compatible for nvcc.

#include "engine/analysis/Philox.h"

#include <cstdint>

namespace spare {

// A layout as flat read-only arrays (types == groups == N, r entries per row).
struct LayoutArrays {
    int groups = 0;
    int redundancy = 0;
    const std::int32_t* holders = nullptr;       // N x r: groups holding type t
    const std::int32_t* stacks = nullptr;        // N x r: types held by group g
    const std::int32_t* initialMatch = nullptr;  // N: a perfect matching type -> group at capacity 1
};

// Domain bursts as flat read-only arrays: domain d holds groups domainGroups[domainBegin[d] ..
// domainBegin[d + 1]). Each failure event is a burst when a 32-bit draw falls below `threshold`
// (the burst share times 2^32); threshold 0 means no bursts (the plain failure order).
struct BurstArrays {
    int domains = 0;
    const std::int32_t* domainBegin = nullptr;
    const std::int32_t* domainGroups = nullptr;
    std::uint64_t threshold = 0;
};

// What one trial records; integers only so host and device agree bit for bit.
struct TrialOutcome {
    std::uint64_t sumCapacity = 0;    // sum_{k=0}^{K-1} S*(k)
    std::uint64_t sumLowerBound = 0;  // sum_{k=0}^{K-1} ceil(N / (N - k))
    std::uint32_t failuresEndured = 0;  // K: failed groups endured
    std::uint32_t burstsEndured = 0;    // domain bursts among the events endured
};

// One trial's scratch arrays, N entries each. Entry i of an array lives at array[i * stride + slot]:
// stride 1, slot 0 on the host; on the GPU the arrays of neighbouring threads are interleaved
// (stride = threads, slot = thread) so that a warp's accesses to the same entry are coalesced.
// Index is uint16_t when N <= 65535. The kernel's functions are force-inlined on the GPU: a real call
// there spills the caller's registers.
template <typename Index>
struct TrialWorkspace {
    Index* order = nullptr;        // incremental Fisher-Yates permutation of the groups
    Index* liveHolders = nullptr;  // per type: holders still alive
    Index* matchOf = nullptr;      // per type: matched group, N when free
    Index* load = nullptr;         // per group: types matched to it; TrialKernel::kDeadLoad once failed
    Index* from = nullptr;         // per type: the type whose search step reached it (forward search), or
                                   // the group it moves to (room search)
    Index* queue = nullptr;        // BFS queue of types (forward search) or groups (room search)
    Index* handOver = nullptr;     // per group: the matched type it hands on toward a room, N at a room
    Index* freed = nullptr;        // the types the failures of the current capacity pass set free
    std::uint32_t* typeSeen = nullptr;   // per type: BFS stamp
    std::uint32_t* groupSeen = nullptr;  // per group: BFS stamp
    std::uint64_t stride = 1;
    std::uint64_t slot = 0;

    // The workspace of one slot when the arrays of many slots are interleaved (stride = slots).
    SPARE_HOST_DEVICE TrialWorkspace forSlot(std::uint64_t index) const
    {
        TrialWorkspace w = *this;
        w.slot = index;
        return w;
    }

    static constexpr int kIndexArrays = 8;
    static constexpr int kStampArrays = 2;

    // Views `slotCount` interleaved workspaces of N groups over caller-owned storage of
    // N * slotCount * kIndexArrays indices and N * slotCount * kStampArrays stamps.
    static TrialWorkspace carve(Index* indices, std::uint32_t* stamps, std::uint64_t groups, std::uint64_t slotCount)
    {
        const std::uint64_t plane = groups * slotCount;
        TrialWorkspace w;
        w.order = indices;
        w.liveHolders = indices + plane;
        w.matchOf = indices + 2 * plane;
        w.load = indices + 3 * plane;
        w.from = indices + 4 * plane;
        w.queue = indices + 5 * plane;
        w.handOver = indices + 6 * plane;
        w.freed = indices + 7 * plane;
        w.typeSeen = stamps;
        w.groupSeen = stamps + plane;
        w.stride = slotCount;
        return w;
    }
};

template <typename Index>
class TrialKernel {
public:
    static constexpr std::uint32_t kLastStamp = 0xFFFFFFFFu;
    // The load of a failed group: above every capacity, so "has room" needs no separate alive flag.
    static constexpr Index kDeadLoad = static_cast<Index>(Index(1) << (sizeof(Index) * 8 - 2));

    // Forward searches place free types while at least one alive group in kForwardSlack has a free
    // slot; closer to a perfect fit, searches from all rooms at once cost less (see placeFreeTypes).
    static constexpr std::int64_t kForwardSlack = 8;

    // Live state of a trial besides the arrays: the current capacity S and the last search stamp used.
    struct State {
        int capacity = 1;
        std::uint32_t stamp = 0;
    };

    // All groups alive, the layout's initial matching, S = 1.
    SPARE_HOST_DEVICE_INLINE static void reset(const LayoutArrays& layout, const TrialWorkspace<Index>& w, State& state)
    {
        resetFailureOrder(layout, w);
        resetMatching(layout, w, state);
    }

    // Empty matching, loads 0 (used once per layout to build the initial matching).
    SPARE_HOST_DEVICE_INLINE static void resetUnmatched(const LayoutArrays& layout, const TrialWorkspace<Index>& w,
                                                 State& state)
    {
        const int n = layout.groups;
        for (int i = 0; i < n; ++i) {
            at(w.liveHolders, i, w) = static_cast<Index>(layout.redundancy);
            at(w.matchOf, i, w) = static_cast<Index>(n);
            at(w.load, i, w) = 0;
        }
        clearStamps(layout, w);
        state.capacity = 1;
        state.stamp = 0;
    }

    // Finds an augmenting path from the free type `type` at the current capacity and applies it. False
    // when none exists. BFS over type -> live holder -> types matched there, looking one step ahead: a
    // type is checked for a holder with room as soon as it is queued, so most searches stop early.
    SPARE_HOST_DEVICE_INLINE static bool augment(const LayoutArrays& layout, const TrialWorkspace<Index>& w,
                                                 State& state, int type)
    {
        const int r = layout.redundancy;
        int room = holderWithRoom(layout, w, state, type);
        if (room >= 0) {
            shiftAlongPath(w, type, type, room);
            return true;
        }
        const std::uint32_t stamp = freshStamps(layout, w, state, 1);
        int head = 0;
        int tail = 0;
        at(w.queue, tail++, w) = static_cast<Index>(type);
        at(w.typeSeen, type, w) = stamp;
        while (head < tail) {
            const int u = at(w.queue, head++, w);
            const std::int32_t* holders = layout.holders + static_cast<std::int64_t>(u) * r;
            for (int j = 0; j < r; ++j) {
                const int g = holders[j];  // full: u was looked ahead
                if (!alive(w, g) || at(w.groupSeen, g, w) == stamp)
                    continue;
                at(w.groupSeen, g, w) = stamp;
                const int queued = tail;
                tail = queueMatchedTypes(layout, w, g, stamp, u, tail);
                for (int i = queued; i < tail; ++i) {
                    const int v = at(w.queue, i, w);
                    room = holderWithRoom(layout, w, state, v);
                    if (room >= 0) {
                        shiftAlongPath(w, type, v, room);
                        return true;
                    }
                }
            }
        }
        return false;
    }

    // Group g fails. False on wipe-out (some type lost its last live holder; the state is then spent).
    // Otherwise the matching is repaired and state.capacity is the new smallest feasible S.
    SPARE_HOST_DEVICE_INLINE static bool failGroup(const LayoutArrays& layout, const TrialWorkspace<Index>& w,
                                                   State& state, int group)
    {
        if (!alive(w, group))
            return true;
        const int n = layout.groups;
        const int r = layout.redundancy;
        const std::int32_t* stack = layout.stacks + static_cast<std::int64_t>(group) * r;
        at(w.load, group, w) = kDeadLoad;
        bool wipedOut = false;
        for (int i = 0; i < r; ++i) {
            const int t = stack[i];
            const Index left = static_cast<Index>(at(w.liveHolders, t, w) - 1);
            at(w.liveHolders, t, w) = left;
            if (left == 0)
                wipedOut = true;
        }
        if (wipedOut)
            return false;
        for (int i = 0; i < r; ++i) {
            const int t = stack[i];
            if (static_cast<int>(at(w.matchOf, t, w)) == group)
                at(w.matchOf, t, w) = static_cast<Index>(n);
        }
        // A type with no augmenting path at capacity S has none in any matching at S (the Hungarian
        // lemma), so S must grow; the matching stays valid when it does.
        for (int i = 0; i < r; ++i) {
            const int t = stack[i];
            if (static_cast<int>(at(w.matchOf, t, w)) != n)
                continue;
            while (!augment(layout, w, state, t))
                ++state.capacity;
        }
        return true;
    }

    // One Monte-Carlo trial: a uniform failure order drawn from Philox keyed by (seed, trial). K needs only
    // the live-holder counts. S*(k) never decreases and S*(k) >= c(k) = ceil(N / (N - k)), so the sum of
    // S*(k) over k < K follows from f(C), the last k at which capacity C still suffices, for C = 1, 2, ..:
    // sum = K + sum_C (K - 1 - f(C)). f(C) <= the last k with c(k) <= C: the matching is certified there
    // (or at K - 1), and only where that fails does a backward search find f(C). With wipeoutOnly only K.
    // With bursts, K counts the groups dead before the event that wiped out, and S*(k) runs over every
    // prefix of the order, the groups of a burst one after the other.
    SPARE_HOST_DEVICE_INLINE static TrialOutcome runTrial(const LayoutArrays& layout, const TrialWorkspace<Index>& w,
                                                          std::uint64_t seed, std::uint64_t trial, bool wipeoutOnly,
                                                          const BurstArrays& bursts = BurstArrays())
    {
        resetFailureOrder(layout, w);
        TrialOutcome outcome;
        const int endured = bursts.threshold == 0
                                ? failuresBeforeWipeout(layout, w, seed, trial)
                                : failuresBeforeBurstWipeout(layout, bursts, w, seed, trial, outcome.burstsEndured);
        outcome.failuresEndured = static_cast<std::uint32_t>(endured);
        if (wipeoutOnly || endured == 0)
            return outcome;
        State state;
        resetMatching(layout, w, state);
        outcome.sumLowerBound = lowerBoundSum(layout.groups, endured);
        outcome.sumCapacity = capacitySum(layout, w, state, endured);
        return outcome;
    }

    // Smallest feasible S after the given groups failed, or -1 on wipe-out. Repeated ids count once.
    SPARE_HOST_DEVICE_INLINE static int whatIf(const LayoutArrays& layout, const TrialWorkspace<Index>& w,
                                        const std::int32_t* failed, int count)
    {
        State state;
        reset(layout, w, state);
        for (int i = 0; i < count; ++i) {
            if (!failGroup(layout, w, state, failed[i]))
                return -1;
        }
        return state.capacity;
    }

private:
    // Identity order, every type with r live holders: all the wipe-out loop needs.
    SPARE_HOST_DEVICE_INLINE static void resetFailureOrder(const LayoutArrays& layout, const TrialWorkspace<Index>& w)
    {
        for (int i = 0; i < layout.groups; ++i) {
            at(w.order, i, w) = static_cast<Index>(i);
            at(w.liveHolders, i, w) = static_cast<Index>(layout.redundancy);
        }
    }

    // Every group alive with the layout's initial matching, S = 1.
    SPARE_HOST_DEVICE_INLINE static void resetMatching(const LayoutArrays& layout, const TrialWorkspace<Index>& w,
                                                       State& state)
    {
        for (int i = 0; i < layout.groups; ++i) {
            at(w.matchOf, i, w) = static_cast<Index>(layout.initialMatch[i]);
            at(w.load, i, w) = 1;
        }
        clearStamps(layout, w);
        state.capacity = 1;
        state.stamp = 0;
    }

    // Draws the failure order into w.order until the first wipe-out and returns K, its index; only the
    // live-holder counts change.
    SPARE_HOST_DEVICE_INLINE static int failuresBeforeWipeout(const LayoutArrays& layout,
                                                              const TrialWorkspace<Index>& w, std::uint64_t seed,
                                                              std::uint64_t trial)
    {
        PhiloxStream random(seed, trial);
        const int n = layout.groups;
        for (int k = 0; k < n; ++k) {
            const int j = k + static_cast<int>(random.uniform(static_cast<std::uint32_t>(n - k)));
            const Index failed = at(w.order, j, w);
            at(w.order, j, w) = at(w.order, k, w);
            at(w.order, k, w) = failed;
            if (loseHolders(layout, w, failed))
                return k;
        }
        return n;
    }

    // The types of group g lose a live holder; true when one lost its last.
    SPARE_HOST_DEVICE_INLINE static bool loseHolders(const LayoutArrays& layout, const TrialWorkspace<Index>& w, int g)
    {
        const int r = layout.redundancy;
        const std::int32_t* stack = layout.stacks + static_cast<std::int64_t>(g) * r;
        bool wipedOut = false;
        for (int i = 0; i < r; ++i) {
            const int t = stack[i];
            const Index left = static_cast<Index>(at(w.liveHolders, t, w) - 1);
            at(w.liveHolders, t, w) = left;
            wipedOut = wipedOut || left == 0;
        }
        return wipedOut;
    }

    // As failuresBeforeWipeout, but each event is, with the burst share, a burst: every alive group of a
    // domain drawn uniformly among those with one fails; otherwise one uniformly drawn alive group fails.
    // Returns the groups dead before the event that wiped out; counts the bursts before it. Meanwhile
    // w.from holds each group's position in w.order (the matching writes it before reading it).
    SPARE_HOST_DEVICE_INLINE static int failuresBeforeBurstWipeout(const LayoutArrays& layout,
                                                                   const BurstArrays& bursts,
                                                                   const TrialWorkspace<Index>& w, std::uint64_t seed,
                                                                   std::uint64_t trial, std::uint32_t& burstsEndured)
    {
        PhiloxStream random(seed, trial);
        const int n = layout.groups;
        for (int g = 0; g < n; ++g)
            at(w.from, g, w) = static_cast<Index>(g);
        int k = 0;
        while (k < n) {
            const int eventStart = k;
            bool wipedOut = false;
            if (random.next() < bursts.threshold) {
                int d = 0;
                do {
                    d = static_cast<int>(random.uniform(static_cast<std::uint32_t>(bursts.domains)));
                } while (!domainAlive(bursts, w, d, k));
                for (int i = bursts.domainBegin[d]; i < bursts.domainBegin[d + 1]; ++i) {
                    const int g = bursts.domainGroups[i];
                    if (static_cast<int>(at(w.from, g, w)) >= k)
                        wipedOut = failAt(layout, w, k++, g) || wipedOut;
                }
                if (wipedOut)
                    return eventStart;
                ++burstsEndured;
            } else {
                const int j = k + static_cast<int>(random.uniform(static_cast<std::uint32_t>(n - k)));
                if (failAt(layout, w, k++, at(w.order, j, w)))
                    return eventStart;
            }
        }
        return n;
    }

    // Whether domain d has a group at position k or later in w.order (alive while the order is drawn).
    SPARE_HOST_DEVICE_INLINE static bool domainAlive(const BurstArrays& bursts, const TrialWorkspace<Index>& w, int d,
                                                     int k)
    {
        for (int i = bursts.domainBegin[d]; i < bursts.domainBegin[d + 1]; ++i)
            if (static_cast<int>(at(w.from, bursts.domainGroups[i], w)) >= k)
                return true;
        return false;
    }

    // Alive group g moves to position k of w.order (positions in w.from) and its types lose a live
    // holder; true when one lost its last.
    SPARE_HOST_DEVICE_INLINE static bool failAt(const LayoutArrays& layout, const TrialWorkspace<Index>& w, int k,
                                                int g)
    {
        const int position = at(w.from, g, w);
        const Index displaced = at(w.order, k, w);
        at(w.order, position, w) = displaced;
        at(w.from, displaced, w) = static_cast<Index>(position);
        at(w.order, k, w) = static_cast<Index>(g);
        at(w.from, g, w) = static_cast<Index>(k);
        return loseHolders(layout, w, g);
    }

    // Last k with c(k) = ceil(N / (N - k)) <= C.
    SPARE_HOST_DEVICE_INLINE static int lastStateWithin(int n, int capacity) { return n - (n + capacity - 1) / capacity; }

    // sum_{k < K} c(k), one plateau of c at a time.
    SPARE_HOST_DEVICE_INLINE static std::uint64_t lowerBoundSum(int n, int endured)
    {
        std::uint64_t sum = 0;
        int first = 0;
        for (int capacity = 1; first < endured; ++capacity) {
            const int last = lastStateWithin(n, capacity) < endured - 1 ? lastStateWithin(n, capacity) : endured - 1;
            sum += static_cast<std::uint64_t>(capacity) * static_cast<std::uint64_t>(last + 1 - first);
            first = last + 1;
        }
        return sum;
    }

    // sum_{k < K} S*(k) for the order in w.order (see runTrial). The matching starts as the layout's
    // perfect one at capacity 1 with every group alive ("time" 0: groups order[0 .. time) are dead).
    SPARE_HOST_DEVICE_INLINE static std::uint64_t capacitySum(const LayoutArrays& layout,
                                                              const TrialWorkspace<Index>& w, State& state,
                                                              int endured)
    {
        const int last = endured - 1;
        std::uint64_t sum = static_cast<std::uint64_t>(endured);
        int time = 0;
        for (int capacity = 1;; ++capacity) {
            state.capacity = capacity;
            const int begin = time;
            const int end = lastStateWithin(layout.groups, capacity) < last ? lastStateWithin(layout.groups, capacity)
                                                                             : last;
            int freed = 0;
            for (; time < end; ++time)
                freed = detach(layout, w, at(w.order, time, w), freed);
            // Feasible at `begin` (capacity - 1 sufficed there); revive the latest failures until it is again.
            while (!placeFreeTypes(layout, w, state, freed, layout.groups - time) && time > begin) {
                markReachable(layout, w, state, freed);
                do {
                    --time;
                    revive(w, at(w.order, time, w));
                } while (time > begin && !touchesReached(layout, w, state, at(w.order, time, w)));
            }
            if (time == last)
                return sum;
            sum += static_cast<std::uint64_t>(last - time);
        }
    }

    // Group g dies in the matching: the types it contributed become free and join w.freed after its
    // first `freed` entries; returns the new count.
    SPARE_HOST_DEVICE_INLINE static int detach(const LayoutArrays& layout, const TrialWorkspace<Index>& w, int g,
                                               int freed)
    {
        const int r = layout.redundancy;
        const std::int32_t* stack = layout.stacks + static_cast<std::int64_t>(g) * r;
        for (int i = 0; i < r; ++i) {
            const int t = stack[i];
            if (static_cast<int>(at(w.matchOf, t, w)) == g) {
                at(w.matchOf, t, w) = static_cast<Index>(layout.groups);
                at(w.freed, freed++, w) = static_cast<Index>(t);
            }
        }
        at(w.load, g, w) = kDeadLoad;
        return freed;
    }

    SPARE_HOST_DEVICE_INLINE static void revive(const TrialWorkspace<Index>& w, int g)
    {
        at(w.load, g, w) = 0;
    }

    // Places every free type; only the first `freed` types of w.freed can be free, `alive` groups are.
    // True when none is left (the matching is then perfect at state.capacity); false when the matching
    // is maximum with free types left. Near a perfect fit a forward search explores most of
    // the graph to place one type, so the types left there go to room searches, each of which places
    // many in one pass.
    SPARE_HOST_DEVICE_INLINE static bool placeFreeTypes(const LayoutArrays& layout, const TrialWorkspace<Index>& w,
                                                        State& state, int freed, int alive)
    {
        int unplaced = placeWhereRoom(layout, w, state, freed);
        unplaced = placeByForwardSearches(layout, w, state, freed, alive, unplaced);
        int rooms = -1;
        while (unplaced > 0) {
            const int placed = placeFromRooms(layout, w, state, unplaced, rooms);
            if (placed == 0)
                return false;
            unplaced -= placed;
        }
        return true;
    }

    // Gives each free type a holder with room where one has; returns how many types are left free.
    SPARE_HOST_DEVICE_INLINE static int placeWhereRoom(const LayoutArrays& layout, const TrialWorkspace<Index>& w,
                                                       const State& state, int freed)
    {
        const int n = layout.groups;
        int unplaced = 0;
        for (int i = 0; i < freed; ++i) {
            const int t = at(w.freed, i, w);
            if (static_cast<int>(at(w.matchOf, t, w)) != n)
                continue;
            const int room = holderWithRoom(layout, w, state, t);
            if (room >= 0) {
                at(w.matchOf, t, w) = static_cast<Index>(room);
                at(w.load, room, w) = static_cast<Index>(at(w.load, room, w) + 1);
            } else {
                ++unplaced;
            }
        }
        return unplaced;
    }

    // Augments the free types one by one while at least one alive group in kForwardSlack has a free
    // slot, stopping at the first type without an augmenting path; returns how many are left free.
    SPARE_HOST_DEVICE_INLINE static int placeByForwardSearches(const LayoutArrays& layout,
                                                               const TrialWorkspace<Index>& w, State& state,
                                                               int freed, int alive, int unplaced)
    {
        const int n = layout.groups;
        for (int i = 0; i < freed && unplaced > 0; ++i) {
            const int t = at(w.freed, i, w);
            if (static_cast<int>(at(w.matchOf, t, w)) != n)
                continue;
            const std::int64_t freeSlots = static_cast<std::int64_t>(state.capacity) * alive - (n - unplaced);
            if (freeSlots * kForwardSlack < alive || !augment(layout, w, state, t))
                return unplaced;
            --unplaced;
        }
        return unplaced;
    }

    // One room search: a BFS from every alive group with room over the edges "g may hand its matched
    // type v to p" (p holds v), which labels each reached group with the type it hands on and so a chain
    // to a room. A free type in the stack of a reached group moves into it along that chain at once.
    // The groups of a moved chain (and a room that became full) are marked used: their matched types
    // changed, so chains through them are no longer trusted this pass, and a group whose chain broke is
    // not expanded (the groups it would label stay free for intact chains). Returns the types placed; 0 only
    // when the matching did not change, so the BFS reached everything reachable and no free type has an
    // augmenting path. The rooms head the queue: `rooms` of them from the previous pass (they only
    // fill up between passes), or all groups are scanned when `rooms` is negative; updated to this pass.
    SPARE_HOST_DEVICE_INLINE static int placeFromRooms(const LayoutArrays& layout, const TrialWorkspace<Index>& w,
                                                       State& state, int unplaced, int& rooms)
    {
        const int n = layout.groups;
        const int r = layout.redundancy;
        const std::uint32_t label = freshStamps(layout, w, state, 2);
        const std::uint32_t used = label + 1;
        int tail = 0;
        const int candidates = rooms < 0 ? n : rooms;
        for (int i = 0; i < candidates; ++i) {
            const int g = rooms < 0 ? i : static_cast<int>(at(w.queue, i, w));
            if (static_cast<int>(at(w.load, g, w)) < state.capacity) {  // kDeadLoad never is
                at(w.groupSeen, g, w) = label;
                at(w.handOver, g, w) = static_cast<Index>(n);
                at(w.queue, tail++, w) = static_cast<Index>(g);
            }
        }
        rooms = tail;
        int placed = 0;
        for (int head = 0; head < tail && placed < unplaced; ++head) {
            const int p = at(w.queue, head, w);
            if (!chainIntact(w, p, label, n))
                continue;
            const std::int32_t* stack = layout.stacks + static_cast<std::int64_t>(p) * r;
            for (int i = 0; i < r; ++i) {
                const int v = stack[i];
                const int m = at(w.matchOf, v, w);
                if (m == n) {
                    if (chainIntact(w, p, label, n)) {
                        shiftAlongChain(w, state, v, p, used, n);
                        ++placed;
                        if (!chainIntact(w, p, label, n))
                            break;
                    }
                } else if (at(w.groupSeen, m, w) < label) {  // neither labeled nor used: stamps only grow
                    at(w.groupSeen, m, w) = label;
                    at(w.handOver, m, w) = static_cast<Index>(v);
                    at(w.from, v, w) = static_cast<Index>(p);
                    at(w.queue, tail++, w) = static_cast<Index>(m);
                }
            }
        }
        return placed;
    }

    // Whether every group on the chain from g to its room is still labeled (none used this pass).
    SPARE_HOST_DEVICE_INLINE static bool chainIntact(const TrialWorkspace<Index>& w, int g, std::uint32_t label, int n)
    {
        for (;;) {
            if (at(w.groupSeen, g, w) != label)
                return false;
            const int handed = at(w.handOver, g, w);
            if (handed == n)
                return true;
            g = at(w.from, handed, w);
        }
    }

    // The free type moves into g, each group on the chain hands its type to the next, the room takes
    // the last one; the chain's groups are marked used.
    SPARE_HOST_DEVICE_INLINE static void shiftAlongChain(const TrialWorkspace<Index>& w, const State& state, int type,
                                                         int g, std::uint32_t used, int n)
    {
        int moving = type;
        for (;;) {
            at(w.matchOf, moving, w) = static_cast<Index>(g);
            const int handed = at(w.handOver, g, w);
            if (handed == n)
                break;
            at(w.groupSeen, g, w) = used;
            moving = handed;
            g = at(w.from, handed, w);
        }
        const Index load = static_cast<Index>(at(w.load, g, w) + 1);
        at(w.load, g, w) = load;
        if (static_cast<int>(load) == state.capacity)
            at(w.groupSeen, g, w) = used;
    }

    // Stamps every type reachable from the free types by alternating paths (none reaches a group with
    // room: the matching is maximum). A group revived later opens an augmenting path iff it holds one.
    SPARE_HOST_DEVICE_INLINE static void markReachable(const LayoutArrays& layout, const TrialWorkspace<Index>& w,
                                                       State& state, int freed)
    {
        const int n = layout.groups;
        const int r = layout.redundancy;
        const std::uint32_t stamp = freshStamps(layout, w, state, 1);
        int tail = 0;
        for (int i = 0; i < freed; ++i) {
            const int t = at(w.freed, i, w);
            if (static_cast<int>(at(w.matchOf, t, w)) == n) {
                at(w.typeSeen, t, w) = stamp;
                at(w.queue, tail++, w) = static_cast<Index>(t);
            }
        }
        for (int head = 0; head < tail; ++head) {
            const int u = at(w.queue, head, w);
            const std::int32_t* holders = layout.holders + static_cast<std::int64_t>(u) * r;
            for (int j = 0; j < r; ++j) {
                const int g = holders[j];
                if (!alive(w, g) || at(w.groupSeen, g, w) == stamp)
                    continue;
                at(w.groupSeen, g, w) = stamp;
                tail = queueMatchedTypes(layout, w, g, stamp, u, tail);
            }
        }
    }

    SPARE_HOST_DEVICE_INLINE static bool touchesReached(const LayoutArrays& layout, const TrialWorkspace<Index>& w,
                                                        const State& state, int g)
    {
        const int r = layout.redundancy;
        const std::int32_t* stack = layout.stacks + static_cast<std::int64_t>(g) * r;
        for (int i = 0; i < r; ++i)
            if (at(w.typeSeen, stack[i], w) == state.stamp)
                return true;
        return false;
    }

    // The first live holder of `type` with room at the current capacity, or -1.
    SPARE_HOST_DEVICE_INLINE static int holderWithRoom(const LayoutArrays& layout, const TrialWorkspace<Index>& w,
                                                       const State& state, int type)
    {
        const int r = layout.redundancy;
        const std::int32_t* holders = layout.holders + static_cast<std::int64_t>(type) * r;
        for (int j = 0; j < r; ++j) {
            const int g = holders[j];
            if (static_cast<int>(at(w.load, g, w)) < state.capacity)  // kDeadLoad never is
                return g;
        }
        return -1;
    }

    // Moves `last` (reached from `root` through w.from) to `room`, each type before it on the path to
    // the group of the type after it, and the root off the free list.
    SPARE_HOST_DEVICE_INLINE static void shiftAlongPath(const TrialWorkspace<Index>& w, int root, int last, int room)
    {
        int current = last;
        int target = room;
        for (;;) {
            const int previous = at(w.matchOf, current, w);
            at(w.matchOf, current, w) = static_cast<Index>(target);
            if (current == root)
                break;
            target = previous;
            current = at(w.from, current, w);
        }
        at(w.load, room, w) = static_cast<Index>(at(w.load, room, w) + 1);
    }

    // Queues the types matched to group g not stamped `stamp`, reached from type u; returns the new tail.
    SPARE_HOST_DEVICE_INLINE static int queueMatchedTypes(const LayoutArrays& layout, const TrialWorkspace<Index>& w,
                                                          int g, std::uint32_t stamp, int u, int tail)
    {
        const int r = layout.redundancy;
        const std::int32_t* stack = layout.stacks + static_cast<std::int64_t>(g) * r;
        for (int i = 0; i < r; ++i) {
            const int v = stack[i];
            if (static_cast<int>(at(w.matchOf, v, w)) == g && at(w.typeSeen, v, w) != stamp) {
                at(w.typeSeen, v, w) = stamp;
                at(w.from, v, w) = static_cast<Index>(u);
                at(w.queue, tail++, w) = static_cast<Index>(v);
            }
        }
        return tail;
    }

    // The first of `count` consecutive unused stamps; on wrap-around every mark is forgotten first.
    SPARE_HOST_DEVICE_INLINE static std::uint32_t freshStamps(const LayoutArrays& layout,
                                                              const TrialWorkspace<Index>& w, State& state,
                                                              std::uint32_t count)
    {
        if (state.stamp >= kLastStamp - count) {
            clearStamps(layout, w);
            state.stamp = 0;
        }
        const std::uint32_t first = state.stamp + 1;
        state.stamp += count;
        return first;
    }

    SPARE_HOST_DEVICE_INLINE static bool alive(const TrialWorkspace<Index>& w, int g)
    {
        return at(w.load, g, w) != kDeadLoad;
    }

    template <typename T>
    SPARE_HOST_DEVICE_INLINE static T& at(T* array, int i, const TrialWorkspace<Index>& w)
    {
        return array[static_cast<std::uint64_t>(i) * w.stride + w.slot];
    }

    SPARE_HOST_DEVICE_INLINE static void clearStamps(const LayoutArrays& layout, const TrialWorkspace<Index>& w)
    {
        for (int i = 0; i < layout.groups; ++i) {
            at(w.typeSeen, i, w) = 0;
            at(w.groupSeen, i, w) = 0;
        }
    }
};

}  // namespace spare
