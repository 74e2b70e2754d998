#include "python/src/Arguments.h"

#include "engine/base/InputError.h"
#include "engine/base/ScenarioLimits.h"
#include "engine/sweep/Sweep.h"

#include <fmt/core.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace py = pybind11;

namespace spare::python {

namespace {

constexpr std::size_t kMaxReprBytes = 80;

void requireIntegerIn(std::string_view name, long long value, long long min, long long max)
{
    if (value < min || value > max)
        throw InputError(fmt::format("{} {} is out of range: allowed {} .. {}", name, value, min, max));
}

void requireNumberIn(std::string_view name, double value, double min, double max)
{
    if (!(value >= min && value <= max))
        throw InputError(fmt::format("{} {} is out of range: allowed {} .. {}", name, value, min, max));
}

// value.__index__() as a Python int; TypeError naming the argument for anything else (bool too).
py::object indexOf(std::string_view name, py::handle value)
{
    if (py::isinstance<py::bool_>(value) || !PyIndex_Check(value.ptr()))
        throwTypeError(name, "a whole number (int)", value);
    auto index = py::reinterpret_steal<py::object>(PyNumber_Index(value.ptr()));
    if (!index)
        throw py::error_already_set();
    return index;
}

// An int too long to quote (reprlib shortens ints of over 40 digits) is named by its size.
std::optional<std::string> longIntText(py::handle value)
{
    if (!PyLong_Check(value.ptr()))
        return std::nullopt;
    const auto bits = value.attr("bit_length")().cast<long long>();
    if (bits <= 128)
        return std::nullopt;
    return fmt::format("(an int of {} bits)", bits);
}

// A list item or a scalar list argument as text: a str as it is, a number as str() writes it.
std::string itemText(std::string_view name, py::handle item)
{
    if (py::isinstance<py::str>(item))
        return textArgument(name, item);
    if (py::isinstance<py::bool_>(item) || !(PyLong_Check(item.ptr()) || PyFloat_Check(item.ptr()) ||
                                             PyIndex_Check(item.ptr())))
        throwTypeError(name, "a str or a number", item);
    if (auto text = longIntText(item))
        return *text;
    return py::str(item).cast<std::string>();
}

// The items of an iterable, at most kMaxListItems.
std::vector<py::object> boundedItems(std::string_view name, py::handle value)
{
    std::vector<py::object> items;
    for (const py::handle item : value) {
        if (items.size() == kMaxListItems)
            throw InputError(fmt::format("{}: more than {} values; allowed at most {}", name, kMaxListItems,
                                         kMaxListItems));
        items.push_back(py::reinterpret_borrow<py::object>(item));
    }
    return items;
}

}  // namespace

std::string shortRepr(py::handle value)
{
    std::string text;
    // reprlib: a list of a million items is not written out only to be cut.
    py::object repr;
    try {
        repr = py::module_::import("reprlib").attr("repr")(value);
    } catch (py::error_already_set&) {
    }
    Py_ssize_t size = 0;
    const char* utf8 = repr && PyUnicode_Check(repr.ptr()) ? PyUnicode_AsUTF8AndSize(repr.ptr(), &size) : nullptr;
    if (utf8 == nullptr) {
        PyErr_Clear();
        return fmt::format("<{} object>", Py_TYPE(value.ptr())->tp_name);
    }
    text.assign(utf8, static_cast<std::size_t>(size));
    if (text.size() <= kMaxReprBytes)
        return text;
    std::size_t cut = kMaxReprBytes - 3;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80)
        --cut;  // not inside a UTF-8 sequence
    return text.substr(0, cut) + "...";
}

std::string numberText(py::handle value)
{
    if (auto text = longIntText(value))
        return *text;
    return shortRepr(value);
}

void throwTypeError(std::string_view name, std::string_view expected, py::handle value)
{
    throw py::type_error(
        fmt::format("{} must be {}, got {} ({})", name, expected, shortRepr(value), Py_TYPE(value.ptr())->tp_name));
}

