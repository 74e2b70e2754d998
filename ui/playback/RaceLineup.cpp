#include "ui/playback/RaceLineup.h"

#include "engine/sim/PreparedRun.h"

namespace spare {

Scenario RaceLineup::laneScenario(const Scenario& base, Policy policy, bool sameRedundancy)
{
    Scenario lane = base;
    lane.policy = policy;
    switch (policy) {
    case Policy::Spare: break;
    case Policy::Rep:
        lane.layout = "consecutive";
        if (!sameRedundancy)
            lane.redundancy = resolvedRepRedundancy(base);
        break;
    case Policy::Ckpt:
    case Policy::Elastic:
    case Policy::Rebalance:
        lane.layout = "consecutive";
        lane.redundancy = 1;
        break;
    }
    return lane;
}

}  // namespace spare
