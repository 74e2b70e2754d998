#include "engine/sim/RestartCause.h"

namespace spare {

RestartCause restartCauseFromValue(int value)
{
    switch (value) {
    case static_cast<int>(RestartCause::Wipeout): return RestartCause::Wipeout;
    case static_cast<int>(RestartCause::ReplicaSetLost): return RestartCause::ReplicaSetLost;
    case static_cast<int>(RestartCause::AnyFailure): return RestartCause::AnyFailure;
    case static_cast<int>(RestartCause::Maintenance): return RestartCause::Maintenance;
    case static_cast<int>(RestartCause::BelowQuorum): return RestartCause::BelowQuorum;
    default: return RestartCause::None;
    }
}

const char* restartCauseName(RestartCause cause)
{
    switch (cause) {
    case RestartCause::Wipeout: return "wipeout";
    case RestartCause::ReplicaSetLost: return "replica_set_lost";
    case RestartCause::AnyFailure: return "ckpt_failure";
    case RestartCause::Maintenance: return "maintenance";
    case RestartCause::BelowQuorum: return "below_quorum";
    case RestartCause::None: break;
    }
    return "unknown";
}

}  // namespace spare
