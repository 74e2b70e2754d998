#pragma once

#include "engine/layout/Layout.h"
#include "engine/reorder/ReorderDecision.h"

#include <memory>
#include <span>
#include <vector>

namespace spare {

// ReCtlr: keeps the survivors' stack orders, the stack number S and the assignment (which live
// group contributes each type, at which position), and updates them incrementally after failures:
// Phase 0 coverage check, Phase 1 smallest feasible S' >= S (Hopcroft-Karp, warm-started from the
// previous matching; skipped when Phase 2 succeeds at the old S), Phase 2 min-move assignment
// (shortest augmenting paths with potentials, warm-started from the previous optimum). Not
// thread-safe; cheap to move.
//
// Exact semantics of one onFailures() call (all choices deterministic):
// - The failed groups die; the types they contributed are "freed".
// - Some freed type has no live holder: wipe-out (phase FreeSearch, lostTypes ascending, S and the
//   assignment unchanged). Further onFailures() calls throw std::logic_error until reset().
// - Phase 0: every freed type sits in the current top-S of a live holder: it is re-assigned to the
//   holder where its position is lowest (ties: lowest group id). No stack change, no patch.
// - Phase 1: the smallest S' >= S with a perfect b-matching types x live groups (capacity S', edge
//   when the group holds the type anywhere). Phase 2: among those, the matching with the fewest
//   moves, a move being a (type, group) pair whose type is not in the group's current top S'.
// - Apply, per live group with assigned set A: positions p < S' holding a type of A keep it; the
//   moved-in types (ascending type) fill the other positions p < S' (ascending p); every other type
//   keeps its relative order in the remaining positions.
// - Patches (ascending group): a live group whose positions p < old S changed patches its earliest
//   changed one (listed); when S grew, every other live group patches position old S (grownStackPatch).
// After every decision each assigned type sits at its contributor's position < S, so the previous
// assignment (minus the failed groups) with zero potentials is an optimal warm start for the next.
class ReorderController {
public:
    // Starts from the layout's base stacks with every group alive. If the base top-S does not cover
    // every type (possible for custom layouts) the smallest feasible S >= stackNumber is used. The
    // controller keeps its own layout (move a stored one in to hold a single copy). On a cyclic layout
    // construction and reset() cost O(1) time and memory: pages of state are written only where
    // decisions reach. The redundancy must be at most 255 (std::invalid_argument otherwise).
    explicit ReorderController(Layout layout, int stackNumber = 1);
    ~ReorderController();
    ReorderController(ReorderController&&) noexcept;
    ReorderController& operator=(ReorderController&&) noexcept;
    // Deep copy, O(N r): what-if evaluation from a given state.
    ReorderController(const ReorderController& other);
    ReorderController& operator=(const ReorderController& other);

    // The groups fail together (detected at the same check point). Already-failed or out-of-range
    // ids throw std::invalid_argument. After a wipe-out the state is left as it was before the call
    // except that the groups are marked dead; call reset() (global restart) to continue.
    ReorderDecision onFailures(std::span<const int> groups);
    ReorderDecision onFailure(int group) { return onFailures(std::span<const int>(&group, 1)); }

    // The groups (all dead, ascending; std::invalid_argument otherwise, or after a wipe-out) come back
    // with their base stack order. Decision phase Readmit, no patches: S' is the smallest S'' <= S with a
    // perfect b-matching over the live groups (never below ceil(types / live groups)), and among those
    // matchings the one with the fewest moves (a type not in its contributor's current top S'), applied
    // by the same rule as onFailures. S' == S keeps the assignment (moves 0); changedStacks always lists
    // the rejoined groups (their base order, rearranged by that rule when S drops and types move into them).
    ReorderDecision onRejoin(std::span<const int> groups);

    // Global restart: all groups back, base stacks, S back to the constructor's value.
    void reset();

    // For benchmarks, process-wide: run Phase 1 before every Phase 2, the order used before Phase 2
    // was first tried at the old S. Decisions are identical either way.
    static void setPhase1First(bool on);

    const Layout& layout() const;
    int stackNumber() const;
    bool alive(int group) const;
    int aliveCount() const;
    // Current stack order of group g (dead groups keep their last order); valid until the next call
    // that changes the state.
    LayoutRow stack(int group) const;
    // The live group that contributes type t this step, and the position it computes it at (< S).
    int contributor(int type) const;
    int contributorPosition(int type) const;

private:
    struct State;
    std::unique_ptr<State> state_;
};

}  // namespace spare
