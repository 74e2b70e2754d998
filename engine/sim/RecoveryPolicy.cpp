#include "engine/sim/RecoveryPolicy.h"

#include "engine/sim/CheckpointOnlyPolicy.h"
#include "engine/sim/ElasticPolicy.h"
#include "engine/sim/RebalancePolicy.h"
#include "engine/sim/ReplicaPolicy.h"
#include "engine/sim/SparePolicy.h"

namespace spare {

std::unique_ptr<RecoveryPolicy> RecoveryPolicy::create(const Scenario& scenario, const Layout* layout)
{
    switch (scenario.policy) {
    case Policy::Spare:
        return std::make_unique<SparePolicy>(*layout, scenario.computeS);
    case Policy::Rep:
        return std::make_unique<ReplicaPolicy>(scenario.groups, scenario.redundancy, scenario.computeS);
    case Policy::Elastic:
        return std::make_unique<ElasticPolicy>(scenario.groups, scenario.computeS,
                                               scenario.elastic.value_or(ElasticSettings{}));
    case Policy::Rebalance:
        return std::make_unique<RebalancePolicy>(scenario.groups, scenario.computeS,
                                                 scenario.rebalance.value_or(RebalanceSettings{}));
    case Policy::Ckpt:
        break;
    }
    return std::make_unique<CheckpointOnlyPolicy>(scenario.computeS);
}

}  // namespace spare
