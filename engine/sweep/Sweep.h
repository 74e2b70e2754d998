#pragma once

#include "engine/base/RunControl.h"
#include "engine/sim/MemoryEstimate.h"
#include "engine/sim/RunMetrics.h"
#include "engine/sim/Scenario.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace spare {

// A grid of simulations: every policy x redundancy x seed, on one base scenario.
struct SweepSpec {
    Scenario base;
    std::vector<Policy> policies{Policy::Spare, Policy::Rep, Policy::Ckpt};
    std::vector<int> spareRedundancies;  // r values for SPARe+CKPT
    std::vector<int> repRedundancies;    // r values for Rep+CKPT (CKPT-only has one cell, r = 1)
    int seeds = 3;                       // seeds base.seed, base.seed + 1, ...
    double maxTttRatio = 100.0;          // a run stops (incomplete) at this x T0 of simulated time
};

struct SweepCell {
    Policy policy = Policy::Spare;
    int redundancy = 1;
    std::uint64_t seed = 1;
};

struct SweepStat {
    double mean = 0.0;
    double sd = 0.0;  // sample standard deviation over seeds (0 for one seed)
};

// One (policy, r): statistics over its seeds of every RunMetrics field (runMetricsFields order).
struct SweepRow {
    Policy policy = Policy::Spare;
    int redundancy = 1;
    int runs = 0;
    int completedRuns = 0;  // runs that finished every step within maxTttRatio x T0
    std::vector<std::string> keys;
    std::vector<SweepStat> stats;  // parallel to keys
    TimeBreakdown meanTimeBreakdown;  // each part's mean over the runs
    bool best = false;             // lowest mean TTT/T0 of its policy among fully completed rows

    const SweepStat& stat(const std::string& key) const;  // throws std::out_of_range for unknown keys
};

struct SweepResult {
    std::vector<SweepCell> cells;       // grid order: policy, then r, then seed
    std::vector<RunMetrics> metrics;    // parallel to cells
    std::vector<SweepRow> rows;         // grid order
    bool cancelled = false;
};

struct SweepRunOptions {
    // Progress: cells done so far, total. Cancel: running cells stop at their next step.
    RunControl control;
    // Called from a worker thread when every seed of a row is done (rows may arrive out of order).
    std::function<void(const SweepRow& row)> rowDone;
};

// Runs a SweepSpec in parallel (oneTBB). The cells, their metrics and the rows depend only on the spec,
// never on the thread count or the order the cells finish in.
class Sweep {
public:
    static std::vector<SweepCell> cells(const SweepSpec& spec);
    // Throws ScenarioError when the base scenario does not hold for one of the policies (elastic and
    // rebalance refuse the paper's checkpoint rule).
    static SweepResult run(const SweepSpec& spec, const SweepRunOptions& options = {});
    static void checkPolicies(const SweepSpec& spec);
    // The peak memory of run(spec) on `threads` workers (0 = all hardware threads): as many runs at
    // once as workers, each costed at the grid's largest cell.
    static MemoryEstimate estimateMemory(const SweepSpec& spec, int threads);
    // Mean and sd over the runs of one (policy, r).
    static SweepRow summarize(const SweepCell& cell, const std::vector<RunMetrics>& runs);
    // Marks the best row of each policy (lowest mean ttt_ratio among rows whose runs all completed).
    static void markBest(std::vector<SweepRow>& rows);
    // The best row of `policy`, if any.
    static std::optional<std::size_t> bestRow(const std::vector<SweepRow>& rows, Policy policy);
};

// "2-20", "3", "2,4,8" or "2-6,9" -> ascending distinct values; throws std::invalid_argument naming the
// text when malformed, the item when it is a reversed range (4-2), or the value and the range when one
// lies outside minValue .. maxValue, also past int (checked before any range is expanded).
std::vector<int> parseIntegerRanges(const std::string& text, int minValue, int maxValue);

}  // namespace spare
