// Campaign overheads, as ratios measured in this process:
//  - throughput: a campaign run vs the same (scenario, seed) runs on a bare oneTBB loop, and vs a Sweep of
//    as many runs (paper N = 600 setting);
//  - merge of 10^6 synthetic result rows (read, sort, CSV), status over 10^4 shard files;
//  - per-run append (one write of a line, periodic fdatasync) vs the median paper-n600 run time.
// Usage: bench_campaign [--benchmark_filter=...]. Writes only under a temporary folder.
#include "engine/base/AtomicFile.h"
#include "engine/campaign/CampaignJson.h"
#include "engine/campaign/CampaignPlan.h"
#include "engine/campaign/CampaignResultsDir.h"
#include "engine/campaign/CampaignRunner.h"
#include "engine/campaign/CampaignShardFile.h"
#include "engine/campaign/CampaignStatus.h"
#include "engine/campaign/CampaignTable.h"
#include "engine/sim/ScenarioJson.h"
#include "engine/sim/Simulator.h"
#include "engine/sweep/PaperTable.h"
#include "engine/sweep/Sweep.h"

#include <benchmark/benchmark.h>
#include <fmt/core.h>
#include <nlohmann/json.hpp>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <unistd.h>

namespace {

using Clock = std::chrono::steady_clock;

std::map<std::string, double>& measured()
{
    static std::map<std::string, double> values;
    return values;
}

double secondsSince(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

// CPU seconds of this process (all threads): the wall time of a busy shared machine overstates the work.
double cpuSeconds() { return static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }

// 10^4 cells for the synthetic results.
constexpr const char* kSyntheticGrid = R"("failures.system_mtbf_s": {"linear": [100, 1000], "points": 1000},
                                          "cluster.redundancy": "2-11")";

// Wall and CPU time since construction.
struct Stopwatch {
    Clock::time_point start = Clock::now();
    double cpuStart = cpuSeconds();
    double wall() const { return secondsSince(start); }
    double cpu() const { return cpuSeconds() - cpuStart; }
};

// A fresh folder under the system temp dir, removed at exit.
class ScratchDir {
public:
    ScratchDir() : path_(std::filesystem::temp_directory_path() / fmt::format("bench_campaign.{}", ::getpid()))
    {
        std::filesystem::remove_all(path_);
        std::filesystem::create_directories(path_);
    }
    ~ScratchDir() { std::filesystem::remove_all(path_); }
    std::string operator/(const std::string& name) const { return (path_ / name).string(); }

private:
    std::filesystem::path path_;
};

const ScratchDir& scratch()
{
    static const ScratchDir dir;
    return dir;
}

spare::Campaign campaign(const std::string& grid, const std::string& replication,
                         const spare::Scenario& base = spare::paperScenario(600))
{
    return spare::campaignFromJsonText(fmt::format(R"({{"name": "bench", "base": {}, "grid": {{{}}}, "replication": {}}})",
                                                   spare::scenarioToJsonText(base), grid, replication),
                                       "bench");
}

constexpr int kThreads = 2;

void campaignVsSweep(benchmark::State& state)
{
    const spare::CampaignPlan plan(campaign(R"("cluster.redundancy": [6, 7, 8, 9], "run.policy": ["spare", "rep"])",
                                            R"({"seeds": 2})"));
    spare::SweepSpec sweep;
    sweep.base = spare::paperScenario(600);
    sweep.policies = {spare::Policy::Spare, spare::Policy::Rep};
    sweep.spareRedundancies = sweep.repRedundancies = {6, 7, 8, 9};
    sweep.seeds = 2;
    const std::vector<spare::CampaignRun> runs = plan.runs();
    double campaignS = 0.0, bareS = 0.0, sweepS = 0.0;
    double campaignCpu = 0.0, bareCpu = 0.0, sweepCpu = 0.0;
    int round = 0;
    for (auto _ : state) {
        // Alternate the order so drifting machine load hits all three alike.
        const auto runCampaign = [&] {
            const Stopwatch watch;
            spare::CampaignRunOptions options;
            options.control.threads = kThreads;
            spare::CampaignRunner::run(plan, spare::CampaignResultsDir(scratch() / fmt::format("throughput{}", round)),
                                       0, 1, options);
            campaignS += watch.wall();
            campaignCpu += watch.cpu();
        };
        const auto runBare = [&] {
            const Stopwatch watch;
            tbb::task_arena arena(kThreads);
            arena.execute([&] {
                tbb::parallel_for(std::size_t{0}, runs.size(), [&](std::size_t i) {
                    spare::SimulationLimits limits;
                    benchmark::DoNotOptimize(
                        spare::Simulator(plan.scenario(runs[i].cell, runs[i].seed)).run(nullptr, limits).tttS);
                });
            });
            bareS += watch.wall();
            bareCpu += watch.cpu();
        };
        const auto runSweep = [&] {
            const Stopwatch watch;
            spare::SweepRunOptions options;
            options.control.threads = kThreads;
            benchmark::DoNotOptimize(spare::Sweep::run(sweep, options).rows.size());
            sweepS += watch.wall();
            sweepCpu += watch.cpu();
        };
        if (round++ % 2 == 0) {
            runCampaign();
            runBare();
            runSweep();
        } else {
            runSweep();
            runBare();
            runCampaign();
        }
    }
    measured()["campaign_s"] = campaignS;
    measured()["bare_s"] = bareS;
    measured()["sweep_s"] = sweepS;
    measured()["campaign_cpu_s"] = campaignCpu;
    measured()["bare_cpu_s"] = bareCpu;
    measured()["sweep_cpu_s"] = sweepCpu;
}

// A campaign of rows x 1 and its results folder filled with synthetic ok lines in `files` shard files.
void writeSyntheticResults(const std::string& dirName, int seeds, int files)
{
    const spare::CampaignPlan plan(campaign(kSyntheticGrid, fmt::format(R"({{"seeds": {}}})", seeds)));
    const spare::CampaignResultsDir dir(scratch() / dirName);
    dir.prepare(plan.campaign());
    std::vector<std::string> text(static_cast<std::size_t>(files));
    std::size_t n = 0;
    for (std::size_t c = 0; c < plan.cells().size(); ++c) {
        spare::RunMetrics m;  // one set of metrics per cell keeps generating 10^6 lines quick
        m.completed = true;
        m.steps = m.stepsDone = 10000;
        m.tttS = 1.6e6 + static_cast<double>(c) * 0.37;
        m.t0S = 700000.0;
        m.tttRatio = m.tttS / m.t0S;
        m.effectiveThroughput = m.t0S / m.tttS;
        m.availability = 0.9 + static_cast<double>(c % 1000) * 1e-5;
        m.failures = static_cast<std::int64_t>(c % 5000);
        m.meanStackNumber = 1.0 + static_cast<double>(c % 97) / 97.0;
        const std::string line = spare::CampaignResult::done(0, m, 0.1, 1.7e9).line().substr(16);
        for (int k = 0; k < seeds; ++k)
            text[n++ % text.size()].append(plan.run(c, k).runId).append(line);
    }
    for (std::size_t f = 0; f < text.size(); ++f)
        spare::writeFileAtomically(dir.shardPath(static_cast<int>(f), files), text[f]);
}

void mergeMillionRows(benchmark::State& state)
{
    // 10^4 cells x 100 seeds = 10^6 rows in 64 shard files.
    writeSyntheticResults("merge", 100, 64);
    for (auto _ : state) {
        const Stopwatch watch;
        const spare::CampaignResultsDir dir(scratch() / "merge");
        const spare::CampaignPlan plan(dir.campaign());
        const double planS = watch.wall();
        const spare::CampaignResults results = dir.read();
        const double readS = watch.wall();
        const spare::CampaignTable table(plan, results);
        const double sortS = watch.wall();
        const std::string csv = table.toCsv();
        const double csvS = watch.wall();
        spare::writeFileAtomically(scratch() / "merged.csv", csv);
        measured()["merge_s"] = watch.wall();
        measured()["merge_cpu_s"] = watch.cpu();
        fmt::print("merge phases (cumulative s): plan {:.2f}, read {:.2f}, table {:.2f}, csv {:.2f}, write {:.2f}\n", planS,
                   readS, sortS, csvS, measured()["merge_s"]);
        measured()["merge_rows"] = static_cast<double>(table.rows());
    }
}

void statusTenThousandFiles(benchmark::State& state)
{
    // 10^4 cells x 10 seeds = 10^5 runs in 10^4 shard files.
    writeSyntheticResults("status", 10, 10000);
    for (auto _ : state) {
        const Stopwatch watch;
        const spare::CampaignResultsDir dir(scratch() / "status");
        const spare::CampaignPlan plan(dir.campaign());
        const spare::CampaignResults results = dir.read();
        const spare::CampaignStatus status = spare::CampaignStatus::of(plan, results);
        benchmark::DoNotOptimize(status.done);
        measured()["status_s"] = watch.wall();
        measured()["status_cpu_s"] = watch.cpu();
        measured()["status_files"] = static_cast<double>(results.shardFiles);
    }
}

void appendVsRun(benchmark::State& state)
{
    spare::Scenario scenario = spare::paperScenario(600);  // scenarios/paper-n600.json's setting
    std::vector<double> runs;
    spare::RunMetrics metrics;
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
        scenario.seed = seed;
        const Stopwatch watch;
        metrics = spare::Simulator(scenario).run();
        runs.push_back(watch.wall());
    }
    std::sort(runs.begin(), runs.end());
    const std::string line = spare::CampaignResult::done(0x0123456789abcdefull, metrics, 0.1, 1.7e9).line();
    constexpr int kAppends = 2000;
    double appendS = 0.0;
    for (auto _ : state) {
        spare::CampaignShardFile file(scratch() / "append.tsv");
        const Stopwatch watch;
        for (int i = 0; i < kAppends; ++i)
            file.append(line);
        appendS = watch.wall() / kAppends;
    }
    measured()["median_run_s"] = runs[runs.size() / 2];
    measured()["append_s"] = appendS;
}

}  // namespace

