#include "ui/analysis/ReportExporter.h"

#include "engine/sim/ScenarioJson.h"
#include "ui/analysis/AnalysisCharts.h"
#include "ui/analysis/AnalysisSummary.h"
#include "ui/charts/ChartExporter.h"
#include "ui/export/RunExporter.h"
#include "ui/export/SaveFile.h"

#include <QDir>

#include <stdexcept>

namespace spare {

QStringList ReportExporter::expectedFiles(const AnalysisRequest& request)
{
    QStringList files{QStringLiteral("summary.md"), QStringLiteral("scenario.json"), QStringLiteral("metrics.json")};
    for (const QString& chart : AnalysisCharts::available(request))
        for (const QString& format : chartFormats())
            files.append(QStringLiteral("charts/%1.%2").arg(chart, format));
    return files;
}

QStringList ReportExporter::write(const QString& folder, const AnalysisRequest& request, const AnalysisResults& results,
                                  const std::atomic<bool>* cancel)
{
    QStringList written = writeDocuments(folder, request, results);
    if (writeMetrics(folder, request, cancel))
        written.append(QStringLiteral("metrics.json"));
    return written;
}

bool ReportExporter::writeMetrics(const QString& folder, const AnalysisRequest& request, const std::atomic<bool>* cancel)
{
    RunExportPaths paths;
    paths.metricsJson = QDir(folder).filePath(QStringLiteral("metrics.json"));
    return RunExporter::write(request.scenario, paths, cancel).has_value();
}

QStringList ReportExporter::writeDocuments(const QString& folder, const AnalysisRequest& request, const AnalysisResults& results)
{
    const QDir dir(folder);
    if (!dir.mkpath(QStringLiteral("charts")))
        throw std::runtime_error(QStringLiteral("could not create %1/charts").arg(folder).toStdString());
    QStringList written;

    for (const QString& chart : AnalysisCharts::available(request)) {
        const ChartSpec spec = *AnalysisCharts::build(chart, request, results);
        for (const QString& format : chartFormats()) {
            const QString relative = QStringLiteral("charts/%1.%2").arg(chart, format);
            QString error;
            if (!ChartExporter::writeByExtension(spec, dir.filePath(relative), &error))
                throw std::runtime_error(error.toStdString());
            written.append(relative);
        }
    }

    saveFileAtomically(dir.filePath(QStringLiteral("scenario.json")),
                       QByteArray::fromStdString(scenarioToJsonText(request.scenario)));
    written.append(QStringLiteral("scenario.json"));

    saveFileAtomically(dir.filePath(QStringLiteral("summary.md")), AnalysisSummary::markdown(request, results).toUtf8());
    written.append(QStringLiteral("summary.md"));
    return written;
}

}  // namespace spare
