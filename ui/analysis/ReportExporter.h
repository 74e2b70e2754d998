#pragma once

#include "engine/study/AnalysisRequest.h"
#include "engine/study/AnalysisResults.h"

#include <QString>
#include <QStringList>

#include <atomic>

namespace spare {

// "Export report": one folder with
//   summary.md            best r per policy, gain of SPARe over Rep, availability, the model's r*
//   scenario.json         the scenario as simulated (scenarioToJsonText)
//   metrics.json          RunMetrics of one run of the scenario (same as `spare-cli simulate --json`)
//   charts/<id>.png       every analysis chart with something to show (AnalysisCharts::available) at 2x,
//                         .svg (thinned), .pdf (A4) and .csv (its data); summary.md lists them and says
//                         why any other is left out
// Every file goes through QSaveFile: an existing report is replaced file by file, never half-written.
class ReportExporter {
public:
    static QStringList chartFormats() { return {QStringLiteral("png"), QStringLiteral("svg"), QStringLiteral("pdf"), QStringLiteral("csv")}; }
    // Relative paths of every file write() produces for a request (for tests and the docs).
    static QStringList expectedFiles(const AnalysisRequest& request);

    // Returns the relative paths written. Throws std::runtime_error naming the file on I/O errors.
    // writeDocuments + writeMetrics in this thread (the scripted export).
    static QStringList write(const QString& folder, const AnalysisRequest& request, const AnalysisResults& results,
                             const std::atomic<bool>* cancel = nullptr);
    // Charts, scenario.json and summary.md: Qt Charts draws them, so on the GUI thread.
    static QStringList writeDocuments(const QString& folder, const AnalysisRequest& request, const AnalysisResults& results);
    // metrics.json: a full simulation of the scenario, for a worker thread. False when cancelled.
    static bool writeMetrics(const QString& folder, const AnalysisRequest& request, const std::atomic<bool>* cancel);
};

}  // namespace spare
