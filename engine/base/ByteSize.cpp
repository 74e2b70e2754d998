#include "engine/base/ByteSize.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <exception>

namespace spare {

namespace {

constexpr std::array<char, 5> kUnits{'K', 'M', 'G', 'T', 'P'};

}  // namespace

std::optional<std::uint64_t> parseByteSize(std::string_view text)
{
    std::string_view rest = text;
    if (rest.empty() || !(std::isdigit(static_cast<unsigned char>(rest.front())) || rest.front() == '.'))
        return std::nullopt;
    double number = 0.0;
    try {
        std::size_t used = 0;
        number = std::stod(std::string(rest), &used);
        rest.remove_prefix(used);
    } catch (const std::exception&) {
        return std::nullopt;
    }
    double scale = 1.0;
    if (!rest.empty()) {
        const char unit = static_cast<char>(std::toupper(static_cast<unsigned char>(rest.front())));
        const auto it = std::find(kUnits.begin(), kUnits.end(), unit);
        if (it != kUnits.end()) {
            scale = std::ldexp(1.0, 10 * static_cast<int>(it - kUnits.begin() + 1));
            rest.remove_prefix(1);
            if (rest == "iB" || rest == "ib")
                rest = {};
        }
        if (rest == "B" || rest == "b")
            rest = {};
    }
    const double bytes = number * scale;
    if (!rest.empty() || !std::isfinite(bytes) || bytes < 1.0 || bytes > std::ldexp(1.0, 60))
        return std::nullopt;
    return static_cast<std::uint64_t>(bytes);
}

std::string formatByteSize(std::uint64_t bytes)
{
    if (bytes < 1024)
        return fmt::format("{} B", bytes);
    double value = static_cast<double>(bytes);
    std::size_t unit = 0;
    while (value >= 1024.0 * 1024.0 && unit + 1 < kUnits.size()) {
        value /= 1024.0;
        ++unit;
    }
    value /= 1024.0;
    return fmt::format("{:.{}f} {}B", value, value < 10.0 ? 1 : 0, kUnits[unit]);
}

}  // namespace spare
