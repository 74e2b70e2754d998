// The planner's cost, as ratios measured in this process:
//  - paper-n600, SPARe and Rep over r = 2..16 at the "auto" checkpoint rule, 95% confidence, 1%
//    indifference: wall and CPU time, runs spent, and the runs a full grid at the same confidence would
//    take (every candidate run to the most replicates any pair needs, from the same first stage);
//  - the same ratio over 20 plans of teaching-12 (other base seeds), 5% indifference.
// Usage: bench_plan [--benchmark_filter=...] [--threads=N] (default 2).
#include "engine/planning/ConfigurationPlanner.h"
#include "engine/sim/ScenarioJson.h"
#include "engine/sweep/PaperTable.h"

#include <benchmark/benchmark.h>
#include <fmt/core.h>

#include <chrono>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>

namespace {

int threads = 2;
std::vector<std::string> summary;

double cpuSeconds() { return static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }

struct PlanCost {
    std::size_t runs = 0;
    std::size_t fullGrid = 0;
};

PlanCost cost(const spare::PlanResult& result)
{
    PlanCost c;
    for (const spare::PlanPolicyResult& p : result.policies) {
        c.runs += p.runs;
        c.fullGrid += p.fullGridRuns;
    }
    return c;
}

void paperN600(benchmark::State& state)
{
    spare::PlanSpec spec;
    spec.base = spare::paperScenario(600);
    spec.policies = {spare::Policy::Spare, spare::Policy::Rep};
    for (int r = 2; r <= 16; ++r)
        spec.redundancies.push_back(r);
    for (auto _ : state) {
        const auto start = std::chrono::steady_clock::now();
        const double cpuStart = cpuSeconds();
        spare::LocalPlanRoundRunner runner(spare::RunControl{threads, {}, nullptr});
        const spare::PlanResult result = spare::runPlan(spec, runner);
        const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const double cpu = cpuSeconds() - cpuStart;
        const PlanCost c = cost(result);
        std::string chosen;
        for (const spare::PlanPolicyResult& p : result.policies) {
            const auto& s = p.candidates[static_cast<std::size_t>(p.selected)];
            chosen += fmt::format(" {} r={} ({:.4f} +- {:.4f}, {} replicates);", spare::policyName(p.policy),
                                  s.candidate.redundancy, s.mean, s.halfWidth, s.observations);
        }
        summary.push_back(fmt::format("paper-n600 plan, r 2-16, spare+rep, 95%, 1%: {:.1f} s wall, {:.1f} s CPU on {} "
                                      "threads, {} rounds, {} runs; full grid {} runs: {:.1f}x more;{}",
                                      wall, cpu, threads, result.rounds, c.runs, c.fullGrid,
                                      static_cast<double>(c.fullGrid) / static_cast<double>(c.runs), chosen));
        state.counters["runs"] = static_cast<double>(c.runs);
        state.counters["full_grid_runs"] = static_cast<double>(c.fullGrid);
    }
}

void teachingSeeds(benchmark::State& state)
{
    spare::PlanSpec spec;
    spec.base = spare::loadScenarioFile(SPARE_SOURCE_DIR "/scenarios/teaching-12.json");
    spec.policies = {spare::Policy::Spare, spare::Policy::Rep};
    spec.redundancies = {2, 3, 4, 5, 6};
    spec.indifference = 0.05;
    for (auto _ : state) {
        PlanCost total;
        for (std::uint64_t seed = 1; seed <= 20; ++seed) {
            spec.base.seed = seed;
            spare::LocalPlanRoundRunner runner(spare::RunControl{threads, {}, nullptr});
            const PlanCost c = cost(spare::runPlan(spec, runner));
            total.runs += c.runs;
            total.fullGrid += c.fullGrid;
        }
        summary.push_back(fmt::format("teaching-12 plans, r 2-6, spare+rep, 95%, 5%, 20 seeds: {} runs; full grid {} "
                                      "runs: {:.1f}x more",
                                      total.runs, total.fullGrid,
                                      static_cast<double>(total.fullGrid) / static_cast<double>(total.runs)));
    }
}

}  // namespace

int main(int argc, char** argv)
{
    std::vector<char*> args;
    for (int i = 0; i < argc; ++i) {
        if (std::strncmp(argv[i], "--threads=", 10) == 0)
            threads = std::atoi(argv[i] + 10);
        else
            args.push_back(argv[i]);
    }
    int count = static_cast<int>(args.size());
    benchmark::RegisterBenchmark("plan/paper-n600", paperN600)->Iterations(1)->Unit(benchmark::kSecond);
    benchmark::RegisterBenchmark("plan/teaching-12-seeds", teachingSeeds)->Iterations(1)->Unit(benchmark::kSecond);
    benchmark::Initialize(&count, args.data());
    benchmark::RunSpecifiedBenchmarks();
    fmt::print("\nsummary\n");
    for (const std::string& line : summary)
        fmt::print("  {}\n", line);
    return 0;
}
