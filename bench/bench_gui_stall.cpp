// The longest GUI-thread stall while spare-studio simulates the paper-n600 run, streams it into the
// event log and plays it at the fastest speed: a 5 ms heartbeat on the GUI thread, the largest gap
// between two beats, over several runs. The runs are made twice: as the machine is, and under a
// background CPU load started here (one spinning thread per hardware thread, at the lowest priority,
// as a batch job would run). Each gap also tells how much of it the GUI thread spent on its own work
// (thread CPU time), which separates the GUI thread's work from waiting for a core. Figures depend on
// the machine's load; the tests only check that chunks stream.
#include "bench/QtBenchmarkMain.h"
#include "ui/MainWindow.h"
#include "ui/StudioOptions.h"
#include "ui/playback/PlaybackClock.h"
#include "ui/playback/PlaybackCursor.h"
#include "ui/playback/SimulationWorker.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QTimer>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <ctime>
#include <string>
#include <thread>
#include <vector>

#include <sys/resource.h>

using namespace spare;

namespace {

constexpr int kRuns = 5;

double threadCpuMs()
{
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

// Linux: time this thread has spent runnable but waiting for a core.
double runQueueWaitMs()
{
    std::FILE* f = std::fopen("/proc/thread-self/schedstat", "r");
    unsigned long long run = 0, wait = 0;
    if (f) {
        if (std::fscanf(f, "%llu %llu", &run, &wait) != 2)
            wait = 0;
        std::fclose(f);
    }
    return static_cast<double>(wait) / 1e6;
}

// Spins on every hardware thread at nice 19 until destroyed.
class BackgroundLoad {
public:
    BackgroundLoad()
    {
        for (unsigned i = 0; i < std::max(1u, std::thread::hardware_concurrency()); ++i)
            threads_.emplace_back([this] {
                setpriority(PRIO_PROCESS, 0, 19);  // Linux: 0 = the calling thread
                volatile unsigned long spins = 0;
                while (!stop_.load(std::memory_order_relaxed))
                    spins = spins + 1;
            });
    }
    ~BackgroundLoad()
    {
        stop_ = true;
        for (std::thread& t : threads_)
            t.join();
    }
    BackgroundLoad(const BackgroundLoad&) = delete;
    BackgroundLoad& operator=(const BackgroundLoad&) = delete;

private:
    std::atomic<bool> stop_{false};
    std::vector<std::thread> threads_;
};

struct Stall {
    double gapMs = 0.0;
    double busyMs = 0.0;  // GUI-thread CPU time within the gap
    double waitMs = 0.0;  // runnable, waiting for a core
};

struct Mode {
    Stall longest;             // over all runs
    std::vector<double> gaps;  // each run's longest gap
    std::size_t events = 0;    // of one run
};
Mode idle;
Mode loaded;

Stall paperRunLongestStall(std::size_t* events)
{
    StudioOptions options;
    options.scenarioPath = QStringLiteral(SPARE_SOURCE_DIR "/scenarios/paper-n600.json");
    MainWindow window(options);
    window.show();
    window.clock()->setSpeed(PlaybackClock::kMaxSpeed);
    QElapsedTimer beat;
    double beatCpuMs = threadCpuMs();
    double beatWaitMs = runQueueWaitMs();
    Stall longest;
    QTimer heartbeat;
    heartbeat.setInterval(5);
    QObject::connect(&heartbeat, &QTimer::timeout, [&] {
        const double cpuMs = threadCpuMs();
        const double waitMs = runQueueWaitMs();
        const double gapMs = static_cast<double>(beat.nsecsElapsed()) / 1e6;
        if (gapMs > longest.gapMs)
            longest = Stall{gapMs, cpuMs - beatCpuMs, waitMs - beatWaitMs};
        beat.restart();
        beatCpuMs = cpuMs;
        beatWaitMs = waitMs;
    });
    QEventLoop loop;
    QObject::connect(window.worker(), &SimulationWorker::finished, &loop, &QEventLoop::quit);
    beat.start();
    heartbeat.start();
    if (window.worker()->running())
        loop.exec();
    *events = window.cursor()->recording().eventCount();
    return longest;
}

void measure(benchmark::State& state, Mode& mode)
{
    for (auto _ : state) {
        const Stall stall = paperRunLongestStall(&mode.events);
        mode.gaps.push_back(stall.gapMs);
        if (stall.gapMs > mode.longest.gapMs)
            mode.longest = stall;
    }
    state.counters["longest_stall_ms"] = mode.longest.gapMs;
    state.counters["events"] = static_cast<double>(mode.events);
}

void paperRunGuiStall(benchmark::State& state) { measure(state, idle); }
BENCHMARK(paperRunGuiStall)->Iterations(kRuns)->Unit(benchmark::kMillisecond)->UseRealTime();

void paperRunGuiStallUnderLoad(benchmark::State& state)
{
    const BackgroundLoad load;
    measure(state, loaded);
}
BENCHMARK(paperRunGuiStallUnderLoad)->Iterations(kRuns)->Unit(benchmark::kMillisecond)->UseRealTime();

void printMode(const char* name, Mode& mode)
{
    if (mode.gaps.empty())
        return;
    std::sort(mode.gaps.begin(), mode.gaps.end());
    std::printf("summary: %s: longest GUI-thread stall over %zu runs of %zu events %.0f ms (in it %.0f ms GUI-thread work, "
                "%.0f ms waiting for a core); median of the runs' longest %.0f ms\n",
                name, mode.gaps.size(), mode.events, mode.longest.gapMs, mode.longest.busyMs, mode.longest.waitMs,
                mode.gaps[mode.gaps.size() / 2]);
}

}  // namespace

int main(int argc, char** argv)
{
    return runQtBenchmarks(argc, argv, [] {
        printMode("as the machine is", idle);
        printMode(("under a nice-19 load on " + std::to_string(std::thread::hardware_concurrency()) + " threads").c_str(),
                  loaded);
    });
}
