// The headline sweep of the Analysis tab for scenarios/paper-n600.json (SPARe+CKPT and Rep+CKPT,
// r = 2..20, 3 seeds, 10,000 steps each) through AnalysisComputation::run, the call the GUI worker
// makes; the baseline is one SPARe+CKPT run (r = 8, seed 1) in the same process. A final pass runs the
// same sweep behind a visible AnalysisView and reports the GUI thread's longest stall.
#include "QtBenchmarkMain.h"
#include "analysis/AnalysisComputation.h"
#include "analysis/AnalysisView.h"
#include "sim/ScenarioJson.h"
#include "sim/Simulator.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QTimer>

#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdio>

namespace {

const spare::Scenario& paperN600()
{
    static const spare::Scenario scenario = spare::loadScenarioFile(SPARE_SOURCE_DIR "/scenarios/paper-n600.json");
    return scenario;
}

double singleRunS = 0.0;
double sweepS = 0.0;
int sweepRuns = 0;

void BM_SingleRunBaseline(benchmark::State& state)
{
    spare::Scenario scenario = paperN600();
    scenario.policy = spare::Policy::Spare;
    scenario.redundancy = 8;
    const spare::Simulator simulator(scenario);
    for (auto _ : state) {
        const auto start = std::chrono::steady_clock::now();
        benchmark::DoNotOptimize(simulator.run());
        singleRunS = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    }
}
BENCHMARK(BM_SingleRunBaseline)->Unit(benchmark::kMillisecond)->Iterations(1)->UseRealTime();

void BM_HeadlineSweep(benchmark::State& state)
{
    const spare::AnalysisRequest request = spare::AnalysisRequest::headlineBenchmark(paperN600());
    const std::atomic<bool> cancel{false};
    for (auto _ : state) {
        const auto start = std::chrono::steady_clock::now();
        const spare::AnalysisResults results = spare::AnalysisComputation::run(request, cancel);
        sweepS = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (!results.complete)
            state.SkipWithError("the headline sweep did not complete");
    }
    sweepRuns = spare::AnalysisComputation::totalUnits(request);
    state.counters["runs"] = sweepRuns;
    state.counters["x_single_run"] = singleRunS > 0.0 ? sweepS / singleRunS : 0.0;
}
BENCHMARK(BM_HeadlineSweep)->Unit(benchmark::kMillisecond)->Iterations(1)->UseRealTime();

// Runs the sweep in the view's worker while a 5 ms timer measures the largest gap between its ticks.
double guiMaxStallMs(double* wallS)
{
    spare::AnalysisView view;
    view.resize(1200, 800);
    view.show();
    QElapsedTimer sinceTick;
    double maxGapMs = 0.0;
    QTimer ticker;
    ticker.setInterval(5);
    QObject::connect(&ticker, &QTimer::timeout, [&] {
        maxGapMs = std::max(maxGapMs, sinceTick.nsecsElapsed() / 1e6);
        sinceTick.restart();
    });
    QObject::connect(&view, &spare::AnalysisView::analysisFinished, qApp, &QCoreApplication::quit);
    QElapsedTimer wall;
    wall.start();
    sinceTick.start();
    ticker.start();
    view.setRequest(spare::AnalysisRequest::headlineBenchmark(paperN600()));
    QApplication::exec();
    *wallS = wall.nsecsElapsed() / 1e9;
    return maxGapMs;
}

}  // namespace

int main(int argc, char** argv)
{
    return runQtBenchmarks(argc, argv, [] {
        double guiWallS = 0.0;
        const double stallMs = guiMaxStallMs(&guiWallS);
        std::printf("summary: headline sweep paper-n600 (%d runs) %.2f s = %.1f x one run (%.3f s); "
                    "behind the GUI %.2f s with a max GUI-thread stall of %.0f ms\n",
                    sweepRuns, sweepS, singleRunS > 0.0 ? sweepS / singleRunS : 0.0, singleRunS, guiWallS, stallMs);
    });
}
