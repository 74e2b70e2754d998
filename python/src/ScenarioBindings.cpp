#include "python/src/Bindings.h"
#include "python/src/PythonJson.h"
#include "python/src/ScenarioValue.h"

#include "engine/sim/ScenarioJson.h"

#include <pybind11/stl.h>

#include <string>

namespace py = pybind11;

namespace spare::python {

ScenarioValue ScenarioValue::load(const std::string& path)
{
    return {std::make_shared<const Scenario>(loadScenarioFile(path)), path};
}

std::string pathArgument(py::handle value)
{
    return py::str(py::module_::import("os").attr("fspath")(value)).cast<std::string>();
}

ScenarioValue ScenarioValue::fromArgument(py::handle value)
{
    if (py::isinstance<ScenarioValue>(value))
        return value.cast<ScenarioValue>();
    return load(pathArgument(value));
}

namespace {

// A scenario with "section.key" values replaced: the document is changed and read back, so every
// check, message and key path is the one a scenario file gets.
ScenarioValue withValues(const ScenarioValue& self, const py::dict& values)
{
    nlohmann::json doc = scenarioToJson(*self.scenario);
    for (const auto& [keyObject, value] : values) {
        const std::string key = py::str(keyObject).cast<std::string>();
        const auto dot = key.find('.');
        nlohmann::json& slot = dot == std::string::npos ? doc[key] : doc[key.substr(0, dot)][key.substr(dot + 1)];
        slot = pythonToJson(value);
    }
    return {std::make_shared<const Scenario>(scenarioFromJson(doc, "with_")), self.path};
}

}  // namespace

void bindScenario(py::module_& module)
{
    py::class_<ScenarioValue>(module, "Scenario",
                              "An immutable scenario (docs/scenario-format.md). Build one with Scenario.load(path) "
                              "or Scenario.from_dict(d); change keys with with_(); read it with to_dict().")
        .def_static("load", [](py::handle path) { return ScenarioValue::load(pathArgument(path)); }, py::arg("path"),
                    "Reads a scenario JSON file. Raises ValueError listing every problem as 'path: key: message'.")
        .def_static(
            "from_dict",
            [](const py::dict& d) {
                return ScenarioValue{std::make_shared<const Scenario>(scenarioFromJson(pythonToJson(d), "from_dict")),
                                     ""};
            },
            py::arg("d"),
            "A scenario from a dict shaped like a scenario file (every key optional). Raises ValueError "
            "listing every problem with its key path.")
        .def(
            "with_",
            [](const ScenarioValue& self, const py::kwargs& values) { return withValues(self, values); },
            "A copy with dotted keys replaced: s.with_(**{'cluster.redundancy': 8}). The scenario itself is "
            "unchanged. Raises ValueError listing every problem with its key path.")
        .def("to_dict", [](const ScenarioValue& self) { return jsonToPython(scenarioToJson(*self.scenario)); },
             "Every key, as a scenario file holds it: Scenario.from_dict(s.to_dict()) == s.")
        .def_property_readonly("name", [](const ScenarioValue& self) { return self.scenario->name; })
        .def_property_readonly("groups", [](const ScenarioValue& self) { return self.scenario->groups; })
        .def_property_readonly("redundancy", [](const ScenarioValue& self) { return self.scenario->redundancy; })
        .def_property_readonly("policy", [](const ScenarioValue& self) { return policyName(self.scenario->policy); })
        .def_property_readonly("seed", [](const ScenarioValue& self) { return self.scenario->seed; })
        .def_property_readonly("steps", [](const ScenarioValue& self) { return self.scenario->steps; })
        .def_property_readonly("path", [](const ScenarioValue& self) { return self.path; },
                               "The file it was read from ('' when built from a dict).")
        .def("__eq__", [](const ScenarioValue& a, const ScenarioValue& b) { return *a.scenario == *b.scenario; })
        .def("__hash__", [](const ScenarioValue& self) { return py::hash(py::str(scenarioToJsonText(*self.scenario))); })
        .def("__repr__", [](const ScenarioValue& self) {
            return "<Scenario '" + self.scenario->name + "': N = " + std::to_string(self.scenario->groups) +
                   ", r = " + std::to_string(self.scenario->redundancy) + ", " + policyName(self.scenario->policy) +
                   ">";
        });
}

}  // namespace spare::python
