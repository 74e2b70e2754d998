#pragma once

#include "engine/sim/Event.h"

#include <pybind11/pybind11.h>

#include <cstdint>
#include <vector>

namespace spare::python {

// One event as a fixed-size record: the layout of the NumPy structured dtype eventDtype() describes.
struct EventRow {
    double time;
    double duration;
    std::int32_t group;
    std::int32_t gpu;
    std::int32_t step;
    std::int32_t stackNumber;
    std::int32_t value;
    std::uint8_t kind;  // EventKind; spare_studio.EVENT_KINDS[kind] is its name
};

// Collects a run's events as rows, and reports the committed steps as progress.
class EventRowObserver final : public SimulationObserver {
public:
    explicit EventRowObserver(std::function<void(std::size_t done, std::size_t total)> progress, int steps)
        : progress_(std::move(progress)), steps_(steps)
    {
    }
    void onEvent(const Event& event) override;
    std::vector<EventRow> takeRows() { return std::move(rows_); }

private:
    std::vector<EventRow> rows_;
    std::function<void(std::size_t, std::size_t)> progress_;
    int steps_;
};

// Imports NumPy, or raises ModuleNotFoundError "events need NumPy (python3-numpy for /usr/bin/python3)"
// naming the running interpreter (pip's numpy for one that is not Debian's).
void requireNumPy();

// A structured array over the rows without copying them: the array's base is a capsule that owns the
// vector. Imports NumPy (requireNumPy).
pybind11::object eventArray(std::vector<EventRow> rows);

// The names of the event kinds, indexed by EventRow::kind.
pybind11::tuple eventKindNames();

}  // namespace spare::python
