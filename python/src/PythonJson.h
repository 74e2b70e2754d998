#pragma once

#include <nlohmann/json.hpp>
#include <pybind11/pybind11.h>

#include <cstddef>
#include <string_view>

namespace spare::python {

// How deep a value given as a scenario document may nest, as JSON readers bound it: the engine reads
// at most four levels, and a deeper value must not overflow the stack on the way there.
inline constexpr std::size_t kMaxJsonDepth = 200;
// How many entries one dict or list may hold: a scenario's largest has 64, and a million unknown keys
// must not cost the engine a problem each.
inline constexpr std::size_t kMaxJsonItems = 10'000;

// JSON values as Python objects (dict, list, str, int, float, bool, None) and back. Python floats
// that hold integral values stay floats; ints stay ints. NaN and infinities become None, as JSON text has them.
pybind11::object jsonToPython(const nlohmann::json& value);
// Dicts with str keys, lists, tuples, str, int (-2^63 .. 2^64 - 1), float, bool, None and NumPy scalars.
// Anything else, a value deeper than kMaxJsonDepth, a dict or list longer than kMaxJsonItems or one that
// contains itself raises TypeError or ValueError "ORIGIN: KEY.PATH: problem" (`keyPath` names `value`
// itself; the path is shortened when long).
nlohmann::json pythonToJson(pybind11::handle value, std::string_view origin, std::string_view keyPath = {});

}  // namespace spare::python
