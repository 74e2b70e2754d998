#include "CliOptions.h"

#include "CliCommand.h"

#include "sim/ScenarioLimits.h"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>

namespace spare::cli {

void addLayoutOptions(CLI::App& sub, LayoutOptions& opts, bool withLayout)
{
    sub.add_option("--groups,-N", opts.groups, "Number of data-parallel groups N (2 .. 10000000)")->required();
    sub.add_option("--redundancy,-r", opts.redundancy,
                   "Redundancy r: types per stack (1 .. min(N, 64): the scenario limit, which also bounds the "
                   "layout search, whose cost grows as r^3)")
        ->required();
    if (withLayout)
        sub.add_option("--layout", opts.layout, "golomb, consecutive or a JSON layout file")->capture_default_str();
}

void checkGroupsAndRedundancy(const LayoutOptions& opts)
{
    if (opts.groups < 2 || opts.groups > 10'000'000)
        throw UsageError(fmt::format("--groups {} is out of range: allowed 2 .. 10000000", opts.groups));
    const int maxRedundancy = std::min(opts.groups, ScenarioLimits::maxRedundancy);
    if (opts.redundancy < ScenarioLimits::minRedundancy || opts.redundancy > maxRedundancy)
        throw UsageError(fmt::format("--redundancy {} is out of range: allowed 1 .. {} (min(groups, {}))",
                                     opts.redundancy, maxRedundancy, ScenarioLimits::maxRedundancy));
}

void requirePositive(const std::string& flag, double value)
{
    if (!std::isfinite(value) || value <= 0.0)
        throw UsageError(fmt::format("{} {} is out of range: allowed a finite number > 0", flag, value));
}

Layout makeLayout(const LayoutOptions& opts)
{
    checkGroupsAndRedundancy(opts);
    return Layout::byName(opts.layout, opts.groups, opts.redundancy);
}

}  // namespace spare::cli
