#include "engine/layout/LayoutIndependence.h"

#include "engine/layout/GolombOffsets.h"
#include "engine/layout/Layout.h"

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <numeric>

namespace spare {

LayoutIndependence layoutIndependence(const Layout& layout)
{
    return {layout.name(), layout.independent(), layout.maxOverlap(), layout.overlappingPairs(), layout.note()};
}

LayoutIndependence layoutIndependence(const std::string& nameOrPath, int groups, int redundancy)
{
    if (nameOrPath == "golomb") {
        const auto chosen = golombOffsets(groups, redundancy);
        return {nameOrPath, chosen.overlap.maxOverlap <= 1, chosen.overlap.maxOverlap, chosen.overlap.overlappingPairs,
                chosen.note};
    }
    if (nameOrPath == "consecutive") {
        std::vector<int> offsets(static_cast<size_t>(redundancy));
        std::iota(offsets.begin(), offsets.end(), 0);
        const auto overlap = cyclicOverlap(offsets, groups);
        return {nameOrPath, overlap.maxOverlap <= 1, overlap.maxOverlap, overlap.overlappingPairs, ""};
    }
    return layoutIndependence(Layout::byName(nameOrPath, groups, redundancy));
}

std::string independenceWarning(const LayoutIndependence& independence)
{
    if (independence.independent)
        return "";
    return fmt::format("layout {} is NOT independent: {} pairs of groups share two or more types (max overlap {}), so "
                       "the closed-form mu and S_bar bound, which assume at most one, do not hold; the Monte-Carlo "
                       "mu (spare-cli montecarlo) does",
                       independence.layout, independence.overlappingPairs, independence.maxOverlap);
}

nlohmann::json independenceJson(const LayoutIndependence& independence)
{
    return {{"layout", independence.layout},
            {"independent", independence.independent},
            {"max_overlap", independence.maxOverlap},
            {"overlapping_pairs", independence.overlappingPairs},
            {"note", independence.note}};
}

}  // namespace spare
