#include "app/cli/CliOptions.h"

#include "app/cli/CliCommand.h"

#include "engine/base/InputError.h"
#include "engine/base/ScenarioLimits.h"
#include "engine/output/TraceSelection.h"

#include <fmt/core.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <memory>
#include <mutex>
#include <sstream>

#include <unistd.h>

namespace spare::cli {

namespace {

// A flag value as it appears in a message: quoted, so "" and trailing spaces show.
std::string shownValue(std::string_view text)
{
    constexpr std::size_t kShown = 60;
    return fmt::format("'{}{}'", text.substr(0, kShown), text.size() > kShown ? "..." : "");
}

template <typename Integer>
CLI::Validator integerValidator(Integer min, Integer max)
{
    const std::string range = fmt::format("{} .. {}", min, max);
    return CLI::Validator(
        [min, max, range](std::string& text) -> std::string {
            Integer value{};
            const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
            const bool negative = !text.empty() && text.front() == '-' && text.size() > 1 &&
                                  text.find_first_not_of("0123456789", 1) == std::string::npos;
            if (error == std::errc::result_out_of_range || negative)
                return fmt::format("{} is out of range; allowed: an integer {}", shownValue(text), range);
            if (text.empty() || error != std::errc() || end != text.data() + text.size())
                return fmt::format("{} is not an integer; allowed: an integer {}", shownValue(text), range);
            if (value < min || value > max)
                return fmt::format("{} is out of range; allowed: an integer {}", shownValue(text), range);
            return {};
        },
        range);
}

// 0.001, 100, 1e9: short, the way the scenario table writes bounds.
std::string boundText(double value)
{
    std::string text = fmt::format("{:g}", value);
    const auto e = text.find("e+");
    if (e != std::string::npos) {
        const auto digits = text.find_first_not_of('0', e + 2);
        text = text.substr(0, e + 1) + text.substr(digits);
    }
    return text;
}

CLI::Validator numberValidator(std::function<bool(double)> allowed, const std::string& range)
{
    return CLI::Validator(
        [allowed = std::move(allowed), range](std::string& text) -> std::string {
            const auto value = parseDecimal(text);
            if (!value)
                return fmt::format("{} is not a decimal number; allowed: {}", shownValue(text), range);
            if (!allowed(*value))
                return fmt::format("{} is out of range; allowed: {}", shownValue(text), range);
            return {};
        },
        range);
}

}  // namespace

void addLayoutOptions(CLI::App& sub, LayoutOptions& opts, bool withLayout)
{
    sub.add_option("--groups,-N", opts.groups, "Number of data-parallel groups N")
        ->required()
        ->check(integerIn(ScenarioLimits::minGroups, ScenarioLimits::maxGroups));
    sub.add_option("--redundancy,-r", opts.redundancy,
                   "Redundancy r: types per stack (1 .. min(N, 64): the scenario limit, which also bounds the "
                   "layout search, whose cost grows as r^3)")
        ->required()
        ->check(integerIn(ScenarioLimits::minRedundancy, ScenarioLimits::maxRedundancy));
    if (withLayout)
        sub.add_option("--layout", opts.layout, "golomb, consecutive, golomb-domain (layout only, with --topology or --scenario) or a JSON layout file")->capture_default_str();
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

Layout makeLayout(const LayoutOptions& opts)
{
    checkGroupsAndRedundancy(opts);
    return Layout::byName(opts.layout, opts.groups, opts.redundancy);
}

CLI::Validator integerIn(long long min, long long max) { return integerValidator(min, max); }

CLI::Validator unsignedIn(std::uint64_t min, std::uint64_t max) { return integerValidator(min, max); }

CLI::Validator numberIn(double min, double max)
{
    return numberValidator([min, max](double value) { return value >= min && value <= max; },
                           fmt::format("{} .. {}", boundText(min), boundText(max)));
}

CLI::Validator positiveNumber()
{
    return numberValidator([](double value) { return value > 0.0; }, "a finite number > 0");
}

CLI::Validator positiveNumberUpTo(double max)
{
    return numberValidator([max](double value) { return value > 0.0 && value <= max; },
                           fmt::format("> 0 .. {}", boundText(max)));
}

CLI::Validator seedValue() { return unsignedIn(0, std::numeric_limits<std::uint64_t>::max()); }

CLI::Validator choiceOf(const char* names, std::function<bool(std::string_view)> known)
{
    return CLI::Validator(
        [names, known = std::move(known)](std::string& text) -> std::string {
            return known(text) ? std::string() : fmt::format("{} is not allowed; allowed: {}", shownValue(text), names);
        },
        names);
}

std::optional<double> parseDecimal(std::string_view text)
{
    double value = 0.0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc() || end != text.data() + text.size() || !std::isfinite(value))
        return std::nullopt;
    return value;
}

CLI::Validator timeWindowValue()
{
    return CLI::Validator(
        [](std::string& text) -> std::string {
            return TraceSelection::parseWindow(text)
                       ? std::string()
                       : fmt::format("{} is not allowed; allowed: {}", shownValue(text), TraceSelection::kWindowAllowed);
        },
        "START:END");
}

std::vector<int> parseGroupList(const std::string& flag, const std::string& text, int groups)
{
    try {
        return TraceSelection::parseGroups(text, groups);
    } catch (const InputError& e) {
        throw UsageError(fmt::format("{} {}: {}", flag, shownValue(text), e.what()));
    }
}

std::vector<Policy> parsePolicyList(const std::string& text)
{
    std::vector<Policy> policies;
    std::stringstream in(text);
    std::string name;
    while (std::getline(in, name, ',')) {
        const auto policy = parsePolicy(name);
        if (!policy)
            throw UsageError(fmt::format("--policies {}: \"{}\" is not allowed; use a comma list of {}", text, name,
                                         policyNames()));
        if (std::find(policies.begin(), policies.end(), *policy) == policies.end())
            policies.push_back(*policy);
    }
    if (policies.empty())
        throw UsageError(fmt::format("--policies \"{}\" is empty; use a comma list of {}", text, policyNames()));
    return policies;
}

}  // namespace spare::cli
