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
    // A Scenario, or a path (str or os.PathLike) to read one from.
    static ScenarioValue fromArgument(pybind11::handle value);
    // The file name spare-cli would have been given: the path, or "SCENARIO" when there is none.
    std::string commandLinePath() const { return path.empty() ? std::string("SCENARIO") : path; }
};

// A path argument: str or os.PathLike.
std::string pathArgument(pybind11::handle value);

}  // namespace spare::python
