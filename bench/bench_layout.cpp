// Layout construction: golomb at r = 8, 16, 32 for N = 10^3 .. 10^6. Two figures per case: choosing
// the offsets (ruler, table, constructions or search) and building the whole layout (N x r stacks,
// holders, overlap count).
#include "engine/layout/GolombOffsets.h"
#include "engine/layout/Layout.h"

#include <benchmark/benchmark.h>

using namespace spare;

namespace {

void BM_GolombOffsets(benchmark::State& state)
{
    const auto groups = static_cast<int>(state.range(0));
    const auto redundancy = static_cast<int>(state.range(1));
    for (auto _ : state)
        benchmark::DoNotOptimize(golombOffsets(groups, redundancy));
}

void BM_GolombLayout(benchmark::State& state)
{
    const auto groups = static_cast<int>(state.range(0));
    const auto redundancy = static_cast<int>(state.range(1));
    bool independent = true;
    for (auto _ : state) {
        const Layout layout = Layout::golomb(groups, redundancy);
        independent = layout.independent();
        benchmark::DoNotOptimize(independent);
    }
    state.counters["independent"] = independent ? 1 : 0;
}

void cases(benchmark::internal::Benchmark* b)
{
    for (int r : {8, 16, 32})
        for (int n : {1'000, 10'000, 100'000, 1'000'000})
            b->Args({n, r});
    b->Unit(benchmark::kMillisecond)->MinTime(0.05);
}

BENCHMARK(BM_GolombOffsets)->Apply(cases);
BENCHMARK(BM_GolombLayout)->Apply(cases);

}  // namespace

BENCHMARK_MAIN();
