#include "CliOptions.h"

#include "CliCommand.h"

#include "sim/ScenarioLimits.h"

#include <fmt/core.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <memory>
#include <mutex>

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

std::optional<std::pair<double, double>> parseTimeWindow(std::string_view text)
{
    const auto colon = text.find(':');
    if (colon == std::string_view::npos)
        return std::nullopt;
    const auto start = parseDecimal(text.substr(0, colon));
    const auto end = parseDecimal(text.substr(colon + 1));
    if (!start || !end || !(*start >= 0.0) || !(*end > *start))
        return std::nullopt;
    return std::pair{*start, *end};
}

CLI::Validator timeWindowValue()
{
    return CLI::Validator(
        [](std::string& text) -> std::string {
            return parseTimeWindow(text) ? std::string()
                                         : fmt::format("{} is not allowed; allowed: START:END in decimal seconds, "
                                                       "0 <= START < END, e.g. 0:86400",
                                                       shownValue(text));
        },
        "START:END");
}

std::vector<int> parseGroupList(const std::string& flag, const std::string& text, int groups)
{
    const std::string range = fmt::format("distinct group ids 0 .. {}, comma-separated", groups - 1);
    std::vector<int> ids;
    std::size_t begin = 0;
    while (true) {
        const std::size_t end = std::min(text.find(',', begin), text.size());
        const std::string_view item = std::string_view(text).substr(begin, end - begin);
        int id = 0;
        const auto [ptr, error] = std::from_chars(item.data(), item.data() + item.size(), id);
        if (item.empty() || error != std::errc() || ptr != item.data() + item.size())
            throw UsageError(fmt::format("{} {}: {} is not a group id; allowed: {}", flag, shownValue(text), shownValue(item),
                                         range));
        if (id < 0 || id >= groups)
            throw UsageError(fmt::format("{} {}: group {} is out of range; allowed: {}", flag, shownValue(text), id, range));
        if (std::find(ids.begin(), ids.end(), id) != ids.end())
            throw UsageError(fmt::format("{} {}: group {} is repeated; allowed: {}", flag, shownValue(text), id, range));
        ids.push_back(id);
        if (end == text.size())
            return ids;
        begin = end + 1;
    }
}

}  // namespace spare::cli
