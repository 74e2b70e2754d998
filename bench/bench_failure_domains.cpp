// Cost of failure domains: the paper-n600 SPARe+CKPT run (r = 8, Weibull, 10,000 steps) as it is, and
// with a topology (8 GPUs per node, 16 nodes per rack, 32 racks per pod) where 10% of the failures are
// rack failures (a rack category; the other 90% stay on the per-group clocks, same total rate). Prints
// the time per run of both and their ratio, measured in this process.
#include "sim/Simulator.h"
#include "sweep/PaperTable.h"

#include <benchmark/benchmark.h>
#include <fmt/core.h>

#include <chrono>
#include <map>
#include <string>

namespace {

std::map<std::string, double>& measuredSeconds()
{
    static std::map<std::string, double> seconds;
    return seconds;
}

spare::Scenario paperN600(bool rackFailures)
{
    spare::Scenario scenario = spare::paperScenario(600);
    scenario.policy = spare::Policy::Spare;
    scenario.redundancy = 8;
    if (rackFailures) {
        scenario.topology = spare::Topology{};
        scenario.failureCategories = {{"GPU or host", 0.9, std::nullopt}, {"rack switch", 0.1, spare::DomainLevel::Rack}};
    }
    return scenario;
}

void runPaperN600(benchmark::State& state, bool rackFailures)
{
    const spare::Simulator simulator(paperN600(rackFailures));
    double seconds = 0.0;
    int runs = 0;
    std::int64_t failures = 0;
    for (auto _ : state) {
        const auto start = std::chrono::steady_clock::now();
        const spare::RunMetrics metrics = simulator.run();
        seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        failures += metrics.failures;
        ++runs;
        benchmark::DoNotOptimize(metrics.tttS);
    }
    state.counters["failures_per_run"] = static_cast<double>(failures) / runs;
    measuredSeconds()[rackFailures ? "racks" : "today"] = seconds / runs;
}

void BM_PaperN600Today(benchmark::State& state) { runPaperN600(state, false); }
void BM_PaperN600RackFailures(benchmark::State& state) { runPaperN600(state, true); }

}  // namespace

BENCHMARK(BM_PaperN600Today)->Iterations(5)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PaperN600RackFailures)->Iterations(5)->Unit(benchmark::kMillisecond);

int main(int argc, char** argv)
{
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    const auto& s = measuredSeconds();
    if (s.count("today") && s.count("racks"))
        fmt::print("paper-n600 run: today {:.3f} s, with rack failures {:.3f} s, ratio {:.2f} (target <= 2)\n",
                   s.at("today"), s.at("racks"), s.at("racks") / s.at("today"));
    return 0;
}
