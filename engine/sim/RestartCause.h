#pragma once

namespace spare {

// Why a global restart happened. A RestartStart event carries it as Event::value (these numbers, which the
// events CSV writes), so traces keep their values.
// Maintenance is a planned stop (the maintenance section): no failure caused it and no work is lost.
// BelowQuorum: elastic or rebalance with too few live groups left.
enum class RestartCause : int { None = 0, Wipeout = 1, ReplicaSetLost = 2, AnyFailure = 3, Maintenance = 4, BelowQuorum = 5 };

// The cause a RestartStart's value encodes (None for a value no cause has).
RestartCause restartCauseFromValue(int value);

// The name files write: "wipeout", "replica_set_lost", "ckpt_failure", "maintenance", "below_quorum"; "unknown" for None.
const char* restartCauseName(RestartCause cause);

}  // namespace spare
