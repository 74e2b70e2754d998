#pragma once

#include "layout/Layout.h"

#include <CLI/CLI.hpp>

#include <string>

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
// UsageError naming `flag` unless `value` is finite and > 0.
void requirePositive(const std::string& flag, double value);

}  // namespace spare::cli
