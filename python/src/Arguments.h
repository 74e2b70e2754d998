#pragma once

#include "engine/sim/Scenario.h"

#include <pybind11/pybind11.h>

#include <string>
#include <vector>

namespace spare::python {

// Keyword arguments checked as spare-cli checks its flags: InputError (ValueError in Python) naming the
// argument, the value and the allowed range.
void requireIntegerIn(const char* name, long long value, long long min, long long max);
void requireNumberIn(const char* name, double value, double min, double max);
// "a,b", ["a", "b"] or one value: the items as text, in the order given.
std::vector<std::string> listArgument(pybind11::handle value);
// Whole numbers from listArgument, each checked against min .. max.
std::vector<long long> integerListArgument(const char* name, pybind11::handle value, long long min, long long max);
// Numbers from listArgument, each checked: min < value <= max.
std::vector<double> positiveNumberListArgument(const char* name, pybind11::handle value, double max);
// "spare,rep" or ["spare", "rep"]: distinct policies in the order given.
std::vector<Policy> policyListArgument(pybind11::handle value);
// "2-20", "2,4,8", an int or a list of ints: ascending distinct values in min .. max (parseIntegerRanges).
std::vector<int> integerRangesArgument(const char* name, pybind11::handle value, int min, int max);

}  // namespace spare::python
