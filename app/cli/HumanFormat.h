#pragma once

#include <cstdint>
#include <string>

// Numbers for people in every command's text output (JSON output stays exact): units, sensible
// precision, thousands separators. One place so all commands print alike.
namespace spare::cli {

// 1234567 -> "1,234,567".
std::string countText(std::int64_t value);
// Fixed decimals with thousands separators: (1936603.15, 1) -> "1,936,603.2".
std::string fixedText(double value, int decimals);
// A duration in the unit that reads best: "42.0 s", "12.5 min", "7.25 h", "537.9 h = 22.41 days".
std::string durationText(double seconds);
// A fraction as a percentage: (0.87514, 2) -> "87.51 %"; (3e-7, 2) -> "3.00e-05 %".
std::string percentText(double fraction, int decimals = 2);

}  // namespace spare::cli
