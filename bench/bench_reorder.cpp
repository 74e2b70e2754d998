// One ReCtlr decision after ONE new failure, golomb layout r = 8, N = 1k / 10k / 100k with 1% / 10% /
// 40% of the groups already failed: the incremental ReorderController against three from-scratch
// solvers on the same states and failures, per phase (decisions that end in Phase 0, and those that
// run Phases 1 + 2):
//   greedy  GreedyStartReorderSolver: coverage scan, zero-cost greedy start, augments displaced types
//   lemon   LEMON's network simplex per candidate S'
//   authors BaselineReorderSolver: the paper's controller (coverage scan, Hopcroft-Karp, SPFA)
// Prints the median per decision and the ratio to the incremental controller, all from this run.
// Slow baselines are sampled on a few decisions only (the count is printed). Times are thread CPU
// time less the cost of reading the clock, so that other load on the machine does not skew them.
#include "engine/layout/Layout.h"
#include "engine/reorder/BaselineReorderSolver.h"
#include "engine/reorder/GreedyStartReorderSolver.h"
#include "engine/reorder/ReorderController.h"
#include "tests/support/LemonReorderSolver.h"

#include <benchmark/benchmark.h>
#include <fmt/core.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <ctime>
#include <map>
#include <random>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

using namespace spare;

