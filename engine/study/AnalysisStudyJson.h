#pragma once

#include "engine/study/AnalysisRequest.h"
#include "engine/study/AnalysisResults.h"

#include <nlohmann/json_fwd.hpp>

namespace spare {

// A finished study as one JSON document (spare_studio.analysis_study(), `spare-cli report --json`):
// complete / cancelled, the summary line and summary.md, each policy's best r, the gain over Rep, and
// every available figure with its series, markers and CSV text.
nlohmann::json analysisStudyToJson(const AnalysisRequest& request, const AnalysisResults& results);

}  // namespace spare
