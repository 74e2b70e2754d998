#include "python/src/PythonJson.h"

#include "python/src/Arguments.h"

#include "engine/base/InputError.h"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace py = pybind11;

namespace spare::python {

namespace {

constexpr std::size_t kMaxKeyBytes = 40;

// "cluster.groups", "failures.domains[2].level"; a long path keeps its first and last keys.
std::string pathText(const std::vector<std::string>& path)
{
    constexpr std::size_t kHead = 6;
    constexpr std::size_t kTail = 3;
    std::string text;
    for (std::size_t i = 0; i < path.size(); ++i) {
        if (path.size() > kHead + kTail && i == kHead) {
            text += fmt::format(" ... ({} more keys) ... ", path.size() - kHead - kTail);
            i = path.size() - kTail;
        }
        if (!text.empty() && text.back() != ' ' && path[i].front() != '[')
            text += '.';
        text += path[i];
    }
    return text.empty() ? std::string("(root)") : text;
}

// A key as the path shows it, cut to kMaxKeyBytes (not inside a UTF-8 sequence).
std::string keyText(const std::string& key)
{
    if (key.empty())
        return "''";
    if (key.size() <= kMaxKeyBytes)
        return key;
    std::size_t cut = kMaxKeyBytes;
    while (cut > 0 && (static_cast<unsigned char>(key[cut]) & 0xC0) == 0x80)
        --cut;
    return key.substr(0, cut) + "...";
}

// A str as UTF-8; the message naming `name()` is only made when it cannot be.
template <typename Name>
std::string utf8Text(py::handle value, const Name& name)
{
    Py_ssize_t size = 0;
    if (const char* utf8 = PyUnicode_AsUTF8AndSize(value.ptr(), &size))
        return {utf8, static_cast<std::size_t>(size)};
    PyErr_Clear();
    return textArgument(name(), value);
}

bool isNumpyScalar(py::handle value)
{
    const py::object numpy = py::module_::import("sys").attr("modules").attr("get")("numpy");
    return !numpy.is_none() && py::isinstance(value, numpy.attr("generic"));
}

nlohmann::json toJson(py::handle value, std::string_view origin, std::vector<std::string>& path,
                      std::vector<PyObject*>& open)
{
    const auto where = [&] { return fmt::format("{}: {}", origin, pathText(path)); };
    if (value.is_none())
        return nullptr;
    if (py::isinstance<py::bool_>(value))
        return value.ptr() == Py_True;
    if (PyLong_Check(value.ptr())) {
        int overflow = 0;
        const long long number = PyLong_AsLongLongAndOverflow(value.ptr(), &overflow);
        if (overflow == 0)
            return number;
        const unsigned long long positive = overflow > 0 ? PyLong_AsUnsignedLongLong(value.ptr()) : 0;
        if (overflow > 0 && !PyErr_Occurred())
            return positive;
        PyErr_Clear();
        throw InputError(fmt::format("{}: {} is out of range for a whole number: allowed {} .. {}", where(),
                                     numberText(value), std::numeric_limits<std::int64_t>::min(),
                                     std::numeric_limits<std::uint64_t>::max()));
    }
    if (PyFloat_Check(value.ptr()))
        return PyFloat_AS_DOUBLE(value.ptr());
    if (py::isinstance<py::str>(value))
        return utf8Text(value, where);
    const bool isDict = py::isinstance<py::dict>(value);
    if (isDict || py::isinstance<py::list>(value) || py::isinstance<py::tuple>(value)) {
        if (std::find(open.begin(), open.end(), value.ptr()) != open.end())
            throw InputError(fmt::format("{}: the value contains itself; allowed: dicts and lists that do not", where()));
        if (open.size() == kMaxJsonDepth)
            throw InputError(fmt::format("{}: nested deeper than {} levels; allowed at most {}", where(),
                                         kMaxJsonDepth, kMaxJsonDepth));
        if (const auto size = static_cast<std::size_t>(py::len(value)); size > kMaxJsonItems)
            throw InputError(fmt::format("{}: {} {}; allowed at most {}", where(), size, isDict ? "keys" : "entries",
                                         kMaxJsonItems));
        open.push_back(value.ptr());
        nlohmann::json out = isDict ? nlohmann::json::object() : nlohmann::json::array();
        if (isDict) {
            for (const auto& [key, item] : value.cast<py::dict>()) {
                if (!py::isinstance<py::str>(key))
                    throwTypeError(where() + " key", "a str", key);
                const std::string name = utf8Text(key, [&] { return where() + " key"; });
                path.push_back(keyText(name));
                out[name] = toJson(item, origin, path, open);
                path.pop_back();
            }
        } else {
            for (const py::handle item : value) {
                path.push_back(fmt::format("[{}]", out.size()));
                out.push_back(toJson(item, origin, path, open));
                path.pop_back();
            }
        }
        open.pop_back();
        return out;
    }
    if (isNumpyScalar(value)) {
        const py::object plain = value.attr("item")();
        if (!isNumpyScalar(plain))
            return toJson(plain, origin, path, open);
    }
    throwTypeError(where(), "a dict, list, str, int, float, bool or None", value);
}

}  // namespace

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
        return engineText(value.get_ref<const std::string&>());
    case nlohmann::json::value_t::array: {
        py::list out(value.size());
        for (std::size_t i = 0; i < value.size(); ++i)
            out[i] = jsonToPython(value[i]);
        return out;
    }
    case nlohmann::json::value_t::object: {
        py::dict out;
        for (const auto& [key, item] : value.items())
            out[engineText(key)] = jsonToPython(item);
        return out;
    }
    case nlohmann::json::value_t::binary:
        break;
    }
    throw py::type_error("a JSON value of an unsupported type");
}

nlohmann::json pythonToJson(py::handle value, std::string_view origin, std::string_view keyPath)
{
    std::vector<std::string> path;
    if (!keyPath.empty())
        path.emplace_back(keyPath);
    std::vector<PyObject*> open;
    return toJson(value, origin, path, open);
}

}  // namespace spare::python
