#pragma once

#include "engine/sim/Event.h"

#include <string>

namespace spare {

// "category=network switch/cable rack=12": a failure's category and domain (either may be absent).
std::string failureOriginText(const FailureOrigin& origin);

// A one-line, comma-free summary of what an event carries beyond its columns, e.g. for a decision
// "phase=2 moves=3 S=1->2 patches=5 failed=4;17", for a failure its origin (empty when there is nothing
// to add; a category name may hold a comma, which the CSV writer quotes).
std::string eventDetails(const Event& event);

}  // namespace spare
