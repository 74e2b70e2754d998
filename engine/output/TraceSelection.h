#pragma once

#include <optional>
#include <string_view>
#include <utility>
#include <vector>

namespace spare {

// The part of a run a Perfetto trace keeps, as spare-cli's --trace-window START:END and --trace-groups
// 3,17 and the studio's trace export dialog write it: one parser, so both accept and refuse the same text.
struct TraceSelection {
    // START:END in decimal seconds with 0 <= START < END; nullopt otherwise.
    static std::optional<std::pair<double, double>> parseWindow(std::string_view text);
    static constexpr const char* kWindowAllowed = "START:END in decimal seconds, 0 <= START < END, e.g. 0:86400";
    // Distinct group ids 0 .. groups-1, comma-separated. Throws InputError naming the offending item and
    // what is allowed (the caller adds the flag or field and the whole value).
    static std::vector<int> parseGroups(std::string_view text, int groups);
};

}  // namespace spare
