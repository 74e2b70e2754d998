// Monte-Carlo throughput at N = 1000, r = 9 (golomb): oneTBB with 1, 2 and all threads, and the CUDA
// backend when a device is present. Then, on one thread, the exact kernel against the wipe-out-only loop
// (the same Philox draws and live-holder counts, no S*(k)) at N = 1000, 10,000 and 100,000, r = 9, timed
// by process CPU time so that other load on the machine does not skew the ratio. Prints trials/s and the
// ratios measured in this process.
//   bench_montecarlo [--trials=T] [google-benchmark flags]   (default T = 10000 per case)

#include "engine/analysis/MonteCarlo.h"
#include "engine/layout/Layout.h"

#include <benchmark/benchmark.h>
#include <fmt/core.h>
#include <tbb/global_control.h>
#include <tbb/info.h>

#include <chrono>
#include <ctime>
#include <cstdlib>
#include <cstring>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace {

using spare::Device;

std::map<std::string, double>& measuredRates()
{
    static std::map<std::string, double> rates;
    return rates;
}

// Process CPU seconds per trial, by (N, wipe-out only).
std::map<std::pair<int, bool>, double>& cpuSecondsPerTrial()
{
    static std::map<std::pair<int, bool>, double> seconds;
    return seconds;
}

// Trials per floor case: a fraction of a second of the exact kernel on one core.
std::uint64_t floorTrials(int groups) { return groups <= 1'000 ? 5'000 : groups <= 10'000 ? 500 : 10; }

void runFloorCase(benchmark::State& state, int groups, bool wipeoutOnly)
{
    const spare::Layout layout = spare::Layout::golomb(groups, 9);
    const tbb::global_control limit(tbb::global_control::max_allowed_parallelism, 1);
    spare::MonteCarloOptions options;
    options.trials = floorTrials(groups);
    options.seed = 1;
    options.device = Device::Cpu;
    options.wipeoutOnly = wipeoutOnly;
    double cpuSeconds = 0.0;
    double failures = 0.0;
    for (auto _ : state) {
        const std::clock_t start = std::clock();
        const spare::MonteCarloResult result = spare::MonteCarlo::run(layout, options);
        cpuSeconds += static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
        failures += result.mu * static_cast<double>(options.trials);
        benchmark::DoNotOptimize(result.mu);
    }
    const double trials = static_cast<double>(options.trials * state.iterations());
    state.counters["failures_per_cpu_s"] = failures / cpuSeconds;
    cpuSecondsPerTrial()[{groups, wipeoutOnly}] = cpuSeconds / trials;
}

void runMonteCarlo(benchmark::State& state, const std::string& label, Device device, int threads,
                   std::uint64_t trials)
{
    const spare::Layout layout = spare::Layout::golomb(1000, 9);
    std::optional<tbb::global_control> limit;
    if (threads > 0)
        limit.emplace(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads));
    spare::MonteCarloOptions options;
    options.trials = trials;
    options.seed = 1;
    options.device = device;
    double seconds = 0.0;
    std::uint64_t done = 0;
    for (auto _ : state) {
        const auto start = std::chrono::steady_clock::now();
        const spare::MonteCarloResult result = spare::MonteCarlo::run(layout, options);
        seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        benchmark::DoNotOptimize(result.mu);
        done += trials;
    }
    state.counters["trials_per_s"] = benchmark::Counter(static_cast<double>(done), benchmark::Counter::kIsRate);
    measuredRates()[label] = static_cast<double>(done) / seconds;
}

void printRatio(const char* what, const std::string& numerator, const std::string& denominator)
{
    const auto& rates = measuredRates();
    if (rates.count(numerator) == 0 || rates.count(denominator) == 0)
        return;
    fmt::print("  {:<28} {:.2f}x\n", what, rates.at(numerator) / rates.at(denominator));
}

}  // namespace

int main(int argc, char** argv)
{
    std::uint64_t trials = 10'000;
    std::vector<char*> args;
    for (int i = 0; i < argc; ++i) {
        if (std::strncmp(argv[i], "--trials=", 9) == 0)
            trials = std::strtoull(argv[i] + 9, nullptr, 10);
        else
            args.push_back(argv[i]);
    }
    if (trials == 0) {
        fmt::print(stderr, "bench_montecarlo: --trials must be at least 1\n");
        return 2;
    }

    const int cores = tbb::info::default_concurrency();
    const std::string all = fmt::format("cpu_threads:{}", cores);
    const auto add = [trials](const std::string& label, Device device, int threads) {
        const auto run = [=](benchmark::State& state) { runMonteCarlo(state, label, device, threads, trials); };
        benchmark::RegisterBenchmark(("montecarlo_N1000_r9/" + label).c_str(), run)
            ->Iterations(1)
            ->UseRealTime()
            ->Unit(benchmark::kMillisecond);
    };
    add("cpu_threads:1", Device::Cpu, 1);
    add("cpu_threads:2", Device::Cpu, 2);
    if (cores > 2)
        add(all, Device::Cpu, cores);
    const std::string noCuda = spare::MonteCarlo::cudaUnavailableReason();
    if (noCuda.empty())
        add("cuda", Device::Cuda, 0);
    for (const int groups : {1'000, 10'000, 100'000})
        for (const bool wipeoutOnly : {true, false})
            benchmark::RegisterBenchmark(
                fmt::format("floor_N{}_r9/{}", groups, wipeoutOnly ? "wipeout_only" : "exact").c_str(),
                [groups, wipeoutOnly](benchmark::State& state) { runFloorCase(state, groups, wipeoutOnly); })
                ->Iterations(1)
                ->UseRealTime()
                ->Unit(benchmark::kMillisecond);

    int benchArgc = static_cast<int>(args.size());
    benchmark::Initialize(&benchArgc, args.data());
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();

    fmt::print("\nsummary ({} trials per case, golomb N = 1000, r = 9):\n", trials);
    for (const auto& [label, rate] : measuredRates())
        fmt::print("  {:<28} {:>12.0f} trials/s\n", label, rate);
    printRatio("2 threads / 1 thread", "cpu_threads:2", "cpu_threads:1");
    if (cores > 2)
        printRatio(fmt::format("{} threads / 1 thread", cores).c_str(), all, "cpu_threads:1");
    printRatio(fmt::format("cuda / cpu {} threads", cores).c_str(), "cuda", cores > 2 ? all : "cpu_threads:2");
    if (!noCuda.empty())
        fmt::print("  cuda: not measured ({})\n", noCuda);

    const auto& floor = cpuSecondsPerTrial();
    if (!floor.empty())
        fmt::print("\nexact kernel / wipe-out-only loop, golomb r = 9, one thread, CPU time per trial:\n");
    for (const int groups : {1'000, 10'000, 100'000}) {
        if (floor.count({groups, true}) == 0 || floor.count({groups, false}) == 0)
            continue;
        const double exact = floor.at({groups, false});
        const double wipeout = floor.at({groups, true});
        fmt::print("  N = {:>7}: exact {:>10.1f} us, wipe-out only {:>9.1f} us, ratio {:.1f}x (target <= {}x)\n",
                   groups, exact * 1e6, wipeout * 1e6, exact / wipeout, groups <= 1'000 ? 8 : 4);
    }
    return 0;
}
