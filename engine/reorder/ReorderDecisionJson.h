#pragma once

#include "engine/reorder/ReorderController.h"
#include "engine/reorder/ReorderDecision.h"

#include <nlohmann/json_fwd.hpp>

namespace spare {

// What `spare-cli reorder --json` prints: the decision, the controller's assignment after it, the patch
// computes and the stack moves.
nlohmann::json reorderDecisionToJson(const ReorderController& controller, const ReorderDecision& decision);

}  // namespace spare
