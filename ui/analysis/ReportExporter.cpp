#include "ui/analysis/ReportExporter.h"

#include "engine/study/AnalysisReport.h"
#include "ui/analysis/AnalysisCharts.h"
#include "ui/charts/ChartExporter.h"

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
                                  const std::atomic<bool>* cancel, const RegimeMap* regimeMap)
{
    QStringList written = writeDocuments(folder, request, results, regimeMap);
    if (writeMetrics(folder, request, cancel))
        written.append(QStringLiteral("metrics.json"));
    return written;
}

bool ReportExporter::writeMetrics(const QString& folder, const AnalysisRequest& request, const std::atomic<bool>* cancel)
{
    return AnalysisReport::writeMetrics(folder.toStdString(), request, cancel);
}

QStringList ReportExporter::writeDocuments(const QString& folder, const AnalysisRequest& request, const AnalysisResults& results,
                                           const RegimeMap* regimeMap)
{
    QStringList written;
    for (const std::string& file : AnalysisReport::writeDocuments(folder.toStdString(), request, results,
                                                                  "PNG, SVG, PDF and CSV", regimeMap))
        written.append(QString::fromStdString(file));
    const QDir dir(folder);
    for (const QString& chart : AnalysisCharts::available(request)) {
        const ChartSpec spec = *AnalysisCharts::build(chart, request, results);
        for (const QString& format : chartFormats()) {
            if (format == QLatin1String("csv"))
                continue;  // the engine's, above
            const QString relative = QStringLiteral("charts/%1.%2").arg(chart, format);
            QString error;
            if (!ChartExporter::writeByExtension(spec, dir.filePath(relative), &error))
                throw std::runtime_error(error.toStdString());
            written.append(relative);
        }
    }
    return written;
}

}  // namespace spare
