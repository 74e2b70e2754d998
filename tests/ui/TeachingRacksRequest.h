#pragma once

#include "engine/sim/ScenarioJson.h"
#include "engine/study/AnalysisRequest.h"

namespace spare {

// A small analysis of teaching-racks (a topology with 2 groups per rack): r = 2, 3, one seed, no
// Monte-Carlo, with the correlated-failures what-if at `rackShare`.
inline AnalysisRequest teachingRacksRequest(double rackShare)
{
    AnalysisRequest request;
    request.scenario = loadScenarioFile(SPARE_SOURCE_DIR "/scenarios/teaching-racks.json");
    request.redundancies = {2, 3};
    request.seeds = 1;
    request.monteCarloTrials = 0;
    request.chosenRedundancy = 2;
    request.rackShare = rackShare;
    return request;
}

}  // namespace spare
