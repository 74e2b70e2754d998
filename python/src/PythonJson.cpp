#include "python/src/PythonJson.h"

#include <cmath>
#include <string>

namespace py = pybind11;

namespace spare::python {

py::object jsonToPython(const nlohmann::json& value)
{
    switch (value.type()) {
    case nlohmann::json::value_t::null:
    case nlohmann::json::value_t::discarded:
        return py::none();
    case nlohmann::json::value_t::boolean:
        return py::bool_(value.get<bool>());
    case nlohmann::json::value_t::number_integer:
        return py::int_(value.get<std::int64_t>());
    case nlohmann::json::value_t::number_unsigned:
        return py::int_(value.get<std::uint64_t>());
    case nlohmann::json::value_t::number_float:
        // As nlohmann::json::dump writes them: what spare-cli --json prints is the reference.
        if (!std::isfinite(value.get<double>()))
            return py::none();
        return py::float_(value.get<double>());
    case nlohmann::json::value_t::string:
        return py::str(value.get_ref<const std::string&>());
    case nlohmann::json::value_t::array: {
        py::list out(value.size());
        for (std::size_t i = 0; i < value.size(); ++i)
            out[i] = jsonToPython(value[i]);
        return out;
    }
    case nlohmann::json::value_t::object: {
        py::dict out;
        for (const auto& [key, item] : value.items())
            out[py::str(key)] = jsonToPython(item);
        return out;
    }
    case nlohmann::json::value_t::binary:
        break;
    }
    throw py::type_error("a JSON value of an unsupported type");
}

nlohmann::json pythonToJson(py::handle value)
{
    if (value.is_none())
        return nullptr;
    if (py::isinstance<py::bool_>(value))
        return value.cast<bool>();
    if (py::isinstance<py::int_>(value)) {
        if (value.cast<py::int_>() < py::int_(0))
            return value.cast<std::int64_t>();
        return value.cast<std::uint64_t>();
    }
    if (py::isinstance<py::float_>(value))
        return value.cast<double>();
    if (py::isinstance<py::str>(value))
        return value.cast<std::string>();
    if (py::isinstance<py::dict>(value)) {
        nlohmann::json out = nlohmann::json::object();
        for (const auto& [key, item] : value.cast<py::dict>())
            out[py::str(key).cast<std::string>()] = pythonToJson(item);
        return out;
    }
    if (py::isinstance<py::list>(value) || py::isinstance<py::tuple>(value)) {
        nlohmann::json out = nlohmann::json::array();
        for (const py::handle item : value)
            out.push_back(pythonToJson(item));
        return out;
    }
    // numpy scalars and other numbers: through their Python value.
    if (py::hasattr(value, "item"))
        return pythonToJson(value.attr("item")());
    throw py::type_error("cannot be written as JSON: " + py::repr(value).cast<std::string>());
}

}  // namespace spare::python
