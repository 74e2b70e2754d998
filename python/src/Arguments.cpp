#include "python/src/Arguments.h"

#include "engine/base/InputError.h"
#include "engine/sweep/Sweep.h"

#include <fmt/core.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <stdexcept>

namespace py = pybind11;

namespace spare::python {

void requireIntegerIn(const char* name, long long value, long long min, long long max)
{
    if (value < min || value > max)
        throw InputError(fmt::format("{} {} is out of range: allowed {} .. {}", name, value, min, max));
}

void requireNumberIn(const char* name, double value, double min, double max)
{
    if (!(value >= min && value <= max))
        throw InputError(fmt::format("{} {} is out of range: allowed {} .. {}", name, value, min, max));
}

std::vector<std::string> listArgument(py::handle value)
{
    std::vector<std::string> items;
    if (py::isinstance<py::str>(value)) {
        const std::string text = value.cast<std::string>();
        std::size_t begin = 0;
        while (begin <= text.size()) {
            const std::size_t end = std::min(text.find(',', begin), text.size());
            items.push_back(text.substr(begin, end - begin));
            begin = end + 1;
        }
    } else if (py::isinstance<py::iterable>(value)) {
        for (const py::handle item : value)
            items.push_back(py::str(item).cast<std::string>());
    } else {
        items.push_back(py::str(value).cast<std::string>());
    }
    return items;
}

std::vector<long long> integerListArgument(const char* name, py::handle value, long long min, long long max)
{
    std::vector<long long> out;
    for (const std::string& item : listArgument(value)) {
        std::size_t used = 0;
        long long number = 0;
        try {
            number = std::stoll(item, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (used == 0 || used != item.size())
            throw InputError(fmt::format("{} '{}' is not a whole number: allowed {} .. {}", name, item, min, max));
        requireIntegerIn(name, number, min, max);
        out.push_back(number);
    }
    return out;
}

std::vector<double> positiveNumberListArgument(const char* name, py::handle value, double max)
{
    std::vector<double> out;
    for (const std::string& item : listArgument(value)) {
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
    const std::vector<std::string> names = listArgument(value);
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

std::vector<int> integerRangesArgument(const char* name, py::handle value, int min, int max)
{
    std::string text;
    if (py::isinstance<py::str>(value)) {
        text = value.cast<std::string>();
    } else if (py::isinstance<py::int_>(value)) {
        text = std::to_string(value.cast<long long>());
    } else {
        std::vector<long long> values;
        for (const py::handle item : value)
            values.push_back(item.cast<long long>());
        text = fmt::format("{}", fmt::join(values, ","));
    }
    try {
        return parseIntegerRanges(text, min, max);
    } catch (const std::invalid_argument& e) {
        throw InputError(fmt::format("{} {}: {}", name, text, e.what()));
    }
}

}  // namespace spare::python
