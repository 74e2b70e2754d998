#pragma once

#include <QString>

#include <cstdint>
#include <vector>

namespace spare {

// What the window says about a layout that is not independent (two groups share more than one type):
// by how much, how many pairs, and that the closed-form mu does not hold. Empty for independent layouts.
class IndependenceNotice {
public:
    static QString text(const QString& layoutName, int maxOverlap, std::int64_t pairsSharingSeveral);
    // The status bar's short form.
    static QString shortText(int maxOverlap, std::int64_t pairsSharingSeveral);
    // Pairs of groups sharing two or more types, from LayoutOverlap's counts by overlap.
    static std::int64_t pairsSharingSeveral(const std::vector<std::int64_t>& pairsByOverlap);
};

}  // namespace spare
