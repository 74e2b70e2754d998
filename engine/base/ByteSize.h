#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace spare {

// A byte count as written on a command line or in a field: "512M", "8G", "1.5G", "64K", "1T" (binary
// units, an optional trailing "B" or "iB") or plain bytes. nullopt when malformed, zero or over 2^60.
std::optional<std::uint64_t> parseByteSize(std::string_view text);

// "2.9 GB", "512 MB", "12 KB" (binary units; one decimal below 10).
std::string formatByteSize(std::uint64_t bytes);

}  // namespace spare