long long integerArgument(std::string_view name, py::handle value, long long min, long long max, std::string_view why)
{
    const py::object index = indexOf(name, value);
    int overflow = 0;
    const long long number = PyLong_AsLongLongAndOverflow(index.ptr(), &overflow);
    if (number == -1 && PyErr_Occurred())
        throw py::error_already_set();
    if (overflow != 0 || number < min || number > max)
        throw InputError(fmt::format("{} {} is out of range: allowed {} .. {}{}", name, numberText(index), min, max,
                                     why.empty() ? std::string() : fmt::format(" ({})", why)));
    return number;
}

std::optional<long long> optionalIntegerArgument(std::string_view name, py::handle value, long long min, long long max)
{
    if (value.is_none())
        return std::nullopt;
    return integerArgument(name, value, min, max);
}

std::uint64_t seedArgument(std::string_view name, py::handle value)
{
    const py::object index = indexOf(name, value);
    const unsigned long long number = PyLong_AsUnsignedLongLong(index.ptr());
    if (number == static_cast<unsigned long long>(-1) && PyErr_Occurred()) {
        if (!PyErr_ExceptionMatches(PyExc_OverflowError))
            throw py::error_already_set();
        PyErr_Clear();
        throw InputError(fmt::format("{} {} is out of range: allowed 0 .. {}", name, numberText(index),
                                     std::numeric_limits<std::uint64_t>::max()));
    }
    return number;
}

namespace {

// float(value); nullopt when it is too large for a double.
std::optional<double> realNumber(std::string_view name, py::handle value)
{
    if (py::isinstance<py::bool_>(value))
        throwTypeError(name, "a number", value);
    const double number = PyFloat_AsDouble(value.ptr());
    if (number == -1.0 && PyErr_Occurred()) {
        if (PyErr_ExceptionMatches(PyExc_OverflowError)) {
            PyErr_Clear();
            return std::nullopt;
        }
        if (!PyErr_ExceptionMatches(PyExc_TypeError))
            throw py::error_already_set();
        PyErr_Clear();
        throwTypeError(name, "a number", value);
    }
    return number;
}

}  // namespace

double numberArgument(std::string_view name, py::handle value, double min, double max)
{
    const std::optional<double> number = realNumber(name, value);
    if (!number)
        throw InputError(fmt::format("{} {} is out of range: allowed {} .. {}", name, numberText(value), min, max));
    requireNumberIn(name, *number, min, max);
    return *number;
}

double positiveNumberArgument(std::string_view name, py::handle value, double max)
{
    const std::optional<double> number = realNumber(name, value);
    if (!number || !(*number > 0.0 && *number <= max))
        throw InputError(
            fmt::format("{} {} is out of range: allowed 0 < {} <= {}", name, numberText(value), name, max));
    return *number;
}

std::optional<double> optionalNumberArgument(std::string_view name, py::handle value, double min, double max)
{
    if (value.is_none())
        return std::nullopt;
    return numberArgument(name, value, min, max);
}

bool flagArgument(std::string_view name, py::handle value)
{
    if (py::isinstance<py::bool_>(value))
        return value.ptr() == Py_True;
    const std::string_view type = Py_TYPE(value.ptr())->tp_name;
    if (type == "numpy.bool_" || type == "numpy.bool")
        return PyObject_IsTrue(value.ptr()) == 1;
    throwTypeError(name, "True or False", value);
}

std::string textArgument(std::string_view name, py::handle value)
{
    if (!py::isinstance<py::str>(value))
        throwTypeError(name, "a str", value);
    Py_ssize_t size = 0;
    const char* utf8 = PyUnicode_AsUTF8AndSize(value.ptr(), &size);
    if (utf8 == nullptr) {
        PyErr_Clear();
        throw InputError(fmt::format("{} {} is not valid text: it holds a lone surrogate, which UTF-8 cannot hold",
                                     name, shortRepr(value)));
    }
    return {utf8, static_cast<std::size_t>(size)};
}

std::optional<std::string> optionalTextArgument(std::string_view name, py::handle value)
{
    if (value.is_none())
        return std::nullopt;
    return textArgument(name, value);
}

