#pragma once

#include <nlohmann/json_fwd.hpp>

#include <string>

namespace spare {

class Layout;

// Whether a layout meets the paper's independence condition (any two groups share at most one type),
// which the closed forms for mu and S_bar rest on, and by how much it misses it.
struct LayoutIndependence {
    std::string layout;  // layout name
    bool independent = true;
    int maxOverlap = 0;
    long long overlappingPairs = 0;  // pairs of groups sharing two or more types
    std::string note;                // how the offsets were chosen, or why independence is out of reach
};

LayoutIndependence layoutIndependence(const Layout& layout);
// For "golomb", "consecutive" or a layout file, as Layout::byName would build it, without building the
// stacks for the cyclic ones (cheap at any N).
LayoutIndependence layoutIndependence(const std::string& nameOrPath, int groups, int redundancy);

// Empty when independent; else one sentence for people: the overlap, and that closed-form mu does not hold.
std::string independenceWarning(const LayoutIndependence& independence);
// {"layout", "independent", "max_overlap", "overlapping_pairs", "note"}: the same facts for JSON outputs.
nlohmann::json independenceJson(const LayoutIndependence& independence);

}  // namespace spare
