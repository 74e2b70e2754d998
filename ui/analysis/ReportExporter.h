#pragma once

#include "engine/planning/RegimeMap.h"
#include "engine/study/AnalysisRequest.h"
#include "engine/study/AnalysisResults.h"

#include <QString>
#include <QStringList>

#include <atomic>

namespace spare {

// "Export report": the engine's report folder (engine/study/AnalysisReport: summary.md, scenario.json,
// metrics.json, charts/<id>.csv, the same files as `spare-cli report`) and every chart with something
// to show as charts/<id>.png at 2x, .svg (thinned) and .pdf (A4); with a regime map (the Analysis tab's, when
// computed on the report's scenario) regime-map.csv and .json and its section of summary.md. Every file is written atomically: an
// existing report is replaced file by file, never half-written.
class ReportExporter {
public:
    static QStringList chartFormats() { return {QStringLiteral("png"), QStringLiteral("svg"), QStringLiteral("pdf"), QStringLiteral("csv")}; }
    // Relative paths of every file write() produces for a request (for tests and the docs).
    static QStringList expectedFiles(const AnalysisRequest& request);

    // Returns the relative paths written. Throws std::runtime_error naming the file on I/O errors.
    // writeDocuments + writeMetrics in this thread (the scripted export).
    static QStringList write(const QString& folder, const AnalysisRequest& request, const AnalysisResults& results,
                             const std::atomic<bool>* cancel = nullptr, const RegimeMap* regimeMap = nullptr);
    // Charts, scenario.json and summary.md: Qt Charts draws them, so on the GUI thread.
    static QStringList writeDocuments(const QString& folder, const AnalysisRequest& request, const AnalysisResults& results,
                                      const RegimeMap* regimeMap = nullptr);
    // metrics.json: a full simulation of the scenario, for a worker thread. False when cancelled.
    static bool writeMetrics(const QString& folder, const AnalysisRequest& request, const std::atomic<bool>* cancel);
};

}  // namespace spare
