// The headline sweep of the Analysis tab for scenarios/paper-n600.json (SPARe+CKPT and Rep+CKPT,
// r = 2..20, 3 seeds, 10,000 steps each: 114 runs), three ways in one process: the engine Sweep as
// `spare-cli sweep --policies spare,rep --redundancy 2-20 --seeds 3` runs it (the baseline),
// AnalysisStudy::run (the call the GUI worker makes), and behind a visible AnalysisView (worker,
// queued updates, charts) while a 5 ms timer measures the GUI thread's longest stall. Each round runs
// the three in a rotated order so drifting machine load hits them alike; ratios are over the sums.
#include "bench/QtBenchmarkMain.h"
#include "engine/sim/ScenarioJson.h"
#include "engine/study/AnalysisStudy.h"
#include "engine/sweep/Sweep.h"
#include "ui/analysis/AnalysisView.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QTimer>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <functional>

namespace {

using Clock = std::chrono::steady_clock;

const spare::Scenario& paperN600()
{
    static const spare::Scenario scenario = spare::loadScenarioFile(SPARE_SOURCE_DIR "/scenarios/paper-n600.json");
    return scenario;
}

double cpuSeconds(clockid_t clock)
{
    timespec t{};
    clock_gettime(clock, &t);
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) / 1e9;
}

// Wall and CPU seconds summed over the rounds: the process (every thread) and the calling thread.
struct Totals {
    double wallS = 0.0;
    double cpuS = 0.0;
    double threadCpuS = 0.0;

    void time(const std::function<void()>& work)
    {
        const auto wall = Clock::now();
        const double cpu = cpuSeconds(CLOCK_PROCESS_CPUTIME_ID);
        const double thread = cpuSeconds(CLOCK_THREAD_CPUTIME_ID);
        work();
        wallS += std::chrono::duration<double>(Clock::now() - wall).count();
        cpuS += cpuSeconds(CLOCK_PROCESS_CPUTIME_ID) - cpu;
        threadCpuS += cpuSeconds(CLOCK_THREAD_CPUTIME_ID) - thread;
    }
};

Totals engineSweep;
Totals computation;
Totals behindView;
double maxStallMs = 0.0;
int rounds = 0;
int runs = 0;

spare::SweepSpec cliSweepSpec()
{
    spare::SweepSpec spec;
    spec.base = paperN600();
    spec.policies = {spare::Policy::Spare, spare::Policy::Rep};
    for (int r = 2; r <= 20; ++r)
        spec.spareRedundancies.push_back(r);
    spec.repRedundancies = spec.spareRedundancies;
    spec.seeds = 3;
    return spec;
}

// The sweep in the view's worker; the heartbeat's largest gap is the GUI thread's longest stall.
void runBehindView(const spare::AnalysisRequest& request)
{
    spare::AnalysisView view;
    view.resize(1200, 800);
    view.show();
    QApplication::processEvents();  // the new window's first layout and paint are not the sweep's
    QElapsedTimer sinceTick;
    QTimer ticker;
    ticker.setInterval(5);
    QObject::connect(&ticker, &QTimer::timeout, [&] {
        maxStallMs = std::max(maxStallMs, static_cast<double>(sinceTick.nsecsElapsed()) / 1e6);
        sinceTick.restart();
    });
    QObject::connect(&view, &spare::AnalysisView::analysisFinished, qApp, &QCoreApplication::quit);
    behindView.time([&] {
        sinceTick.start();
        ticker.start();
        view.setRequest(request);
        QApplication::exec();
    });
}

void BM_HeadlineSweep(benchmark::State& state)
{
    const spare::SweepSpec spec = cliSweepSpec();
    const spare::AnalysisRequest request = spare::AnalysisRequest::headlineBenchmark(paperN600());
    runs = spare::AnalysisStudy::totalUnits(request);
    const std::atomic<bool> cancel{false};
    const std::function<void()> passes[] = {
        [&] { engineSweep.time([&] { benchmark::DoNotOptimize(spare::Sweep::run(spec)); }); },
        [&] {
            computation.time([&] {
                if (!spare::AnalysisStudy::run(request, cancel).complete)
                    state.SkipWithError("the headline sweep did not complete");
            });
        },
        [&] { runBehindView(request); },
    };
    for (auto _ : state) {
        for (std::size_t k = 0; k < std::size(passes); ++k)
            passes[(k + static_cast<std::size_t>(rounds)) % std::size(passes)]();
        ++rounds;
    }
    state.counters["runs"] = runs;
    state.counters["computation_x_sweep"] = computation.wallS / engineSweep.wallS;
    state.counters["view_x_sweep"] = behindView.wallS / engineSweep.wallS;
}
BENCHMARK(BM_HeadlineSweep)->Unit(benchmark::kMillisecond)->Iterations(3)->UseRealTime();

}  // namespace

int main(int argc, char** argv)
{
    return runQtBenchmarks(argc, argv, [] {
        if (rounds == 0)
            return;
        const double n = rounds;
        std::printf("summary: headline sweep paper-n600 (%d runs), mean of %d rounds: engine Sweep %.3f s wall / %.3f s CPU; "
                    "AnalysisStudy %.3f s / %.3f s = %.2fx wall, %.2fx CPU; behind the AnalysisView %.3f s / %.3f s "
                    "= %.2fx wall, %.2fx CPU (GUI thread %.3f s CPU), longest GUI-thread stall %.0f ms\n",
                    runs, rounds, engineSweep.wallS / n, engineSweep.cpuS / n, computation.wallS / n, computation.cpuS / n,
                    computation.wallS / engineSweep.wallS, computation.cpuS / engineSweep.cpuS, behindView.wallS / n,
                    behindView.cpuS / n, behindView.wallS / engineSweep.wallS, behindView.cpuS / engineSweep.cpuS,
                    behindView.threadCpuS / n, maxStallMs);
    });
}
