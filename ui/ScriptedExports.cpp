#include "ui/ScriptedExports.h"

#include "engine/study/AnalysisStudy.h"
#include "ui/StudioOptions.h"
#include "ui/analysis/AnalysisCharts.h"
#include "ui/analysis/ReportExporter.h"
#include "ui/base/ErrorText.h"
#include "ui/charts/ChartExporter.h"
#include "ui/layoutlab/LayoutLab.h"
#include "ui/layoutlab/LayoutLabCharts.h"

#include <cstdio>

namespace spare {

namespace {

int fail(int code, const QString& message)
{
    std::fprintf(stderr, "spare-studio: %s\n", qUtf8Printable(message));
    return code;
}

// The layout lab's charts: golomb, consecutive and the scenario's own layout, refined in this thread.
int writeLayoutLabChart(const Scenario& scenario, const StudioOptions& options, ChartExporter::Format format)
{
    LayoutLab lab;
    lab.setScenario(scenario);
    if (lab.candidates().isEmpty())
        return fail(2, lab.scenarioProblem());
    lab.refineNow();
    QString error;
    const auto spec = LayoutLabCharts::build(options.exportChart, lab.candidates(), lab.scenarioRole(), lab.settings());
    if (!spec || !ChartExporter::write(*spec, options.exportChartOut, format, &error, options.chartExport))
        return fail(1, error);
    return 0;
}

}  // namespace

int ScriptedExports::run(const Scenario& scenario, const StudioOptions& options)
{
    ChartExporter::Format format{};
    const bool layoutLabChart = LayoutLabCharts::names().contains(options.exportChart);
    if (!options.exportChart.isEmpty()) {
        const QStringList charts = AnalysisCharts::names() + LayoutLabCharts::names();
        if (!charts.contains(options.exportChart))
            return fail(2, QStringLiteral("--export-chart '%1': allowed %2")
                               .arg(options.exportChart, charts.join(QStringLiteral(", "))));
        if (!ChartExporter::formatForPath(options.exportChartOut, &format))
            return fail(2, QStringLiteral("--out '%1': allowed a file name ending in .png, .svg, .pdf or .csv")
                               .arg(options.exportChartOut));
    }
    if (layoutLabChart) {
        const int code = writeLayoutLabChart(scenario, options, format);
        if (code != 0 || options.exportReportDir.isEmpty())
            return code;
    }
    const AnalysisRequest request = AnalysisRequest::interactiveDefaults(scenario);
    const std::atomic<bool> never{false};
    const AnalysisResults results = AnalysisStudy::run(request, never);
    if (results.error)
        return fail(1, errorText(results.error));
    if (!options.exportChart.isEmpty() && !layoutLabChart) {
        QString error;
        if (!ChartExporter::write(*AnalysisCharts::build(options.exportChart, request, results), options.exportChartOut,
                                  format, &error, options.chartExport))
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
