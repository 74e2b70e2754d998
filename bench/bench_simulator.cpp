// Simulator throughput: one 10,000-step SPARe+CKPT run at N = 1000, r = 9 (Weibull), without an
// observer and with a counting observer; a small sweep on 1 and 2 threads; the paper table (one seed,
// one thread) with the reorder controller's current search and with Phase 1 run before every Phase 2
// (the earlier order); the same 10,000-step run under the real-cluster rules (exact checkpoint semantics,
// stationary clocks, restart parts, a serialized restart, two-stage checkpoints, maintenance); scale: 2,000-step runs at N = 10^3, 10^5 and 10^6 (setup included, each N's
// peak memory measured in a forked child). Prints events/s and the ratios measured in this process.
#include "engine/reorder/ReorderController.h"
#include "engine/sim/MemoryEstimate.h"
#include "engine/sim/Simulator.h"
#include "engine/sweep/PaperTable.h"
#include "engine/sweep/Sweep.h"
#include "tests/support/ChildPeakMemory.h"

#include <benchmark/benchmark.h>
#include <fmt/core.h>

#include <chrono>
#include <ctime>
#include <map>
#include <string>

namespace {

std::map<std::string, double>& measuredSeconds()
{
    static std::map<std::string, double> seconds;
    return seconds;
}

class CountingObserver final : public spare::SimulationObserver {
public:
    void onEvent(const spare::Event& event) override { count += event.decision ? 2 : 1; }
    long long count = 0;
};

spare::Scenario paperSpareN1000()
{
    spare::Scenario scenario = spare::paperScenario(1000);
    scenario.policy = spare::Policy::Spare;
    scenario.redundancy = 9;
    return scenario;
}

// The paper run with every rule of real clusters switched on (docs/simulator-model.md).
spare::Scenario realRulesSpareN1000()
{
    spare::Scenario scenario = paperSpareN1000();
    scenario.checkpointSemantics = spare::CheckpointSemantics::Exact;
    scenario.clockStart = spare::ClockStart::Stationary;
    scenario.restartRule = spare::RestartRule::Serialized;
    scenario.detectS = 60.0;
    scenario.diagnoseS = 60.0;
    scenario.checkpointPersistS = 30.0;
    scenario.maintenance = spare::MaintenanceSchedule{86400.0, 1800.0, {}};
    return scenario;
}

void runSimulation(benchmark::State& state, bool observed, bool realRules = false)
{
    const spare::Simulator simulator(realRules ? realRulesSpareN1000() : paperSpareN1000());
    CountingObserver observer;
    double seconds = 0.0;
    std::int64_t events = 0;
    int runs = 0;
    for (auto _ : state) {
        const auto start = std::chrono::steady_clock::now();
        const spare::RunMetrics metrics = simulator.run(observed ? &observer : nullptr);
        seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        events += metrics.events;
        ++runs;
        benchmark::DoNotOptimize(metrics.tttS);
    }
    state.counters["events_per_s"] = benchmark::Counter(static_cast<double>(events), benchmark::Counter::kIsRate);
    state.counters["events_per_run"] = static_cast<double>(events) / runs;
    if (realRules) {
        measuredSeconds()["run_real_rules"] = seconds / runs;
        return;
    }
    measuredSeconds()[observed ? "run_observed" : "run"] = seconds / runs;
    measuredSeconds()["events_per_run"] = static_cast<double>(events) / runs;
}

void runSweep(benchmark::State& state, int threads)
{
    spare::SweepSpec spec;
    spec.base = spare::paperScenario(600);
    spec.seeds = 2;
    spec.policies = {spare::Policy::Spare, spare::Policy::Rep};
    spec.spareRedundancies = {6, 7, 8, 9, 10};
    spec.repRedundancies = {2, 3, 4};
    spare::SweepRunOptions options;
    options.control.threads = threads;
    double seconds = 0.0;
    for (auto _ : state) {
        const auto start = std::chrono::steady_clock::now();
        const spare::SweepResult result = spare::Sweep::run(spec, options);
        seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        benchmark::DoNotOptimize(result.rows.size());
    }
    measuredSeconds()[fmt::format("sweep_threads:{}", threads)] = seconds / static_cast<double>(state.iterations());
}

// Process CPU time of the whole paper table, so that other load on the machine does not skew the ratio.
void runPaperTable(benchmark::State& state, bool phase1First)
{
    spare::ReorderController::setPhase1First(phase1First);
    spare::SweepRunOptions options;
    options.control.threads = 1;
    double cpuSeconds = 0.0;
    for (auto _ : state) {
        const std::clock_t start = std::clock();
        const spare::PaperTable table = spare::runPaperTable(1, options);
        cpuSeconds += static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
        benchmark::DoNotOptimize(table.rows.size());
    }
    spare::ReorderController::setPhase1First(false);
    measuredSeconds()[phase1First ? "paper_phase1_first" : "paper_current"] =
        cpuSeconds / static_cast<double>(state.iterations());
}

// The paper's N = 1000 setting (T_a = 10 s) at N groups, 2,000 steps.
spare::Scenario scaleScenario(int groups, spare::Policy policy, int redundancy)
{
    spare::Scenario scenario = spare::paperScenario(1000);
    scenario.groups = groups;
    scenario.steps = 2000;
    scenario.policy = policy;
    scenario.redundancy = redundancy;
    return scenario;
}

constexpr int kScaleRedundancy = 8;

// Wall time of one run from an unbuilt simulator: setup (clocks, layout, controller) and the steps.
void runAtScale(benchmark::State& state, int groups)
{
    const spare::Scenario scenario = scaleScenario(groups, spare::Policy::Spare, kScaleRedundancy);
    double seconds = 0.0;
    for (auto _ : state) {
        const auto start = std::chrono::steady_clock::now();
        const spare::RunMetrics metrics = spare::Simulator(scenario).run();
        seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        benchmark::DoNotOptimize(metrics.tttS);
    }
    measuredSeconds()[fmt::format("scale:{}", groups)] = seconds / static_cast<double>(state.iterations());
}

// Peak memory per group above the fixed cost (the growth from N = 10^3 to 10^6, each run in a forked
// child), resident and address space, beside the engine's estimate (which counts the address space).
void printMemoryPerGroup()
{
    constexpr int small = 1000;
    constexpr int large = 1'000'000;
    fmt::print("\npeak memory per group above the fixed cost (N = {} -> {}, 2,000 steps, target <= 200 B resident):\n",
               small, large);
    for (const auto& [policy, redundancy] : {std::pair{spare::Policy::Ckpt, 1}, std::pair{spare::Policy::Rep, 3},
                                             std::pair{spare::Policy::Spare, kScaleRedundancy}}) {
        const auto peakAt = [&](int groups) {
            const spare::Scenario scenario = scaleScenario(groups, policy, redundancy);
            return spare::childPeakMemory([&scenario] { spare::Simulator(scenario).run(); });
        };
        const spare::ChildPeakMemory smallPeak = peakAt(small);
        const spare::ChildPeakMemory largePeak = peakAt(large);
        const auto perGroup = [](std::uint64_t a, std::uint64_t b) {
            return (static_cast<double>(b) - static_cast<double>(a)) / (large - small);
        };
        const double resident = perGroup(smallPeak.residentBytes, largePeak.residentBytes);
        const double addressSpace = perGroup(smallPeak.addressSpaceBytes, largePeak.addressSpaceBytes);
        const auto estimated = static_cast<double>(
            spare::estimateRunMemory(scaleScenario(large, policy, redundancy)).perGroupBytes);
        fmt::print("  {} r={}: {:.1f} B resident ({:.2f}x the 200 B target), {:.1f} B address space, {:.0f} B "
                   "estimated\n",
                   spare::policyName(policy), redundancy, resident, resident / 200.0, addressSpace, estimated);
    }
}

}  // namespace

