// Painting the Run tab's views at the paper's N = 600 (600 groups x 1000 GPUs, r = 8) offscreen, as the
// window does every frame: the cluster view widget (LOD image, axes, legend, zoom indicator, stack
// range mark) against its bare LOD image; the stack view with its default window (as many groups as
// fit at 18 px) against a pick of all 600 groups (columns folded into 3 px runs). Summary: the ratios.
#include "bench/MeanDrawTime.h"
#include "bench/QtBenchmarkMain.h"
#include "engine/layout/Layout.h"
#include "ui/base/ViewState.h"
#include "ui/playback/PlaybackCursor.h"
#include "ui/views/ClusterImageRenderer.h"
#include "ui/views/ClusterView.h"
#include "ui/views/StackView.h"

#include <QImage>

#include <cstdio>
#include <memory>

using namespace spare;

namespace {

constexpr int kGroups = 600;
constexpr int kGpus = 1000;
constexpr int kRedundancy = 8;
const QSize kClusterSize(1600, 900);
const QSize kStackSize(1600, 300);

// The views on one cursor in a mid-run state: computing, every 17th group masked out.
struct PaperViews {
    PlaybackCursor cursor;
    ViewState viewState;
    std::unique_ptr<ClusterView> cluster;
    std::unique_ptr<StackView> stack;

    PaperViews()
    {
        Scenario s;
        s.groups = kGroups;
        s.gpusPerGroup = kGpus;
        s.redundancy = kRedundancy;
        s.layout = "golomb";
        cursor.reset(s, std::make_shared<const Layout>(Layout::golomb(kGroups, kRedundancy)));
        const auto event = [](EventKind kind, int group = -1, int gpu = -1) {
            Event e;
            e.kind = kind;
            e.time = 1.0;
            e.group = group;
            e.gpu = gpu;
            e.value = 1;  // stack position 1 for the compute
            return e;
        };
        auto chunk = std::make_shared<RecordingChunk>();
        chunk->events.push_back(event(EventKind::StackCompute));
        for (int g = 0; g < kGroups; g += 17)
            chunk->events.push_back(event(EventKind::Failure, g, (g * 37) % kGpus));
        chunk->events.push_back(event(EventKind::Shrink));
        chunk->last = true;
        cursor.append(chunk);
        cursor.seekToEvent(chunk->events.size());
        cluster = std::make_unique<ClusterView>(&cursor, &viewState);
        stack = std::make_unique<StackView>(&cursor, &viewState);
        cluster->resize(kClusterSize);
        stack->resize(kStackSize);
        cluster->show();
        stack->show();
    }
};

// Made by the first benchmark (widgets need the QApplication), gone before the application.
std::unique_ptr<PaperViews> paperViews;

PaperViews& views()
{
    if (!paperViews)
        paperViews = std::make_unique<PaperViews>();
    return *paperViews;
}

void paintCluster(QImage& image)
{
    views().cluster->render(&image);
}

void renderBareImage(QImage& image)
{
    ClusterImageRenderer::render(image, views().cursor.state(), views().cluster->viewport());
}

void paintStackDefault(QImage& image)
{
    views().viewState.setFollowAction(true);
    views().viewState.setStackCapacity(kGroups, (kStackSize.width() - 80) / 18);
    views().stack->render(&image);
}

void paintStackAllGroups(QImage& image)
{
    views().viewState.pickStackRange(0, kGroups - 1);
    views().stack->render(&image);
}

template <typename F>
void run(benchmark::State& state, F&& paint, QSize size)
{
    QImage image(size, QImage::Format_RGB32);
    for (auto _ : state) {
        paint(image);
        benchmark::DoNotOptimize(image.constBits());
    }
}

void BM_ClusterViewWidget(benchmark::State& state) { run(state, paintCluster, kClusterSize); }
void BM_ClusterViewBareImage(benchmark::State& state) { run(state, renderBareImage, kClusterSize); }
void BM_StackViewDefaultWindow(benchmark::State& state) { run(state, paintStackDefault, kStackSize); }
void BM_StackViewAllGroupsFolded(benchmark::State& state) { run(state, paintStackAllGroups, kStackSize); }

BENCHMARK(BM_ClusterViewWidget)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ClusterViewBareImage)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_StackViewDefaultWindow)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_StackViewAllGroupsFolded)->Unit(benchmark::kMillisecond);

}  // namespace

int main(int argc, char** argv)
{
    return runQtBenchmarks(argc, argv, [] {
        const double widget = meanDrawMs(paintCluster, kClusterSize, 30);
        const double bare = meanDrawMs(renderBareImage, kClusterSize, 30);
        const double window = meanDrawMs(paintStackDefault, kStackSize, 30);
        const int windowGroups = views().stack->visibleGroupCount();
        const double all = meanDrawMs(paintStackAllGroups, kStackSize, 30);
        std::printf("summary: N = %d x %d GPUs, r = %d: cluster view widget %.2f ms at %dx%d (bare LOD image %.2f ms, "
                    "%.1fx); stack view %d groups %.2f ms, all %d groups folded %.2f ms (%.1fx) at %dx%d\n",
                    kGroups, kGpus, kRedundancy, widget, kClusterSize.width(), kClusterSize.height(), bare,
                    widget / bare, windowGroups, window, kGroups, all, all / window, kStackSize.width(),
                    kStackSize.height());
        paperViews.reset();
    });
}