int main(int argc, char** argv)
{
    benchmark::RegisterBenchmark("campaign_vs_sweep/paper_n600_16_runs", campaignVsSweep)
        ->Iterations(4)->Unit(benchmark::kMillisecond)->UseRealTime();
    benchmark::RegisterBenchmark("merge/1e6_rows", mergeMillionRows)->Iterations(1)->Unit(benchmark::kMillisecond)->UseRealTime();
    benchmark::RegisterBenchmark("status/1e4_shard_files", statusTenThousandFiles)
        ->Iterations(1)->Unit(benchmark::kMillisecond)->UseRealTime();
    benchmark::RegisterBenchmark("append/vs_paper_n600_run", appendVsRun)->Iterations(1)->Unit(benchmark::kMillisecond)->UseRealTime();
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();

    const auto& m = measured();
    fmt::print("\nsummary ({} threads):\n", kThreads);
    if (m.count("campaign_s")) {
        fmt::print("  campaign / same runs on a bare oneTBB loop: {:.3f}x wall, {:.3f}x CPU (target <= 1.05)\n",
                   m.at("campaign_s") / m.at("bare_s"), m.at("campaign_cpu_s") / m.at("bare_cpu_s"));
        fmt::print("  campaign / sweep of as many runs:           {:.3f}x wall, {:.3f}x CPU (target <= 1.05; other seeds)\n",
                   m.at("campaign_s") / m.at("sweep_s"), m.at("campaign_cpu_s") / m.at("sweep_cpu_s"));
    }
    if (m.count("merge_s"))
        fmt::print("  merge of {:.0f} rows to CSV: {:.2f} s wall, {:.2f} s CPU (target <= 10 s)\n", m.at("merge_rows"),
                   m.at("merge_s"), m.at("merge_cpu_s"));
    if (m.count("status_s"))
        fmt::print("  status over {:.0f} shard files: {:.2f} s wall, {:.2f} s CPU (target <= 1 s)\n", m.at("status_files"),
                   m.at("status_s"), m.at("status_cpu_s"));
    if (m.count("append_s"))
        fmt::print("  append per run: {:.1f} us = {:.4f}% of the median paper-n600 run ({:.3f} s) (target < 1%)\n",
                   m.at("append_s") * 1e6, 100.0 * m.at("append_s") / m.at("median_run_s"), m.at("median_run_s"));
    return 0;
}
