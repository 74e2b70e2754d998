#pragma once

#include <QApplication>
#include <benchmark/benchmark.h>

#include <functional>

// main() of a benchmark that needs widgets: a QApplication (offscreen unless a platform is set), the
// registered benchmarks, then `summary` (the ratios a target prints last) while the application lives.
inline int runQtBenchmarks(int argc, char** argv, const std::function<void()>& summary = {})
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    if (summary)
        summary();
    benchmark::Shutdown();
    return 0;
}
