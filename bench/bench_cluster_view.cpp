// Redrawing the whole paper-scale cluster view (N = 600 groups x M = 1000 GPUs = 600,000 GPUs)
// offscreen: the level-of-detail QImage renderer of ClusterView against a naive baseline that
// fillRects every GPU cell, measured in the same process. Summary line: the ratio.
#include "bench/MeanDrawTime.h"
#include "engine/layout/Layout.h"
#include "ui/playback/PlaybackState.h"
#include "ui/views/ClusterImageRenderer.h"

#include <QImage>
#include <QPainter>

#include <benchmark/benchmark.h>

#include <cstdio>
#include <memory>

using namespace spare;

namespace {

constexpr int kGroups = 600;
constexpr int kGpus = 1000;

// A mid-run state: computing, some groups masked out with their failed GPU, one restarting-free mix.
const PlaybackState& paperState()
{
    static const PlaybackState state = [] {
        Scenario s;
        s.groups = kGroups;
        s.gpusPerGroup = kGpus;
        s.redundancy = 8;
        s.layout = "consecutive";
        PlaybackState st(s, std::make_shared<const Layout>(Layout::consecutive(kGroups, 8)));
        Event compute;
        compute.kind = EventKind::StackCompute;
        compute.value = 1;
        st.apply(compute);
        for (int g = 0; g < kGroups; g += 17) {
            Event f;
            f.kind = EventKind::Failure;
            f.group = g;
            f.gpu = (g * 37) % kGpus;
            st.apply(f);
        }
        Event shrink;
        shrink.kind = EventKind::Shrink;
        st.apply(shrink);
        return st;
    }();
    return state;
}

// The view size used for the figure: 1600 x 900 (cells 1.6 x 1.5 px, so columns fold).
constexpr int kWidth = 1600;
constexpr int kHeight = 900;

ClusterViewport fitted()
{
    return ClusterViewport{static_cast<double>(kWidth) / kGpus, static_cast<double>(kHeight) / kGroups, 0.0, 0.0};
}

void lodRender(QImage& image)
{
    ClusterImageRenderer::render(image, paperState(), fitted());
}

void naiveRender(QImage& image)
{
    const PlaybackState& st = paperState();
    const ClusterViewport vp = fitted();
    QPainter p(&image);
    for (int g = 0; g < kGroups; ++g)
        for (int c = 0; c < kGpus; ++c)
            p.fillRect(QRectF(vp.originX + c * vp.cellWidth, vp.originY + g * vp.cellHeight, vp.cellWidth, vp.cellHeight),
                       QColor::fromRgb(ClusterImageRenderer::cellColor(st, g, c, false)));
}

void BM_ClusterViewLod(benchmark::State& state)
{
    QImage image(kWidth, kHeight, QImage::Format_RGB32);
    for (auto _ : state) {
        lodRender(image);
        benchmark::DoNotOptimize(image.constBits());
    }
    state.counters["gpus"] = kGroups * kGpus;
}

void BM_ClusterViewNaiveFillRect(benchmark::State& state)
{
    QImage image(kWidth, kHeight, QImage::Format_RGB32);
    for (auto _ : state) {
        naiveRender(image);
        benchmark::DoNotOptimize(image.constBits());
    }
    state.counters["gpus"] = kGroups * kGpus;
}

BENCHMARK(BM_ClusterViewLod)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ClusterViewNaiveFillRect)->Unit(benchmark::kMillisecond)->Iterations(3);

}  // namespace

int main(int argc, char** argv)
{
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    const double lod = meanDrawMs(lodRender, QSize(kWidth, kHeight), 50);
    const double naive = meanDrawMs(naiveRender, QSize(kWidth, kHeight), 3);
    std::printf("summary: full redraw of %d x %d = %d GPUs into %dx%d: LOD %.2f ms (target <= 16 ms), "
                "naive per-GPU fillRect %.1f ms, speed-up %.0fx\n",
                kGroups, kGpus, kGroups * kGpus, kWidth, kHeight, lod, naive, naive / lod);
    return 0;
}
