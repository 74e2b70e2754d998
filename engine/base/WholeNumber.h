#pragma once

#include <charconv>
#include <optional>
#include <string_view>
#include <type_traits>

namespace spare {

// `text` as a number when all of it is one (std::from_chars: no spaces, no sign for unsigned), else nullopt.
template <typename Number>
std::optional<Number> parseWholeNumber(std::string_view text, int integerBase = 10)
{
    Number value{};
    std::from_chars_result parsed{};
    if constexpr (std::is_floating_point_v<Number>)
        parsed = std::from_chars(text.data(), text.data() + text.size(), value);
    else
        parsed = std::from_chars(text.data(), text.data() + text.size(), value, integerBase);
    if (parsed.ec != std::errc() || parsed.ptr != text.data() + text.size())
        return std::nullopt;
    return value;
}

}  // namespace spare
