// The longest GUI-thread stall while spare-studio simulates the paper-n600 run, streams it into the
// event log and plays it at the fastest speed: a 5 ms heartbeat on the GUI thread, the largest gap
// between two beats. Figures depend on the machine's load; the tests only check that chunks stream.
#include "QtBenchmarkMain.h"
#include "MainWindow.h"
#include "StudioOptions.h"
#include "playback/PlaybackClock.h"
#include "playback/PlaybackCursor.h"
#include "playback/SimulationWorker.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QTimer>

#include <benchmark/benchmark.h>

#include <algorithm>

using namespace spare;

namespace {

void paperRunGuiStall(benchmark::State& state)
{
    for (auto _ : state) {
        StudioOptions options;
        options.scenarioPath = QStringLiteral(SPARE_SOURCE_DIR "/scenarios/paper-n600.json");
        MainWindow window(options);
        window.show();
        window.clock()->setSpeed(PlaybackClock::kMaxSpeed);
        QElapsedTimer beat;
        qint64 longest = 0;
        QTimer heartbeat;
        heartbeat.setInterval(5);
        QObject::connect(&heartbeat, &QTimer::timeout, [&] { longest = std::max(longest, beat.restart()); });
        QEventLoop loop;
        QObject::connect(window.worker(), &SimulationWorker::finished, &loop, &QEventLoop::quit);
        beat.start();
        heartbeat.start();
        if (window.worker()->running())
            loop.exec();
        heartbeat.stop();
        state.counters["longest_stall_ms"] = static_cast<double>(longest);
        state.counters["events"] = static_cast<double>(window.cursor()->recording().eventCount());
    }
}
BENCHMARK(paperRunGuiStall)->Iterations(1)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

int main(int argc, char** argv) { return runQtBenchmarks(argc, argv); }
