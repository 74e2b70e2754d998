#include "engine/campaign/StableHash.h"

#include <fmt/core.h>

namespace spare {

std::string hex64(std::uint64_t value) { return fmt::format("{:016x}", value); }

}  // namespace spare
