// Cost of failure domains: the paper-n600 SPARe+CKPT run (r = 8, Weibull, 10,000 steps) as it is; with a
// topology (8 GPUs per node, 16 nodes per rack, 32 racks per pod) where 10% of the failures are rack
// failures (a rack category; the other 90% stay on the per-group clocks, same total rate); and with a
// rack category of share 0 (the same failures as today: the machinery's own cost); and the rack failures
// with the repair model (64 hot-spare nodes, 10 min swaps, lognormal 4 h repairs, rejoin at_step). Prints the process
// CPU time per run of each and the ratios to today's, measured in this process.
#include "engine/sim/Simulator.h"
#include "engine/sweep/PaperTable.h"

#include <benchmark/benchmark.h>
#include <fmt/core.h>

#include <ctime>
#include <map>
#include <string>

namespace {

std::map<std::string, double>& measuredSeconds()
{
    static std::map<std::string, double> seconds;
    return seconds;
}

// rackShare < 0: today's scenario, no topology.
spare::Scenario paperN600(double rackShare, bool repair)
{
    spare::Scenario scenario = spare::paperScenario(600);
    scenario.policy = spare::Policy::Spare;
    scenario.redundancy = 8;
    if (rackShare >= 0.0) {
        scenario.topology = spare::Topology{};
        scenario.failureCategories = {{"GPU or host", 1.0 - rackShare, std::nullopt},
                                      {"rack switch", rackShare, spare::DomainLevel::Rack}};
    }
    if (repair) {
        scenario.repair = spare::RepairModel{};
        scenario.repair->spareNodes = 64;
        scenario.repair->rejoin = spare::RejoinRule::AtStep;
    }
    return scenario;
}

void runPaperN600(benchmark::State& state, const std::string& name, double rackShare, bool repair = false)
{
    const spare::Simulator simulator(paperN600(rackShare, repair));
    double seconds = 0.0;
    int runs = 0;
    std::int64_t failures = 0;
    std::int64_t rejoins = 0;
    for (auto _ : state) {
        const std::clock_t start = std::clock();
        const spare::RunMetrics metrics = simulator.run();
        seconds += static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
        failures += metrics.failures;
        rejoins += metrics.repair ? metrics.repair->rejoins : 0;
        ++runs;
        benchmark::DoNotOptimize(metrics.tttS);
    }
    state.counters["failures_per_run"] = static_cast<double>(failures) / runs;
    state.counters["rejoins_per_run"] = static_cast<double>(rejoins) / runs;
    measuredSeconds()[name] = seconds / runs;
}

void BM_PaperN600Today(benchmark::State& state) { runPaperN600(state, "today", -1.0); }
void BM_PaperN600RackFailures(benchmark::State& state) { runPaperN600(state, "racks", 0.1); }
void BM_PaperN600SilentRacks(benchmark::State& state) { runPaperN600(state, "silent racks", 0.0); }
void BM_PaperN600RacksRejoin(benchmark::State& state) { runPaperN600(state, "racks rejoin", 0.1, true); }

}  // namespace

BENCHMARK(BM_PaperN600Today)->Iterations(5)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PaperN600RackFailures)->Iterations(5)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PaperN600SilentRacks)->Iterations(5)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PaperN600RacksRejoin)->Iterations(5)->Unit(benchmark::kMillisecond);

int main(int argc, char** argv)
{
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    const auto& s = measuredSeconds();
    if (s.count("today") && s.count("racks") && s.count("silent racks"))
        fmt::print("paper-n600 run, CPU: today {:.1f} ms; 10% rack failures {:.1f} ms, {:.2f}x (target <= 2); "
                   "rack category of share 0 {:.1f} ms, {:.2f}x\n",
                   1e3 * s.at("today"), 1e3 * s.at("racks"), s.at("racks") / s.at("today"), 1e3 * s.at("silent racks"),
                   s.at("silent racks") / s.at("today"));
    if (s.count("today") && s.count("racks rejoin"))
        fmt::print("paper-n600 run, CPU: 10% rack failures with repair and rejoin {:.1f} ms, {:.2f}x today (target <= 2)\n",
                   1e3 * s.at("racks rejoin"), s.at("racks rejoin") / s.at("today"));
    return 0;
}
