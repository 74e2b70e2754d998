#pragma once

#include <algorithm>
#include <vector>

namespace spare {

// One type that changed position in a survivor's stack.
struct StackMove {
    int group = -1;
    int type = -1;
    int fromPosition = -1;
    int toPosition = -1;
};

// One survivor that must compute one extra stack before the all-reduce is retried.
struct PatchCompute {
    int group = -1;
    int position = -1;  // the stack position it computes
};

// A group whose stack order changed, with its new order (position 0 first).
struct StackUpdate {
    int group = -1;
    std::vector<int> stack;
};

// What the reorder controller decided after one batch of failures. A value: safe to copy across threads.
struct ReorderDecision {
    enum class Phase {
        FixedCheck = 0,  // Phase 0: the survivors' current top-S still covers every type; no reorder
        FreeSearch = 1,  // Phase 1 ended the decision: no S' <= r exists (wipe-out)
        MinCost = 2,     // Phase 2: smallest feasible S' found and the min-move assignment applied
        Readmit = 3,     // groups came back (rejoin): the smallest feasible S' <= S with the fewest moves
    };

    Phase phase = Phase::FixedCheck;
    bool wipeout = false;
    std::vector<int> failedGroups;    // the groups this decision handled (ascending): failed, or rejoined (Readmit)
    std::vector<int> lostTypes;       // types with no live holder left (wipe-out only, ascending)
    int previousStackNumber = 1;
    int stackNumber = 1;              // new S (unchanged on a wipe-out)
    int moves = 0;                    // assigned types that had to change position (Phase 2 cost)
    std::vector<StackMove> stackMoves;        // every position change, for animation
    std::vector<StackUpdate> changedStacks;   // new order of every stack that changed
    // Survivors that recompute one stack. Listed: those whose stack changed below the old S, at their
    // earliest changed position (ascending group). When S grew, every other survivor recomputes position
    // old S (grownStackPatch, -1 otherwise): at a million groups that is a number, not a million entries.
    std::vector<PatchCompute> patches;
    int grownStackPatch = -1;
    long long patchComputes = 0;              // survivors that recompute a stack, listed or not
};

// The stack position group g recomputes after `decision`, or -1 for none; `survives`: g is live after it.
inline int patchPosition(const ReorderDecision& decision, int group, bool survives)
{
    const auto listed = std::lower_bound(decision.patches.begin(), decision.patches.end(), group,
                                         [](const PatchCompute& patch, int g) { return patch.group < g; });
    if (listed != decision.patches.end() && listed->group == group)
        return listed->position;
    return survives ? decision.grownStackPatch : -1;
}

// Every patch compute of `decision` in ascending group, listed or not: visit(PatchCompute) for each, with
// alive(g) telling the survivors after the decision apart. O(groups) when S grew.
template <typename Alive, typename Visit>
void forEachPatch(const ReorderDecision& decision, int groups, Alive&& alive, Visit&& visit)
{
    if (decision.grownStackPatch < 0) {
        for (const PatchCompute& patch : decision.patches)
            visit(patch);
        return;
    }
    for (int g = 0; g < groups; ++g)
        if (const int position = patchPosition(decision, g, alive(g)); position >= 0)
            visit(PatchCompute{g, position});
}

}  // namespace spare
