#pragma once

#include "ui/StudioOptions.h"

#include <cstddef>

namespace spare {

class Recording;

// Where a run-until lands on a recording: whether the recording reaches that point yet (or ended
// before it), and the event count and simulated time to seek to.
struct RunUntilLanding {
    bool reached = false;
    std::size_t eventCount = 0;
    double time = 0.0;

    static RunUntilLanding on(const RunUntil& until, const Recording& recording);
};

}  // namespace spare
