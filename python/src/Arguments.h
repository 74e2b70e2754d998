#pragma once

#include "python/src/CancelToken.h"

#include "engine/sim/Scenario.h"

#include <pybind11/pybind11.h>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace spare::python {

// The one conversion layer between Python arguments and the engine: every bound function takes its
// arguments as Python objects and reads them here. A value of the wrong type raises TypeError, one out
// of range or otherwise invalid InputError (ValueError in Python); both name the argument, the value
// and what is allowed, as spare-cli names its flags.

// The most items a list argument may hold: a generator that never ends is refused, not read forever.
inline constexpr std::size_t kMaxListItems = 10'000;

// reprlib.repr(value) (long lists and strings shortened), at most about 80 characters; a value whose
// repr fails is named by its type.
std::string shortRepr(pybind11::handle value);
// A number as a message quotes it: shortRepr, or "(an int of N bits)" for an int too long to quote.
std::string numberText(pybind11::handle value);
// TypeError "NAME must be EXPECTED, got VALUE (TYPE)".
[[noreturn]] void throwTypeError(std::string_view name, std::string_view expected, pybind11::handle value);

// An int (or anything with __index__ but bool) in min .. max; `why` explains the range in the message.
long long integerArgument(std::string_view name, pybind11::handle value, long long min, long long max,
                          std::string_view why = {});
std::optional<long long> optionalIntegerArgument(std::string_view name, pybind11::handle value, long long min,
                                                 long long max);
// A seed: an int in 0 .. 2^64 - 1.
std::uint64_t seedArgument(std::string_view name, pybind11::handle value);
// A real number (int, float or anything with __float__ but bool) in min .. max.
double numberArgument(std::string_view name, pybind11::handle value, double min, double max);
// A number in 0 < value <= max.
double positiveNumberArgument(std::string_view name, pybind11::handle value, double max);
std::optional<double> optionalNumberArgument(std::string_view name, pybind11::handle value, double min, double max);
// True or False (a NumPy bool too).
bool flagArgument(std::string_view name, pybind11::handle value);
// A str that UTF-8 can hold (no lone surrogates).
std::string textArgument(std::string_view name, pybind11::handle value);
std::optional<std::string> optionalTextArgument(std::string_view name, pybind11::handle value);
// A file-system path: str, bytes or os.PathLike, as the operating system's bytes (os.fsencode).
std::string pathArgument(std::string_view name, pybind11::handle value);
// The engine's text as a str: UTF-8, with the bytes of a file name that are not as surrogate escapes
// (as os.fsdecode gives them), so that the name reaches the same file when given back.
pybind11::str engineText(std::string_view text);
// None or a callable taking (done, total).
pybind11::object progressArgument(pybind11::handle value);
// None or a CancelToken.
std::optional<CancelToken> cancelArgument(pybind11::handle value);
// r for N groups: 1 .. min(N, 64).
int redundancyArgument(pybind11::handle value, int groups);

// "a,b", ["a", "b"] or one value: the items as text, in the order given (at most kMaxListItems).
std::vector<std::string> listArgument(std::string_view name, pybind11::handle value);
// Whole numbers from listArgument, each checked against min .. max.
std::vector<long long> integerListArgument(std::string_view name, pybind11::handle value, long long min,
                                           long long max);
// Numbers from listArgument, each checked: min < value <= max.
std::vector<double> positiveNumberListArgument(std::string_view name, pybind11::handle value, double max);
// "spare,rep" or ["spare", "rep"]: distinct policies in the order given.
std::vector<Policy> policyListArgument(pybind11::handle value);
// "2-20", "2,4,8", an int or a list of ints: ascending distinct values in min .. max (parseIntegerRanges).
std::vector<int> integerRangesArgument(std::string_view name, pybind11::handle value, int min, int max);
// None or {"COLUMN": ["V1", "V2"]} (one str for one value): each column with one or more values.
std::map<std::string, std::vector<std::string>> columnValuesArgument(std::string_view name, pybind11::handle value);

}  // namespace spare::python
