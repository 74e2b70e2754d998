#include "python/src/Arguments.h"
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

ScenarioValue ScenarioValue::fromArgument(const char* name, py::handle value)
{
    if (py::isinstance<ScenarioValue>(value))
        return value.cast<ScenarioValue>();
    if (!py::isinstance<py::str>(value) && !py::isinstance<py::bytes>(value) && !py::hasattr(value, "__fspath__"))
        throwTypeError(name, "a Scenario or a path (str, bytes or os.PathLike)", value);
    return load(pathArgument(name, value));
}

namespace {

// A scenario with "section.key" values replaced: the document is changed and read back, so every
// check, message and key path is the one a scenario file gets.
ScenarioValue withValues(const ScenarioValue& self, const py::dict& values)
{
    nlohmann::json doc = scenarioToJson(*self.scenario);
    for (const auto& [keyObject, value] : values) {
        const std::string key = textArgument("with_ key", keyObject);
        const auto dot = key.find('.');
        nlohmann::json& slot = dot == std::string::npos ? doc[key] : doc[key.substr(0, dot)][key.substr(dot + 1)];
        slot = pythonToJson(value, "with_", key);
    }
    return {std::make_shared<const Scenario>(scenarioFromJson(doc, "with_")), self.path};
}

}  // namespace

void bindScenario(py::module_& module)
{
    py::class_<ScenarioValue>(module, "Scenario",
                              "An immutable scenario (docs/scenario-format.md). Build one with Scenario.load(path) "
                              "or Scenario.from_dict(d); change keys with with_(); read it with to_dict().")
        // load, from_dict, with_ and to_dict are spare_studio's Python methods over these, so that a call
        // with too many or too few arguments gets Python's own message.
        .def_static("_load", [](py::handle path) { return ScenarioValue::load(pathArgument("path", path)); })
        .def_static(
            "_from_dict",
            [](py::handle d) {
                if (!py::isinstance<py::dict>(d))
                    throwTypeError("d", "a dict shaped like a scenario file", d);
                return ScenarioValue{
                    std::make_shared<const Scenario>(scenarioFromJson(pythonToJson(d, "from_dict"), "from_dict")), ""};
            })
        .def("_with_values", [](const ScenarioValue& self, const py::dict& values) { return withValues(self, values); })
        .def("_to_dict", [](const ScenarioValue& self) { return jsonToPython(scenarioToJson(*self.scenario)); })
        .def_property_readonly("name", [](const ScenarioValue& self) { return self.scenario->name; })
        .def_property_readonly("groups", [](const ScenarioValue& self) { return self.scenario->groups; })
        .def_property_readonly("redundancy", [](const ScenarioValue& self) { return self.scenario->redundancy; })
        .def_property_readonly("policy", [](const ScenarioValue& self) { return policyName(self.scenario->policy); })
        .def_property_readonly("seed", [](const ScenarioValue& self) { return self.scenario->seed; })
        .def_property_readonly("steps", [](const ScenarioValue& self) { return self.scenario->steps; })
        .def_property_readonly("path", [](const ScenarioValue& self) { return engineText(self.path); },
                               "The file it was read from ('' when built from a dict).")
        .def("__eq__",
             [](const ScenarioValue& self, py::handle other) -> py::object {
                 if (!py::isinstance<ScenarioValue>(other))
                     return py::reinterpret_borrow<py::object>(Py_NotImplemented);
                 return py::bool_(*self.scenario == *other.cast<const ScenarioValue&>().scenario);
             })
        .def("__hash__", [](const ScenarioValue& self) { return py::hash(py::str(scenarioToJsonText(*self.scenario))); })
        .def("__repr__", [](const ScenarioValue& self) {
            return "<Scenario '" + self.scenario->name + "': N = " + std::to_string(self.scenario->groups) +
                   ", r = " + std::to_string(self.scenario->redundancy) + ", " + policyName(self.scenario->policy) +
                   ">";
        });
}

}  // namespace spare::python
