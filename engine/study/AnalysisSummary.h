#pragma once

#include "engine/study/AnalysisRequest.h"
#include "engine/study/AnalysisResults.h"

#include <optional>
#include <string>

namespace spare {

// The headline numbers of a study: best r per policy (lowest mean TTT/T0), its availability and ETTR, and the
// gain of SPARe+CKPT over Rep+CKPT, 1 - TTT_spare / TTT_rep (the paper's "gain" column). Neither is
// named before every r of the grid has all its seeds: until then the summary says how far it got.
class AnalysisSummary {
public:
    static std::optional<double> gainOverReplication(const AnalysisRequest& request, const AnalysisResults& results);
    static std::string oneLine(const AnalysisRequest& request, const AnalysisResults& results);
    // summary.md of a report whose charts/ folder holds every available figure in `chartFormats` (e.g.
    // "CSV", or "PNG, SVG, PDF and CSV").
    static std::string markdown(const AnalysisRequest& request, const AnalysisResults& results,
                                const std::string& chartFormats);
};

}  // namespace spare
