#include "playback/RaceLineup.h"

#include "analysis/ClosedForms.h"
#include "sim/ScenarioLimits.h"

namespace spare {

int RaceLineup::repRedundancy(const Scenario& base)
{
    if (base.repRedundancy)
        return *base.repRedundancy;
    return repBestRedundancy(base.groups, ScenarioLimits::maxRedundancy, base.systemMtbfS, base.checkpointWriteS,
                             base.restartS, base.computeS, base.allReduceS);
}

Scenario RaceLineup::laneScenario(const Scenario& base, Policy policy, bool sameRedundancy)
{
    Scenario lane = base;
    lane.policy = policy;
    switch (policy) {
    case Policy::Spare: break;
    case Policy::Rep:
        lane.layout = "consecutive";
        if (!sameRedundancy)
            lane.redundancy = repRedundancy(base);
        break;
    case Policy::Ckpt:
        lane.layout = "consecutive";
        lane.redundancy = 1;
        break;
    }
    return lane;
}

}  // namespace spare
