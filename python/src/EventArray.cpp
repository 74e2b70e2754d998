#include "python/src/EventArray.h"

#include <pybind11/numpy.h>

#include <cstddef>
#include <string>

namespace py = pybind11;

namespace spare::python {

namespace {

py::dtype eventDtype()
{
    py::dict spec;
    spec["names"] = py::make_tuple("time", "duration", "group", "gpu", "step", "stack_number", "value", "kind");
    spec["formats"] = py::make_tuple("<f8", "<f8", "<i4", "<i4", "<i4", "<i4", "<i4", "u1");
    spec["offsets"] = py::make_tuple(offsetof(EventRow, time), offsetof(EventRow, duration), offsetof(EventRow, group),
                                     offsetof(EventRow, gpu), offsetof(EventRow, step), offsetof(EventRow, stackNumber),
                                     offsetof(EventRow, value), offsetof(EventRow, kind));
    spec["itemsize"] = sizeof(EventRow);
    return py::dtype::from_args(spec);
}

}  // namespace

void EventRowObserver::onEvent(const Event& event)
{
    rows_.push_back({event.time, event.duration, event.group, event.gpu, event.step, event.stackNumber, event.value,
                     static_cast<std::uint8_t>(event.kind)});
    if (event.kind == EventKind::StepEnd && progress_)
        progress_(static_cast<std::size_t>(event.step) + 1, static_cast<std::size_t>(steps_));
}

void requireNumPy()
{
    try {
        py::module_::import("numpy");
    } catch (py::error_already_set& error) {
        if (!error.matches(PyExc_ImportError))
            throw;
        const std::string interpreter = py::str(py::module_::import("sys").attr("executable"));
        const bool debian = interpreter.rfind("/usr/bin/python3", 0) == 0;
        const std::string message = "events need NumPy (" + std::string(debian ? "python3-numpy" : "pip install numpy")
            + " for " + interpreter + "); events=False runs without them";
        py::raise_from(error, PyExc_ModuleNotFoundError, message.c_str());
        throw py::error_already_set();
    }
}

py::object eventArray(std::vector<EventRow> rows)
{
    requireNumPy();
    auto* owned = new std::vector<EventRow>(std::move(rows));
    const py::capsule owner(owned, [](void* p) { delete static_cast<std::vector<EventRow>*>(p); });
    const auto count = static_cast<py::ssize_t>(owned->size());
    return py::array(eventDtype(), {count}, {static_cast<py::ssize_t>(sizeof(EventRow))}, owned->data(), owner);
}

py::tuple eventKindNames()
{
    py::list names;
    for (int kind = 0; kind <= static_cast<int>(kLastEventKind); ++kind)
        names.append(eventKindName(static_cast<EventKind>(kind)));
    return py::tuple(names);
}

}  // namespace spare::python
