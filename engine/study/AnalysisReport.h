#pragma once

#include "engine/planning/RegimeMap.h"
#include "engine/study/AnalysisRequest.h"
#include "engine/study/AnalysisResults.h"

#include <atomic>
#include <string>
#include <vector>

namespace spare {

// A report folder of the analysis study, as `spare-cli report` and the window's File > Export > Report
// write it:
//   summary.md        best r per policy, gain of SPARe over Rep, availability, ETTR, the model's r*
//   scenario.json     the scenario (scenarioToJsonText)
//   metrics.json      RunMetrics of one run of the scenario (runReportJson, as `spare-cli simulate --json`)
//   charts/<id>.csv   the data of every available figure (AnalysisFigures::available)
//   regime-map.csv, regime-map.json   with a regime map (regimeMapCsv, regimeMapToJson); summary.md then
//                     ends with the winner per cell as text (regimeMapText)
// The window adds each chart as PNG, SVG and PDF. Every file is written atomically; an existing report
// is replaced file by file. Throws OutputFileError naming the path on I/O errors.
class AnalysisReport {
public:
    // The CSVs, scenario.json and summary.md (`chartFormats` as AnalysisSummary::markdown takes it).
    // `regimeMap` (may be null) adds its files. Returns the relative paths written.
    static std::vector<std::string> writeDocuments(const std::string& folder, const AnalysisRequest& request,
                                                   const AnalysisResults& results, const std::string& chartFormats,
                                                   const RegimeMap* regimeMap = nullptr);
    // summary.md's section on the regime map.
    static std::string regimeMapSection(const RegimeMap& map);
    // metrics.json: a full simulation of the scenario. False when `cancel` stopped it (nothing written).
    static bool writeMetrics(const std::string& folder, const AnalysisRequest& request,
                             const std::atomic<bool>* cancel = nullptr);
    static std::string csvPath(const std::string& figure) { return "charts/" + figure + ".csv"; }
};

}  // namespace spare
