#pragma once

// The per-trial algorithm of the Monte-Carlo and of the what-if queries, written once as plain code over
// flat arrays (no std:: containers, no exceptions, no recursion) so the CPU path and the CUDA kernel run
// the very same code. C++17-compatible for nvcc.

#include "analysis/Philox.h"

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

// What one trial records; integers only so host and device agree bit for bit.
struct TrialOutcome {
    std::uint64_t sumCapacity = 0;    // sum_{k=0}^{K-1} S*(k)
    std::uint64_t sumLowerBound = 0;  // sum_{k=0}^{K-1} ceil(N / (N - k))
    std::uint32_t failuresEndured = 0;  // K
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
    Index* alive = nullptr;        // per group: 1 alive, 0 failed
    Index* matchOf = nullptr;      // per type: matched group, N when free
    Index* load = nullptr;         // per group: types matched to it
    Index* from = nullptr;         // per type: the type whose BFS step reached it
    Index* queue = nullptr;        // BFS queue of types
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

    static constexpr int kIndexArrays = 7;
    static constexpr int kStampArrays = 2;

    // Views `slotCount` interleaved workspaces of N groups over caller-owned storage of
    // N * slotCount * kIndexArrays indices and N * slotCount * kStampArrays stamps.
    static TrialWorkspace carve(Index* indices, std::uint32_t* stamps, std::uint64_t groups, std::uint64_t slotCount)
    {
        const std::uint64_t plane = groups * slotCount;
        TrialWorkspace w;
        w.order = indices;
        w.liveHolders = indices + plane;
        w.alive = indices + 2 * plane;
        w.matchOf = indices + 3 * plane;
        w.load = indices + 4 * plane;
        w.from = indices + 5 * plane;
        w.queue = indices + 6 * plane;
        w.typeSeen = stamps;
        w.groupSeen = stamps + plane;
        w.stride = slotCount;
        return w;
    }
};

template <typename Index>
class TrialKernel {
public:
    // Live state of a trial besides the arrays: the current capacity S and the BFS stamp.
    struct State {
        int capacity = 1;
        std::uint32_t stamp = 0;
    };

    // All groups alive, the layout's initial matching, S = 1.
    SPARE_HOST_DEVICE_INLINE static void reset(const LayoutArrays& layout, const TrialWorkspace<Index>& w, State& state)
    {
        const int n = layout.groups;
        for (int i = 0; i < n; ++i) {
            at(w.order, i, w) = static_cast<Index>(i);
            at(w.liveHolders, i, w) = static_cast<Index>(layout.redundancy);
            at(w.alive, i, w) = 1;
            at(w.matchOf, i, w) = static_cast<Index>(layout.initialMatch[i]);
            at(w.load, i, w) = 1;
        }
        clearStamps(layout, w);
        state.capacity = 1;
        state.stamp = 0;
    }

    // Empty matching, loads 0 (used once per layout to build the initial matching).
    SPARE_HOST_DEVICE_INLINE static void resetUnmatched(const LayoutArrays& layout, const TrialWorkspace<Index>& w,
                                                 State& state)
    {
        const int n = layout.groups;
        for (int i = 0; i < n; ++i) {
            at(w.liveHolders, i, w) = static_cast<Index>(layout.redundancy);
            at(w.alive, i, w) = 1;
            at(w.matchOf, i, w) = static_cast<Index>(n);
            at(w.load, i, w) = 0;
        }
        clearStamps(layout, w);
        state.capacity = 1;
        state.stamp = 0;
    }

    // Finds an augmenting path from the free type `type` at the current capacity (BFS over
    // type -> live holder -> types matched there) and applies it. False when none exists.
    SPARE_HOST_DEVICE_INLINE static bool augment(const LayoutArrays& layout, const TrialWorkspace<Index>& w,
                                                 State& state, int type)
    {
        const int r = layout.redundancy;
        if (state.stamp == 0xFFFFFFFFu) {
            clearStamps(layout, w);
            state.stamp = 0;
        }
        const std::uint32_t stamp = ++state.stamp;
        int head = 0;
        int tail = 0;
        at(w.queue, tail++, w) = static_cast<Index>(type);
        at(w.typeSeen, type, w) = stamp;
        while (head < tail) {
            const int u = at(w.queue, head++, w);
            const std::int32_t* holders = layout.holders + static_cast<std::int64_t>(u) * r;
            for (int j = 0; j < r; ++j) {
                const int g = holders[j];
                if (at(w.alive, g, w) == 0 || at(w.groupSeen, g, w) == stamp)
                    continue;
                at(w.groupSeen, g, w) = stamp;
                if (static_cast<int>(at(w.load, g, w)) < state.capacity) {
                    // Shift every type on the path one group along: u -> g, its old group to its
                    // predecessor, and so on back to the free type.
                    int current = u;
                    int target = g;
                    for (;;) {
                        const int previous = at(w.matchOf, current, w);
                        at(w.matchOf, current, w) = static_cast<Index>(target);
                        if (current == type)
                            break;
                        target = previous;
                        current = at(w.from, current, w);
                    }
                    at(w.load, g, w) = static_cast<Index>(at(w.load, g, w) + 1);
                    return true;
                }
                const std::int32_t* stack = layout.stacks + static_cast<std::int64_t>(g) * r;
                for (int i = 0; i < r; ++i) {
                    const int v = stack[i];
                    if (static_cast<int>(at(w.matchOf, v, w)) == g && at(w.typeSeen, v, w) != stamp) {
                        at(w.typeSeen, v, w) = stamp;
                        at(w.from, v, w) = static_cast<Index>(u);
                        at(w.queue, tail++, w) = static_cast<Index>(v);
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
        if (at(w.alive, group, w) == 0)
            return true;
        const int n = layout.groups;
        const int r = layout.redundancy;
        const std::int32_t* stack = layout.stacks + static_cast<std::int64_t>(group) * r;
        at(w.alive, group, w) = 0;
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
        at(w.load, group, w) = 0;
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

    // One Monte-Carlo trial: a uniform failure order drawn from Philox keyed by (seed, trial).
    SPARE_HOST_DEVICE_INLINE static TrialOutcome runTrial(const LayoutArrays& layout, const TrialWorkspace<Index>& w,
                                                   std::uint64_t seed, std::uint64_t trial)
    {
        State state;
        reset(layout, w, state);
        PhiloxStream random(seed, trial);
        const int n = layout.groups;
        TrialOutcome outcome;
        for (int k = 0; k < n; ++k) {
            const int j = k + static_cast<int>(random.uniform(static_cast<std::uint32_t>(n - k)));
            const Index failed = at(w.order, j, w);
            at(w.order, j, w) = at(w.order, k, w);
            at(w.order, k, w) = failed;
            const int capacityBefore = state.capacity;
            if (!failGroup(layout, w, state, failed)) {
                outcome.failuresEndured = static_cast<std::uint32_t>(k);
                break;
            }
            outcome.sumCapacity += static_cast<std::uint64_t>(capacityBefore);
            outcome.sumLowerBound += static_cast<std::uint64_t>((n + (n - k) - 1) / (n - k));
        }
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