int main(int argc, char** argv)
{
    benchmark::RegisterBenchmark("simulate_spare_N1000_r9_10k_steps/no_observer",
                                 [](benchmark::State& s) { runSimulation(s, false); })
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
    benchmark::RegisterBenchmark("simulate_spare_N1000_r9_10k_steps/counting_observer",
                                 [](benchmark::State& s) { runSimulation(s, true); })
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
    benchmark::RegisterBenchmark("simulate_spare_N1000_r9_10k_steps/real_cluster_rules",
                                 [](benchmark::State& s) { runSimulation(s, false, true); })
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
    for (const int threads : {1, 2})
        benchmark::RegisterBenchmark(fmt::format("sweep_N600_16_runs/threads:{}", threads).c_str(),
                                     [threads](benchmark::State& s) { runSweep(s, threads); })
            ->Iterations(1)
            ->Unit(benchmark::kMillisecond)
            ->UseRealTime();

    for (const bool phase1First : {true, false})
        benchmark::RegisterBenchmark(
            fmt::format("paper_table_1_seed/{}", phase1First ? "phase1_first" : "current").c_str(),
            [phase1First](benchmark::State& s) { runPaperTable(s, phase1First); })
            ->Iterations(1)
            ->Unit(benchmark::kMillisecond)
            ->UseRealTime();

    for (const int groups : {1000, 100'000, 1'000'000})
        benchmark::RegisterBenchmark(fmt::format("simulate_spare_r8_2000_steps_with_setup/N:{}", groups).c_str(),
                                     [groups](benchmark::State& s) { runAtScale(s, groups); })
            ->Iterations(groups >= 1'000'000 ? 2 : groups >= 100'000 ? 5 : 50)
            ->Unit(benchmark::kMillisecond)
            ->UseRealTime();

    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();

    const auto& s = measuredSeconds();
    fmt::print("\nsummary:\n");
    if (s.count("run")) {
        fmt::print("  10k-step run, N=1000 r=9 SPARe+CKPT: {:.3f} s, {:.0f} events, {:.2e} events/s\n", s.at("run"),
                   s.at("events_per_run"), s.at("events_per_run") / s.at("run"));
    }
    if (s.count("run") && s.count("run_observed"))
        fmt::print("  counting observer / no observer (time): {:.2f}x\n", s.at("run_observed") / s.at("run"));
    if (s.count("run") && s.count("run_real_rules"))
        fmt::print("  real-cluster rules / the paper's rules (time per run, events differ): {:.2f}x\n",
                   s.at("run_real_rules") / s.at("run"));
    if (s.count("paper_phase1_first") && s.count("paper_current"))
        fmt::print("  paper table (1 seed, 1 thread, CPU time): {:.2f} s with Phase 1 first, {:.2f} s current: {:.2f}x\n",
                   s.at("paper_phase1_first"), s.at("paper_current"),
                   s.at("paper_phase1_first") / s.at("paper_current"));
    if (s.count("scale:1000") && s.count("scale:100000") && s.count("scale:1000000"))
        fmt::print("  2,000-step SPARe r=8 run with setup: {:.1f} ms / {:.1f} ms / {:.1f} ms at N = 10^3 / 10^5 / 10^6; "
                   "10^6 / 10^3: {:.1f}x (target <= 10x)\n",
                   1e3 * s.at("scale:1000"), 1e3 * s.at("scale:100000"), 1e3 * s.at("scale:1000000"),
                   s.at("scale:1000000") / s.at("scale:1000"));
    if (s.count("sweep_threads:1") && s.count("sweep_threads:2"))
        fmt::print("  sweep speed-up, 2 threads / 1 thread: {:.2f}x\n",
                   s.at("sweep_threads:1") / s.at("sweep_threads:2"));
    if (s.count("scale:1000000"))
        printMemoryPerGroup();
    return 0;
}
