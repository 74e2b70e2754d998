#pragma once

#include <string>

namespace spare {

// RFC 4180: a field holding a comma, a quote or a line break is quoted, inner quotes doubled.
std::string csvField(const std::string& text);

}  // namespace spare
