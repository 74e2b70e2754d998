#pragma once

#include "engine/sim/Scenario.h"

namespace spare {

// The scenario each policy races with. By default every policy runs at its own best redundancy:
// SPARe+CKPT at cluster.redundancy, Rep+CKPT at run.rep_redundancy ("auto" resolved by the engine,
// resolvedRepRedundancy) and CKPT-only at r = 1 (it keeps no replicas). With sameRedundancy, Rep+CKPT uses
// cluster.redundancy too. Lanes other than SPARe draw a consecutive layout (they have no stacks).
class RaceLineup {
public:
    static Scenario laneScenario(const Scenario& base, Policy policy, bool sameRedundancy);
};

}  // namespace spare
