#pragma once

#include "sim/Scenario.h"

#include <pybind11/pybind11.h>

#include <string>
#include <vector>

namespace spare::python {

// Keyword arguments checked as spare-cli checks its flags: InputError (ValueError in Python) naming the
// argument, the value and the allowed range.
void requireIntegerIn(const char* name, long long value, long long min, long long max);
void requireNumberIn(const char* name, double value, double min, double max);
// "spare,rep" or ["spare", "rep"]: distinct policies in the order given.
std::vector<Policy> policyListArgument(pybind11::handle value);
// "2-20", "2,4,8", an int or a list of ints: ascending distinct values in min .. max (parseIntegerRanges).
std::vector<int> integerRangesArgument(const char* name, pybind11::handle value, int min, int max);

}  // namespace spare::python