std::string pathArgument(std::string_view name, py::handle value)
{
    constexpr std::string_view kPath = "a path (str, bytes or os.PathLike)";
    if (!py::isinstance<py::str>(value) && !py::isinstance<py::bytes>(value) && !py::hasattr(value, "__fspath__"))
        throwTypeError(name, kPath, value);
    py::object encoded;
    try {
        encoded = py::module_::import("os").attr("fsencode")(value);
    } catch (py::error_already_set& error) {
        if (error.matches(PyExc_TypeError))
            throwTypeError(name, kPath, value);  // __fspath__ returned something else
        if (!error.matches(PyExc_ValueError))
            throw;
        throw InputError(fmt::format("{} {} cannot be a file name: {}", name, shortRepr(value),
                                     shortRepr(error.value())));
    }
    std::string path = encoded.cast<std::string>();
    if (path.find('\0') != std::string::npos)
        throw InputError(fmt::format("{} {} cannot be a file name: it holds a NUL character", name, shortRepr(value)));
    return path;
}

py::str engineText(std::string_view text)
{
    auto out = py::reinterpret_steal<py::str>(
        PyUnicode_DecodeUTF8(text.data(), static_cast<Py_ssize_t>(text.size()), "surrogateescape"));
    if (!out)
        throw py::error_already_set();
    return out;
}

py::object progressArgument(py::handle value)
{
    if (!value.is_none() && !PyCallable_Check(value.ptr()))
        throwTypeError("progress", "callable as progress(done, total), or None", value);
    return py::reinterpret_borrow<py::object>(value);
}

std::optional<CancelToken> cancelArgument(py::handle value)
{
    if (value.is_none())
        return std::nullopt;
    if (!py::isinstance<CancelToken>(value))
        throwTypeError("cancel", "a CancelToken or None", value);
    return value.cast<CancelToken>();
}

int redundancyArgument(py::handle value, int groups)
{
    const int maxRedundancy = std::min(groups, ScenarioLimits::maxRedundancy);
    return static_cast<int>(integerArgument("redundancy", value, ScenarioLimits::minRedundancy, maxRedundancy,
                                            fmt::format("min(groups, {})", ScenarioLimits::maxRedundancy)));
}

std::vector<std::string> listArgument(std::string_view name, py::handle value)
{
    std::vector<std::string> items;
    if (py::isinstance<py::str>(value)) {
        const std::string text = textArgument(name, value);
        std::size_t begin = 0;
        while (begin <= text.size()) {
            if (items.size() == kMaxListItems)
                throw InputError(fmt::format("{}: more than {} values; allowed at most {}", name, kMaxListItems,
                                             kMaxListItems));
            const std::size_t end = std::min(text.find(',', begin), text.size());
            items.push_back(text.substr(begin, end - begin));
            begin = end + 1;
        }
    } else if (py::isinstance<py::iterable>(value) && !py::isinstance<py::bytes>(value)) {
        for (const py::object& item : boundedItems(name, value))
            items.push_back(itemText(name, item));
    } else {
        items.push_back(itemText(name, value));
    }
    return items;
}

std::vector<long long> integerListArgument(std::string_view name, py::handle value, long long min, long long max)
{
    std::vector<long long> out;
    const auto parse = [&](const std::string& text) {
        std::size_t used = 0;
        long long number = 0;
        try {
            number = std::stoll(text, &used);
        } catch (const std::out_of_range&) {
            throw InputError(fmt::format("{} '{}' is out of range: allowed {} .. {}", name, text, min, max));
        } catch (const std::invalid_argument&) {
            used = 0;
        }
        if (used == 0 || used != text.size())
            throw InputError(fmt::format("{} '{}' is not a whole number: allowed {} .. {}", name, text, min, max));
        requireIntegerIn(name, number, min, max);
        out.push_back(number);
    };
    // An int is read as an int (so 10**50 is out of range, not "not a whole number"); text is parsed.
    const auto read = [&](py::handle item) {
        if (!py::isinstance<py::str>(item) && !py::isinstance<py::bool_>(item) && PyIndex_Check(item.ptr()))
            out.push_back(integerArgument(name, item, min, max));
        else
            parse(itemText(name, item));
    };
    if (py::isinstance<py::str>(value))
        for (const std::string& text : listArgument(name, value))
            parse(text);
    else if (py::isinstance<py::iterable>(value) && !py::isinstance<py::bytes>(value))
        for (const py::object& item : boundedItems(name, value))
            read(item);
    else
        read(value);
    return out;
}

