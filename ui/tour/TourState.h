#pragma once

#include "engine/sim/Event.h"

namespace spare {

// The simulation state a tour step shows: the matched event and the latest snapshot at or before it.
struct TourState {
    bool found = false;
    double timeS = 0.0;
    Event event;
    SimulationSnapshot snapshot;
};

}  // namespace spare
