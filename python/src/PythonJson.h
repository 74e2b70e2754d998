#pragma once

#include <nlohmann/json.hpp>
#include <pybind11/pybind11.h>

namespace spare::python {

// JSON values as Python objects (dict, list, str, int, float, bool, None) and back. Python floats
// that hold integral values stay floats; ints stay ints. NaN and infinities become None, as JSON text has them.
pybind11::object jsonToPython(const nlohmann::json& value);
nlohmann::json pythonToJson(pybind11::handle value);

}  // namespace spare::python