namespace {

constexpr int kRedundancy = 8;

size_t idx(int value) { return static_cast<size_t>(value); }

// True when failing g alone would leave one of its types without a live holder.
bool wouldWipeOut(const ReorderController& c, int g)
{
    for (int t : c.layout().stack(g)) {
        const auto h = c.layout().holders(t);
        if (std::none_of(h.begin(), h.end(), [&](int w) { return w != g && c.alive(w); }))
            return true;
    }
    return false;
}

int randomSafeLiveGroup(const ReorderController& c, std::mt19937_64& rng)
{
    const auto n = static_cast<std::uint64_t>(c.layout().groups());
    while (true) {
        const int g = static_cast<int>(rng() % n);
        if (c.alive(g) && !wouldWipeOut(c, g))
            return g;
    }
}

// A controller with `percent`% of the groups failed one at a time (no wipe-out).
ReorderController preparedState(int groups, int percent)
{
    ReorderController c(Layout::golomb(groups, kRedundancy));
    std::mt19937_64 rng(static_cast<std::uint64_t>(groups) * 100 + static_cast<std::uint64_t>(percent));
    const int failures = groups * percent / 100;
    for (int i = 0; i < failures; ++i)
        c.onFailure(randomSafeLiveGroup(c, rng));
    return c;
}

using Solver = ReorderSolution (*)(const Layout&, std::span<const std::uint8_t>, std::span<const int>, int);

struct Baseline {
    const char* name;
    Solver solve;
    // Most Phase 1 + 2 decisions timed per N (the slow ones would take minutes otherwise).
    std::array<int, 3> phase2Samples;
};

const std::array<Baseline, 3> kBaselines{{
    {"greedy", &GreedyStartReorderSolver::solve, {1'000, 1'000, 1'000}},
    {"lemon", &LemonReorderSolver::solve, {1'000, 20, 3}},
    {"authors", &BaselineReorderSolver::solve, {20, 1, 0}},
}};

int sizeIndex(int groups) { return groups <= 1'000 ? 0 : groups <= 10'000 ? 1 : 2; }

int decisionsPerCase(int groups) { return groups <= 1'000 ? 200 : groups <= 10'000 ? 100 : 30; }

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const size_t m = v.size() / 2;
    return v.size() % 2 ? v[m] : 0.5 * (v[m - 1] + v[m]);
}

// (N, %, phase 2?, solver) -> microseconds per decision; solver "incremental" or a baseline's name.
using Samples = std::map<std::tuple<int, int, bool, std::string>, std::vector<double>>;

Samples& samples()
{
    static Samples s;
    return s;
}

double threadCpuMicroseconds()
{
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return static_cast<double>(now.tv_sec) * 1e6 + static_cast<double>(now.tv_nsec) * 1e-3;
}

// The median cost of reading the clock twice, subtracted from every sample.
double clockOverhead()
{
    static const double overhead = [] {
        std::vector<double> v;
        for (int i = 0; i < 1001; ++i) {
            const double start = threadCpuMicroseconds();
            v.push_back(threadCpuMicroseconds() - start);
        }
        std::sort(v.begin(), v.end());
        return v[v.size() / 2];
    }();
    return overhead;
}

template <typename F>
double microseconds(F&& f)
{
    const double start = threadCpuMicroseconds();
    f();
    return std::max(0.0, threadCpuMicroseconds() - start - clockOverhead());
}

void compare(benchmark::State& state)
{
    const int groups = static_cast<int>(state.range(0));
    const int percent = static_cast<int>(state.range(1));
    const ReorderController prepared = preparedState(groups, percent);
    std::mt19937_64 rng(42);
    std::map<std::string, int> phase2Timed;
    for (auto _ : state) {
        for (int i = 0; i < decisionsPerCase(groups); ++i) {
            ReorderController c = prepared;  // O(N r) copy, not timed
            const int g = randomSafeLiveGroup(c, rng);
            ReorderDecision d;
            const double incremental = microseconds([&] { d = c.onFailure(g); });
            const bool phase2 = d.phase == ReorderDecision::Phase::MinCost;
            samples()[{groups, percent, phase2, "incremental"}].push_back(incremental);

            std::vector<std::uint8_t> alive(idx(groups));
            std::vector<int> stacks;
            stacks.reserve(idx(groups) * kRedundancy);
            for (int w = 0; w < groups; ++w) {
                alive[idx(w)] = prepared.alive(w) && w != g ? 1 : 0;
                stacks.insert(stacks.end(), prepared.stack(w).begin(), prepared.stack(w).end());
            }
            for (const Baseline& baseline : kBaselines) {
                if (phase2 && phase2Timed[baseline.name] >= baseline.phase2Samples[idx(sizeIndex(groups))])
                    continue;
                phase2Timed[baseline.name] += phase2 ? 1 : 0;
                ReorderSolution solution;
                const double us = microseconds(
                    [&] { solution = baseline.solve(prepared.layout(), alive, stacks, prepared.stackNumber()); });
                benchmark::DoNotOptimize(solution);
                if (solution.stackNumber != d.stackNumber || solution.moves != d.moves || solution.covered == phase2)
                    state.SkipWithError(fmt::format("{} disagrees with the controller", baseline.name).c_str());
                samples()[{groups, percent, phase2, baseline.name}].push_back(us);
            }
        }
    }
}

void printSummary()
{
    fmt::print("\nmedian per decision (one new failure, golomb r = {}), microseconds; (x) = baseline / incremental:\n",
               kRedundancy);
    fmt::print("{:>7} {:>6} {:>8} {:>13}", "N", "failed", "phase", "incremental");
    for (const Baseline& b : kBaselines)
        fmt::print(" {:>26}", b.name);
    fmt::print("\n");
    for (const int groups : {1'000, 10'000, 100'000})
        for (const int percent : {1, 10, 40})
            for (const bool phase2 : {false, true}) {
                const auto key = [&](const std::string& solver) { return std::tuple{groups, percent, phase2, solver}; };
                const auto found = samples().find(key("incremental"));
                if (found == samples().end())
                    continue;
                const double incremental = median(found->second);
                fmt::print("{:>7} {:>5}% {:>8} {:>9.2f} n={:<3}", groups, percent, phase2 ? "1+2" : "0", incremental,
                           found->second.size());
                for (const Baseline& b : kBaselines) {
                    const auto it = samples().find(key(b.name));
                    if (it == samples().end()) {
                        fmt::print(" {:>26}", "not run");
                        continue;
                    }
                    const double us = median(it->second);
                    fmt::print(" {:>12.1f} ({:>7.0f}x) n={:<3}", us, us / incremental, it->second.size());
                }
                fmt::print("\n");
            }
}

}  // namespace

int main(int argc, char** argv)
{
    for (int groups : {1'000, 10'000, 100'000})
        for (int percent : {1, 10, 40})
            benchmark::RegisterBenchmark("incremental_vs_from_scratch", compare)
                ->Args({groups, percent})
                ->Iterations(1)
                ->Unit(benchmark::kMillisecond);
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    printSummary();
    return 0;
}
