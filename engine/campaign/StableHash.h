#pragma once

#include "engine/sim/RandomStream.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace spare {

// A 64-bit hash of text that is the same on every platform and build (FNV-1a, then splitmix64 to spread
// the bits): run ids, per-run seeds and the campaign hash are derived from it, so they must never change.
constexpr std::uint64_t stableHash64(std::string_view text, std::uint64_t salt = 0)
{
    std::uint64_t h = 0xCBF29CE484222325ull ^ splitmix64(salt);
    for (const char c : text) {
        h ^= static_cast<unsigned char>(c);
        h *= 0x100000001B3ull;
    }
    return splitmix64(h);
}

// 16 lower-case hex digits.
std::string hex64(std::uint64_t value);

}  // namespace spare
