#pragma once

#include "engine/layout/Layout.h"
#include "engine/sim/Scenario.h"

#include <CLI/CLI.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace spare::cli {

// The --groups / --redundancy / --layout trio shared by layout, reorder and montecarlo.
struct LayoutOptions {
    int groups = 0;
    int redundancy = 0;
    std::string layout = "golomb";
};

void addLayoutOptions(CLI::App& sub, LayoutOptions& opts, bool withLayout = true);
// Checks the ranges (UsageError naming flag, value and allowed range) and builds the layout.
Layout makeLayout(const LayoutOptions& opts);
// The range checks of makeLayout alone, for commands that need N and r but no layout.
void checkGroupsAndRedundancy(const LayoutOptions& opts);

// Strict flag values, checked while parsing: the whole text must be the value, so "", "-1" for an
// unsigned flag, "12abc", "0x10", "1e23" for an integer, "inf" and "nan" all fail with
// "--flag: 'TEXT' is not ...; allowed: RANGE" and exit 2. Attach with option->check(...).
CLI::Validator integerIn(long long min, long long max);
CLI::Validator unsignedIn(std::uint64_t min, std::uint64_t max);
CLI::Validator numberIn(double min, double max);      // finite decimal number, min <= x <= max
CLI::Validator positiveNumber();                      // finite decimal number > 0
CLI::Validator positiveNumberUpTo(double max);        // finite decimal number, 0 < x <= max
CLI::Validator seedValue();                           // 0 .. 2^64-1
// One of `names` ("spare | rep | ckpt"); `parse` says whether a text is one of them.
CLI::Validator choiceOf(const char* names, std::function<bool(std::string_view)> known);

// A decimal number (digits, '.', exponent; no hex, inf or nan) that is the whole text.
std::optional<double> parseDecimal(std::string_view text);
// Validator for TraceSelection::parseWindow.
CLI::Validator timeWindowValue();
// "3,17,42": distinct group ids in 0 .. groups-1, none empty; UsageError naming flag, value and range.
std::vector<int> parseGroupList(const std::string& flag, const std::string& text, int groups);

// "spare,rep": distinct policies in the order given; UsageError naming --policies and the allowed names.
std::vector<Policy> parsePolicyList(const std::string& text);

}  // namespace spare::cli
