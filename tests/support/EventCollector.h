#pragma once

#include "engine/sim/Event.h"

#include <vector>

namespace spare {

// Keeps every event of a run, in order.
class EventCollector final : public SimulationObserver {
public:
    void onEvent(const Event& event) override { events.push_back(event); }
    std::vector<Event> events;
};

}  // namespace spare
