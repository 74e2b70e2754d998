#include "app/cli/HumanFormat.h"

#include <fmt/core.h>

#include <cmath>

namespace spare::cli {

namespace {

// Inserts ',' every three digits into the integer part of a formatted number.
std::string groupThousands(std::string text)
{
    const std::size_t start = (!text.empty() && text.front() == '-') ? 1 : 0;
    std::size_t end = text.find('.');
    if (end == std::string::npos)
        end = text.size();
    for (std::size_t at = end; at > start + 3; at -= 3)
        text.insert(at - 3, 1, ',');
    return text;
}

}  // namespace

std::string countText(std::int64_t value) { return groupThousands(fmt::format("{}", value)); }

std::string fixedText(double value, int decimals)
{
    if (!std::isfinite(value))
        return fmt::format("{}", value);
    return groupThousands(fmt::format("{:.{}f}", value, decimals));
}

std::string durationText(double seconds)
{
    constexpr double kMinute = 60.0;
    // Seconds up to 10 min, minutes up to an hour, hours up to 2 days, then hours and days.
    constexpr double kHour = 3600.0;
    constexpr double kDay = 86400.0;
    const double size = std::fabs(seconds);
    if (!std::isfinite(seconds) || size < 10 * kMinute)
        return fmt::format("{} s", fixedText(seconds, size < 1.0 ? 3 : 1));
    if (size < kHour)
        return fmt::format("{} min", fixedText(seconds / kMinute, 1));
    if (size < 2 * kDay)
        return fmt::format("{} h", fixedText(seconds / kHour, 2));
    return fmt::format("{} h = {} days", fixedText(seconds / kHour, 1), fixedText(seconds / kDay, 2));
}

std::string percentText(double fraction, int decimals)
{
    const double percent = 100.0 * fraction;
    // Tiny shares keep their digits instead of showing as 0.00 %.
    if (percent != 0.0 && std::fabs(percent) < std::pow(10.0, -decimals))
        return fmt::format("{:.{}e} %", percent, decimals);
    return fmt::format("{} %", fixedText(percent, decimals));
}

}  // namespace spare::cli
