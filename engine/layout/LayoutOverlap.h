#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace spare {

class Layout;

// A rectangle of an N x N matrix: rows are groups, columns groups (overlap) or types (holdings).
struct MatrixWindow {
    int firstRow = 0;
    int rows = 0;
    int firstColumn = 0;
    int columns = 0;
};

// A pair of offsets o_low < o_high of a cyclic layout. Groups w and w + difference (mod N) share
// sharedAtShift types: 1 when no other pair has the difference +-difference modulo N (a modular Golomb
// ruler), more when differences repeat.
struct OffsetDifference {
    int low = 0;
    int high = 0;
    int difference = 0;
    int sharedAtShift = 0;
};

// Which groups share types, and how many: the group-by-group overlap matrix of a layout (stored
// sparsely: each group has at most r (r - 1) partners), its counts of pairs by overlap and its
// aggregation into blocks for drawing. Pure computation; O(N r^2) time and memory.
class LayoutOverlap {
public:
    struct Partner {
        int group = 0;
        int shared = 0;
    };

    explicit LayoutOverlap(const Layout& layout);

    int groups() const { return groups_; }
    int redundancy() const { return redundancy_; }
    // Types groups a and b share (a == b: r).
    int shared(int a, int b) const;
    // The other groups sharing at least one type with group a, ascending.
    std::span<const Partner> partners(int a) const;
    int maxOverlap() const { return maxOverlap_; }
    // [k] = unordered pairs of distinct groups sharing exactly k types, k = 0 .. r.
    const std::vector<std::int64_t>& pairsByOverlap() const { return pairsByOverlap_; }
    // The overlap matrix over `window` (diagonal counted as 0) cut into rows x columns blocks, each
    // holding its largest entry; row-major. Cell (a, b) lies in block ((a - firstRow) * rows / window.rows,
    // (b - firstColumn) * columns / window.columns). rows and columns are clamped to the window's size.
    std::vector<int> blockMaxima(MatrixWindow window, int rows, int columns) const;

    // pairsByOverlap() without storing the matrix: O(N + r^2) for cyclic layouts, else O(N r^2) time
    // and O(N) memory.
    static std::vector<std::int64_t> countPairsByOverlap(const Layout& layout);
    // The groups x types grid in the same blocks: cell (g, t) = 1 + base position of t in g's stack,
    // 0 when g does not hold t.
    static std::vector<int> holdingBlockMaxima(const Layout& layout, MatrixWindow window, int rows, int columns);
    // [d] = types groups w and w + d (mod N) share in the cyclic layout with these offsets ([0] = r).
    static std::vector<int> sharedAtShift(const std::vector<int>& offsets, int groups);
    // Every pair of offsets, by ascending (low, high).
    static std::vector<OffsetDifference> differences(const std::vector<int>& offsets, int groups);
    // The offsets (base order) when group w holds stack(0) + w mod N for every w, else nullopt.
    static std::optional<std::vector<int>> cyclicOffsets(const Layout& layout);

private:
    int groups_ = 0;
    int redundancy_ = 0;
    std::vector<std::size_t> begin_;  // groups_ + 1 offsets into partners_
    std::vector<Partner> partners_;
    int maxOverlap_ = 0;
    std::vector<std::int64_t> pairsByOverlap_;
};

}  // namespace spare
