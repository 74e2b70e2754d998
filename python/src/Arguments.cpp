#include "Arguments.h"

#include "io/InputError.h"
#include "sweep/Sweep.h"

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

std::vector<Policy> policyListArgument(py::handle value)
{
    std::vector<std::string> names;
    if (py::isinstance<py::str>(value)) {
        const std::string text = value.cast<std::string>();
        std::size_t begin = 0;
        while (begin <= text.size()) {
            const std::size_t end = std::min(text.find(',', begin), text.size());
            names.push_back(text.substr(begin, end - begin));
            begin = end + 1;
        }
    } else {
        for (const py::handle item : value)
            names.push_back(py::str(item).cast<std::string>());
    }
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