std::vector<double> positiveNumberListArgument(std::string_view name, py::handle value, double max)
{
    std::vector<double> out;
    for (const std::string& item : listArgument(name, value)) {
        std::size_t used = 0;
        double number = 0.0;
        try {
            number = std::stod(item, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (used == 0 || used != item.size() || !(number > 0.0 && number <= max))
            throw InputError(fmt::format("{} '{}' is out of range: allowed 0 < {} <= {}", name, item, name, max));
        out.push_back(number);
    }
    return out;
}

std::vector<Policy> policyListArgument(py::handle value)
{
    const std::vector<std::string> names = listArgument("policies", value);
    std::vector<Policy> out;
    for (const std::string& name : names) {
        const auto policy = parsePolicy(name);
        if (!policy)
            throw InputError(fmt::format("policies '{}': '{}' is not a policy; allowed: {}", fmt::join(names, ","), name,
                                         policyNames()));
        if (std::find(out.begin(), out.end(), *policy) != out.end())
            throw InputError(fmt::format("policies '{}': '{}' is given twice", fmt::join(names, ","), name));
        out.push_back(*policy);
    }
    if (out.empty())
        throw InputError(fmt::format("policies: none given; allowed: {}", policyNames()));
    return out;
}

std::vector<int> integerRangesArgument(std::string_view name, py::handle value, int min, int max)
{
    std::string text;
    if (py::isinstance<py::str>(value)) {
        text = textArgument(name, value);
    } else if (PyIndex_Check(value.ptr()) && !py::isinstance<py::bool_>(value)) {
        text = std::to_string(integerArgument(name, value, min, max));
    } else if (py::isinstance<py::iterable>(value) && !py::isinstance<py::bytes>(value)) {
        std::vector<long long> values;
        for (const py::object& item : boundedItems(name, value))
            values.push_back(integerArgument(fmt::format("{}[{}]", name, values.size()), item, min, max));
        text = fmt::format("{}", fmt::join(values, ","));
    } else {
        throwTypeError(name, R"("2-20", "2,4,8", an int or a list of ints)", value);
    }
    try {
        return parseIntegerRanges(text, min, max);
    } catch (const std::invalid_argument& e) {
        throw InputError(fmt::format("{} {}: {}", name, text, e.what()));
    }
}

std::map<std::string, std::vector<std::string>> columnValuesArgument(std::string_view name, py::handle value)
{
    std::map<std::string, std::vector<std::string>> out;
    if (value.is_none())
        return out;
    if (!py::isinstance<py::dict>(value))
        throwTypeError(name, R"(a dict {"COLUMN": ["V1", "V2"]} or None)", value);
    for (const auto& [key, values] : value.cast<py::dict>()) {
        const std::string column = textArgument(fmt::format("{} column", name), key);
        const std::string itemName = fmt::format("{} '{}'", name, column);
        std::vector<std::string>& kept = out[column];
        if (py::isinstance<py::str>(values)) {
            kept.push_back(textArgument(itemName, values));
        } else if (py::isinstance<py::iterable>(values) && !py::isinstance<py::bytes>(values)) {
            for (const py::object& item : boundedItems(itemName, values))
                kept.push_back(textArgument(itemName, item));
        } else {
            throwTypeError(itemName, "a str or a list of str", values);
        }
        if (kept.empty())
            throw InputError(fmt::format("{}: no value given; allowed one or more values, as {{'{}': ['V1', 'V2']}}",
                                         itemName, column));
    }
    return out;
}

}  // namespace spare::python
