// Planning from a failure log: a 100,000-row synthetic log (ISO-8601 times, rack locations, Weibull gaps,
// generated here) read with its location column, the three lifetime fits without a bootstrap, and the
// two together against the target of 1 s. Prints the wall time of each and the ratio to the target.
#include "engine/planning/FailureLogFits.h"
#include "engine/planning/FailureLogReader.h"
#include "engine/planning/SyntheticFailureLog.h"

#include <benchmark/benchmark.h>
#include <fmt/core.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <string>

namespace {

constexpr double kTargetS = 1.0;
constexpr double kRows = 100'000;

std::map<std::string, double>& measuredSeconds()
{
    static std::map<std::string, double> seconds;
    return seconds;
}

// The log file, written once per process and removed at exit.
const std::string& logPath()
{
    static const struct LogFile {
        std::string path;
        LogFile()
        {
            spare::SyntheticFailureLogOptions options;
            options.days = 3650.0;
            options.meanGapS = options.days * 86400.0 / kRows;
            options.maintenanceEveryDays = 0;
            options.timeFormat = spare::SyntheticTimeFormat::Iso8601;
            path = (std::filesystem::temp_directory_path() / "spare_bench_fit.csv").string();
            spare::SyntheticFailureLog::generate(options).write(path);
        }
        ~LogFile() { std::remove(path.c_str()); }
    } file;
    return file.path;
}

spare::FailureLogOptions readOptions()
{
    spare::FailureLogOptions options;
    options.timeColumn = "time";
    options.locationColumn = "location";
    options.locationPattern = spare::LocationPattern::parse("c{col}-{row}c{cage}s{slot}n{node}");
    return options;
}

spare::FitOptions fitOptions()
{
    spare::FitOptions options;
    options.bootstrapSamples = 0;
    return options;
}

// Runs `work` per iteration and records its mean wall time under `name`.
template <typename Work>
void measure(benchmark::State& state, const std::string& name, Work work)
{
    double seconds = 0.0;
    int runs = 0;
    for (auto _ : state) {
        const auto start = std::chrono::steady_clock::now();
        work();
        seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        ++runs;
    }
    measuredSeconds()[name] = seconds / runs;
}

void BM_ReadLog(benchmark::State& state)
{
    const std::string& path = logPath();
    const spare::FailureLogOptions options = readOptions();
    std::size_t failures = 0;
    measure(state, "read", [&] {
        const spare::FailureLog log = spare::readFailureLog(path, options);
        failures = log.timesS.size();
        benchmark::DoNotOptimize(failures);
    });
    state.counters["failures"] = static_cast<double>(failures);
}

void BM_FitLog(benchmark::State& state)
{
    const spare::FailureLog log = spare::readFailureLog(logPath(), readOptions());
    measure(state, "fit", [&] { benchmark::DoNotOptimize(spare::fitFailureLog(log, fitOptions()).best); });
}

void BM_ReadAndFitLog(benchmark::State& state)
{
    const std::string& path = logPath();
    const spare::FailureLogOptions options = readOptions();
    measure(state, "read + fit", [&] {
        const spare::FailureLog log = spare::readFailureLog(path, options);
        benchmark::DoNotOptimize(spare::fitFailureLog(log, fitOptions()).best);
    });
}

}  // namespace

BENCHMARK(BM_ReadLog)->Iterations(5)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_FitLog)->Iterations(5)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_ReadAndFitLog)->Iterations(5)->Unit(benchmark::kMillisecond)->UseRealTime();

int main(int argc, char** argv)
{
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    const auto& s = measuredSeconds();
    if (s.count("read") && s.count("fit") && s.count("read + fit"))
        fmt::print("failure log of about {:.0f} rows, wall time: read {:.1f} ms, fit (3 families, no bootstrap) {:.1f} ms; "
                   "read + fit {:.1f} ms = {:.2f}x the {:.0f} s target (<= 1)\n",
                   kRows, 1e3 * s.at("read"), 1e3 * s.at("fit"), 1e3 * s.at("read + fit"), s.at("read + fit") / kTargetS,
                   kTargetS);
    return 0;
}
