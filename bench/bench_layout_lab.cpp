// The layout lab's "properties update at once": the synchronous work of one offset edit, at N = 200,
// 600 and 1000. Model: the custom layout and its overlap structure (LayoutCandidate::make), the
// differences, the two matrices at 420 x 420 pixels and the trade-off chart spec. View: a shown
// LayoutLabView redrawing everything for the new layout (rendered into a pixmap, an upper bound of a
// repaint). The Monte-Carlo refinement runs on a worker and is not part of it.
#include "bench/QtBenchmarkMain.h"
#include "engine/layout/Layout.h"
#include "engine/layout/LayoutOverlap.h"
#include "engine/sim/Scenario.h"
#include "ui/layoutlab/LayoutCandidate.h"
#include "ui/layoutlab/LayoutLab.h"
#include "ui/layoutlab/LayoutLabCharts.h"
#include "ui/layoutlab/LayoutLabView.h"

#include <QApplication>

#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdio>
#include <memory>

using namespace spare;

namespace {

constexpr int kPixels = 420;

struct Shape {
    int groups;
    int redundancy;
};
constexpr Shape kShapes[] = {{200, 8}, {600, 8}, {1000, 10}};

LayoutLabSettings settingsFor(Shape shape)
{
    LayoutLabSettings s;
    s.groups = shape.groups;
    s.redundancy = shape.redundancy;
    return s;
}

// The golomb offsets with the last mark moved by `shift`: a new custom layout every call.
std::shared_ptr<const Layout> editedLayout(Shape shape, int shift)
{
    std::vector<int> offsets = Layout::golomb(shape.groups, shape.redundancy).offsets();
    offsets.back() = offsets.back() + 1 + shift % (shape.groups - offsets.back() - 1);
    std::vector<std::vector<int>> stacks(static_cast<std::size_t>(shape.groups));
    for (int w = 0; w < shape.groups; ++w)
        for (int o : offsets)
            stacks[static_cast<std::size_t>(w)].push_back((w + o) % shape.groups);
    return std::make_shared<const Layout>(Layout::fromStacks(std::move(stacks), "custom"));
}

double modelEdit(Shape shape, int shift, const QVector<LayoutCandidate>& others)
{
    const auto start = std::chrono::steady_clock::now();
    const LayoutLabSettings settings = settingsFor(shape);
    QVector<LayoutCandidate> candidates = others;
    candidates.append(LayoutCandidate::make(LayoutCandidate::Role::Custom, QStringLiteral("custom"),
                                            editedLayout(shape, shift), settings));
    const LayoutCandidate& c = candidates.back();
    const MatrixWindow all{0, shape.groups, 0, shape.groups};
    benchmark::DoNotOptimize(LayoutOverlap::differences(c.offsets, shape.groups));
    benchmark::DoNotOptimize(c.overlap->blockMaxima(all, kPixels, kPixels));
    benchmark::DoNotOptimize(LayoutOverlap::holdingBlockMaxima(*c.layout, all, kPixels, kPixels));
    benchmark::DoNotOptimize(LayoutLabCharts::tradeoff(candidates, settings));
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

QVector<LayoutCandidate> fixedCandidates(Shape shape)
{
    const LayoutLabSettings settings = settingsFor(shape);
    return {LayoutCandidate::make(LayoutCandidate::Role::Golomb, QStringLiteral("golomb"),
                                  std::make_shared<const Layout>(Layout::golomb(shape.groups, shape.redundancy)), settings),
            LayoutCandidate::make(LayoutCandidate::Role::Consecutive, QStringLiteral("consecutive"),
                                  std::make_shared<const Layout>(Layout::consecutive(shape.groups, shape.redundancy)),
                                  settings)};
}

void BM_EditModel(benchmark::State& state)
{
    const Shape shape = kShapes[state.range(0)];
    const QVector<LayoutCandidate> others = fixedCandidates(shape);
    int shift = 0;
    for (auto _ : state)
        modelEdit(shape, ++shift, others);
    state.counters["N"] = shape.groups;
    state.counters["r"] = shape.redundancy;
}
BENCHMARK(BM_EditModel)->DenseRange(0, 2)->Unit(benchmark::kMillisecond);

// The view's share: its refresh for a new layout, driven by the lab's signal (no worker started).
std::unique_ptr<LayoutLabView> refinedView(Shape shape)
{
    auto view = std::make_unique<LayoutLabView>();
    view->resize(1400, 900);
    view->show();
    Scenario scenario;
    scenario.groups = shape.groups;
    scenario.redundancy = shape.redundancy;
    scenario.layout = "golomb";
    view->setScenario(scenario);
    view->lab()->refineNow();
    view->showRole(LayoutCandidate::Role::Custom);
    return view;
}

double viewRefresh(LayoutLabView& view)
{
    const auto start = std::chrono::steady_clock::now();
    emit view.lab()->candidatesChanged();
    benchmark::DoNotOptimize(view.grab());
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

void BM_EditView(benchmark::State& state)
{
    const Shape shape = kShapes[state.range(0)];
    const auto view = refinedView(shape);
    for (auto _ : state)
        viewRefresh(*view);
    state.counters["N"] = shape.groups;
}
BENCHMARK(BM_EditView)->DenseRange(0, 2)->Unit(benchmark::kMillisecond)->Iterations(10);

}  // namespace

int main(int argc, char** argv)
{
    return runQtBenchmarks(argc, argv, [] {
        for (const Shape shape : kShapes) {
            const QVector<LayoutCandidate> others = fixedCandidates(shape);
            double model = 0.0;
            for (int i = 0; i < 10; ++i)
                model += modelEdit(shape, i, others) / 10;
            const auto view = refinedView(shape);
            double drawn = 0.0;
            for (int i = 0; i < 10; ++i)
                drawn += viewRefresh(*view) / 10;
            std::printf("summary: one offset edit at N = %d, r = %d: model %.2f ms + view %.1f ms = %.1f ms (target < 100 ms)\n",
                        shape.groups, shape.redundancy, model, drawn, model + drawn);
        }
    });
}
