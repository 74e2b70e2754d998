#pragma once

#include "engine/sim/Scenario.h"

#include <pybind11/pybind11.h>

#include <memory>
#include <string>

namespace spare::python {

// The Python Scenario: an immutable engine Scenario, shared by the copies that with_() did not change,
// and the file it was read from ("" when built from a dict), which commands name as spare-cli would.
struct ScenarioValue {
    std::shared_ptr<const Scenario> scenario;
    std::string path;

    static ScenarioValue load(const std::string& path);
    // The argument `name`: a Scenario, or a path (str, bytes or os.PathLike) to read one from.
    static ScenarioValue fromArgument(const char* name, pybind11::handle value);
    // The file name spare-cli would have been given: the path, or "SCENARIO" when there is none.
    std::string commandLinePath() const { return path.empty() ? std::string("SCENARIO") : path; }
};

}  // namespace spare::python
