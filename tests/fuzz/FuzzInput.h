#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace spare::fuzz {

// A fuzz input read as two texts: what precedes its first NUL byte, and what follows it (none without one).
struct FuzzInput {
    std::string_view first;
    std::optional<std::string_view> second;

    static FuzzInput split(const std::uint8_t* data, std::size_t size)
    {
        const std::string_view input(reinterpret_cast<const char*>(data), size);
        const std::size_t nul = input.find('\0');
        if (nul == std::string_view::npos)
            return {input, std::nullopt};
        return {input.substr(0, nul), input.substr(nul + 1)};
    }
};

}  // namespace spare::fuzz
