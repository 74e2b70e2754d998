// A 6-lane race of paper-n600 (SPARe+CKPT, Rep+CKPT, CKPT-only, CKPT-only + memory, elastic, re-balance)
// in a 1600 x 1000 Race tab, offscreen, once every lane has finished simulating: each frame moves every
// lane's cursor to the next playback time (16 ms of real time at the speed), refreshes the lanes
// (figures, chart lines, breakdown bars, timeline) and paints the whole tab. Reported over the first 400
// frames at 10^4 x, 10^5 x and 10^6 x: the longest frame and the mean in CPU time of the GUI thread, the
// longest refresh (the frame without the paint), and the longest frame's wall time. Target: no frame
// over 50 ms.
#include "bench/QtBenchmarkMain.h"
#include "engine/planning/RegimeContender.h"
#include "engine/sim/ScenarioJson.h"
#include "ui/playback/PlaybackClock.h"
#include "ui/playback/PlaybackCursor.h"
#include "ui/playback/SimulationWorker.h"
#include "ui/race/RaceView.h"

#include <QElapsedTimer>
#include <QImage>
#include <QCoreApplication>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <memory>

using namespace spare;

namespace {

constexpr int kFrames = 400;
constexpr double kFrameS = 0.016;

// This thread's CPU time: under a machine's other load the wall time of a frame also counts the waits for
// a core, which are not the frame's work.
double threadCpuMs()
{
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

// Made by the first benchmark (widgets need the QApplication), gone before the application.
std::unique_ptr<RaceView> race;

RaceView& sixLaneRace()
{
    if (race)
        return *race;
    race = std::make_unique<RaceView>();
    race->resize(1600, 1000);
    race->show();
    race->setLanes(parseRegimeContenders("spare,rep,ckpt,ckpt-memory,elastic,rebalance", "lanes"));
    race->start(loadScenarioFile(SPARE_SOURCE_DIR "/scenarios/paper-n600.json"));
    race->clock()->pause();
    const auto finished = [] {
        for (int lane = 0; lane < race->laneCount(); ++lane)
            if (!race->laneMetrics(lane))
                return false;
        return true;
    };
    QElapsedTimer waited;
    waited.start();
    while (!finished() && waited.elapsed() < 600'000)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
    if (!finished())
        std::fprintf(stderr, "bench_race: a lane did not finish in 10 minutes\n");
    return *race;
}

void BM_RaceFrame(benchmark::State& state)
{
    RaceView& view = sixLaneRace();
    const double speed = static_cast<double>(state.range(0));
    QImage image(view.size(), QImage::Format_RGB32);
    double longestWallMs = 0.0;
    double longestMs = 0.0;
    double longestRefreshMs = 0.0;
    double totalMs = 0.0;
    int longestFrame = 0;
    for (auto _ : state) {
        view.clock()->seek(0.0);
        for (int frame = 1; frame <= kFrames; ++frame) {
            QElapsedTimer wall;
            wall.start();
            const double start = threadCpuMs();
            const double t = frame * kFrameS * speed;
            for (PlaybackCursor* cursor : view.clock()->cursors())
                cursor->advanceTo(t);
            view.clock()->syncTo(t);
            longestRefreshMs = std::max(longestRefreshMs, threadCpuMs() - start);
            view.render(&image);
            const double ms = threadCpuMs() - start;
            if (ms > longestMs) {
                longestMs = ms;
                longestFrame = frame;
            }
            longestWallMs = std::max(longestWallMs, static_cast<double>(wall.nsecsElapsed()) / 1e6);
            totalMs += ms;
        }
    }
    // CPU time of the frame (cursors, lane refresh, the paint of the whole tab) and of the refresh (all
    // but the paint); the longest frame's wall time as well, which counts the waits for a core.
    state.counters["longest_frame_cpu_ms"] = longestMs;
    state.counters["longest_frame_index"] = longestFrame;
    state.counters["longest_refresh_cpu_ms"] = longestRefreshMs;
    state.counters["mean_frame_cpu_ms"] = totalMs / (static_cast<double>(state.iterations()) * kFrames);
    state.counters["longest_frame_wall_ms"] = longestWallMs;
}

BENCHMARK(BM_RaceFrame)->Arg(10'000)->Arg(100'000)->Arg(1'000'000)->Iterations(1)->Unit(benchmark::kMillisecond);

}  // namespace

int main(int argc, char** argv)
{
    return runQtBenchmarks(argc, argv, [] { race.reset(); });
}
