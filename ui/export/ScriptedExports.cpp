#include "export/ScriptedExports.h"

#include "StudioOptions.h"
#include "analysis/AnalysisCharts.h"
#include "analysis/AnalysisComputation.h"
#include "charts/ChartExporter.h"
#include "export/ReportExporter.h"

#include <cstdio>

namespace spare {

namespace {

int fail(int code, const QString& message)
{
    std::fprintf(stderr, "spare-studio: %s\n", qUtf8Printable(message));
    return code;
}

}  // namespace

int ScriptedExports::run(const Scenario& scenario, const StudioOptions& options)
{
    ChartExporter::Format format{};
    if (!options.exportChart.isEmpty()) {
        if (!AnalysisCharts::names().contains(options.exportChart))
            return fail(2, QStringLiteral("--export-chart '%1': allowed %2")
                               .arg(options.exportChart, AnalysisCharts::names().join(QStringLiteral(", "))));
        if (!ChartExporter::formatForPath(options.exportChartOut, &format))
            return fail(2, QStringLiteral("--out '%1': allowed a file name ending in .png, .svg, .pdf or .csv")
                               .arg(options.exportChartOut));
    }
    const AnalysisRequest request = AnalysisRequest::interactiveDefaults(scenario);
    const std::atomic<bool> never{false};
    const AnalysisResults results = AnalysisComputation::run(request, never);
    if (!results.error.isEmpty())
        return fail(1, results.error);
    if (!options.exportChart.isEmpty()) {
        QString error;
        if (!ChartExporter::write(*AnalysisCharts::build(options.exportChart, request, results), options.exportChartOut,
                                  format, &error))
            return fail(1, error);
    }
    if (!options.exportReportDir.isEmpty()) {
        try {
            ReportExporter::write(options.exportReportDir, request, results);
        } catch (const std::exception& e) {
            return fail(1, QString::fromUtf8(e.what()));
        }
    }
    return 0;
}

}  // namespace spare
