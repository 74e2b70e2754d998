// One ReCtlr decision after ONE new failure, golomb layout r = 8, with 1% / 10% / 40% of the
// groups already failed: the incremental ReorderController against the paper's from-scratch
// BaselineReorderSolver on the same states. Reports the median per decision and the speed-up.
#include "layout/Layout.h"
#include "reorder/BaselineReorderSolver.h"
#include "reorder/ReorderController.h"

#include <benchmark/benchmark.h>
#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <random>
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

// A controller with `percent`% of the groups failed one at a time (no wipe-out), cached per state.
const ReorderController& preparedState(int groups, int percent)
{
    static std::map<std::pair<int, int>, std::unique_ptr<ReorderController>> cache;
    auto& slot = cache[{groups, percent}];
    if (!slot) {
        slot = std::make_unique<ReorderController>(Layout::golomb(groups, kRedundancy));
        std::mt19937_64 rng(static_cast<std::uint64_t>(groups) * 100 + static_cast<std::uint64_t>(percent));
        const int failures = groups * percent / 100;
        for (int i = 0; i < failures; ++i)
            slot->onFailure(randomSafeLiveGroup(*slot, rng));
    }
    return *slot;
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const size_t m = v.size() / 2;
    return v.size() % 2 ? v[m] : 0.5 * (v[m - 1] + v[m]);
}

std::map<std::pair<int, int>, std::pair<double, double>>& medians()  // (N, %) -> (incremental, baseline) us
{
    static std::map<std::pair<int, int>, std::pair<double, double>> m;
    return m;
}

void incremental(benchmark::State& state)
{
    const int groups = static_cast<int>(state.range(0));
    const int percent = static_cast<int>(state.range(1));
    const ReorderController& prepared = preparedState(groups, percent);
    std::mt19937_64 rng(42);
    std::vector<double> samples;
    int phase2 = 0;
    for (auto _ : state) {
        ReorderController c = prepared;  // O(N) copy, not timed
        const int g = randomSafeLiveGroup(c, rng);
        const auto start = std::chrono::steady_clock::now();
        ReorderDecision d = c.onFailure(g);
        const auto stop = std::chrono::steady_clock::now();
        benchmark::DoNotOptimize(d);
        phase2 += d.phase == ReorderDecision::Phase::MinCost ? 1 : 0;
        const double seconds = std::chrono::duration<double>(stop - start).count();
        state.SetIterationTime(seconds);
        samples.push_back(seconds * 1e6);
    }
    const double m = median(samples);
    medians()[{groups, percent}].first = m;
    state.counters["median_us"] = m;
    state.counters["S"] = prepared.stackNumber();
    state.counters["phase2_share"] = static_cast<double>(phase2) / static_cast<double>(samples.size());
}

void baseline(benchmark::State& state)
{
    const int groups = static_cast<int>(state.range(0));
    const int percent = static_cast<int>(state.range(1));
    const ReorderController& prepared = preparedState(groups, percent);
    std::mt19937_64 rng(42);  // the same failures as the incremental run
    std::vector<double> samples;
    for (auto _ : state) {
        const int g = randomSafeLiveGroup(prepared, rng);
        std::vector<std::uint8_t> alive(idx(groups));
        std::vector<int> stacks;
        stacks.reserve(idx(groups) * kRedundancy);
        for (int w = 0; w < groups; ++w) {
            alive[idx(w)] = prepared.alive(w) && w != g ? 1 : 0;
            stacks.insert(stacks.end(), prepared.stack(w).begin(), prepared.stack(w).end());
        }
        const auto start = std::chrono::steady_clock::now();
        auto result = BaselineReorderSolver::solve(prepared.layout(), alive, stacks, prepared.stackNumber());
        const auto stop = std::chrono::steady_clock::now();
        benchmark::DoNotOptimize(result);
        const double seconds = std::chrono::duration<double>(stop - start).count();
        state.SetIterationTime(seconds);
        samples.push_back(seconds * 1e6);
    }
    const double m = median(samples);
    medians()[{groups, percent}].second = m;
    state.counters["median_us"] = m;
}

void registerAll()
{
    for (int groups : {1'000, 10'000, 100'000})
        for (int percent : {1, 10, 40}) {
            benchmark::RegisterBenchmark("incremental", incremental)
                ->Args({groups, percent})
                ->Iterations(groups == 100'000 ? 60 : 200)
                ->UseManualTime()
                ->Unit(benchmark::kMicrosecond);
            // The from-scratch baseline is O(N^2 r S) per decision in the worst case: skip N = 100k.
            if (groups <= 10'000)
                benchmark::RegisterBenchmark("baseline", baseline)
                    ->Args({groups, percent})
                    ->Iterations(groups == 1'000 ? 30 : percent >= 40 ? 1 : 3)
                    ->UseManualTime()
                    ->Unit(benchmark::kMicrosecond);
        }
}

}  // namespace

int main(int argc, char** argv)
{
    registerAll();
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    fmt::print("\nmedian per decision (one new failure, golomb r = {}):\n", kRedundancy);
    fmt::print("{:>8} {:>7} {:>16} {:>16} {:>10}\n", "N", "failed", "incremental us", "baseline us", "speed-up");
    for (const auto& [key, value] : medians()) {
        const auto& [incrementalUs, baselineUs] = value;
        if (incrementalUs <= 0)
            continue;
        if (baselineUs > 0)
            fmt::print("{:>8} {:>6}% {:>16.2f} {:>16.1f} {:>9.0f}x\n", key.first, key.second, incrementalUs, baselineUs,
                       baselineUs / incrementalUs);
        else
            fmt::print("{:>8} {:>6}% {:>16.2f} {:>16} {:>10}\n", key.first, key.second, incrementalUs, "-", "-");
    }
    return 0;
}
