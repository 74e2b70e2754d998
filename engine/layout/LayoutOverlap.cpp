#include "engine/layout/LayoutOverlap.h"

#include "engine/layout/Layout.h"

#include <algorithm>

namespace spare {

namespace {

// Counts, for group a, the types it shares with every other group through the holder lists, and
// calls visit(b, shared) once per partner b (unordered). `count` is N zeros and is left so.
template <class Visit>
void visitPartners(const Layout& layout, int a, std::vector<int>& count, std::vector<int>& touched, Visit visit)
{
    touched.clear();
    for (int t : layout.stack(a))
        for (int b : layout.holders(t))
            if (b != a && count[static_cast<std::size_t>(b)]++ == 0)
                touched.push_back(b);
    for (int b : touched) {
        visit(b, count[static_cast<std::size_t>(b)]);
        count[static_cast<std::size_t>(b)] = 0;
    }
}

std::int64_t allPairs(int groups)
{
    return static_cast<std::int64_t>(groups) * (groups - 1) / 2;
}

// Block index of `index` in [first, first + size) cut into `blocks` blocks.
int blockOf(int index, int first, int size, int blocks)
{
    return static_cast<int>(static_cast<std::int64_t>(index - first) * blocks / size);
}

struct Blocks {
    MatrixWindow window;
    int rows = 0;
    int columns = 0;
    std::vector<int> cells;

    Blocks(MatrixWindow w, int r, int c)
        : window(w), rows(std::clamp(r, 0, std::max(w.rows, 0))), columns(std::clamp(c, 0, std::max(w.columns, 0))),
          cells(static_cast<std::size_t>(rows) * static_cast<std::size_t>(columns), 0)
    {
    }
    bool hasRow(int a) const { return a >= window.firstRow && a < window.firstRow + window.rows; }
    void raise(int a, int b, int value)
    {
        if (b < window.firstColumn || b >= window.firstColumn + window.columns || rows == 0 || columns == 0)
            return;
        const auto i = static_cast<std::size_t>(blockOf(a, window.firstRow, window.rows, rows));
        const auto j = static_cast<std::size_t>(blockOf(b, window.firstColumn, window.columns, columns));
        int& cell = cells[i * static_cast<std::size_t>(columns) + j];
        cell = std::max(cell, value);
    }
};

}  // namespace

LayoutOverlap::LayoutOverlap(const Layout& layout)
    : groups_(layout.groups()), redundancy_(layout.redundancy()),
      pairsByOverlap_(static_cast<std::size_t>(layout.redundancy()) + 1, 0)
{
    const auto n = static_cast<std::size_t>(groups_);
    std::vector<int> count(n, 0);
    std::vector<int> touched;
    begin_.reserve(n + 1);
    begin_.push_back(0);
    std::int64_t sharing = 0;
    for (int a = 0; a < groups_; ++a) {
        const std::size_t first = partners_.size();
        visitPartners(layout, a, count, touched, [&](int b, int shared) {
            partners_.push_back({b, shared});
            maxOverlap_ = std::max(maxOverlap_, shared);
            if (b > a) {
                ++pairsByOverlap_[static_cast<std::size_t>(shared)];
                ++sharing;
            }
        });
        std::sort(partners_.begin() + static_cast<std::ptrdiff_t>(first), partners_.end(),
                  [](const Partner& x, const Partner& y) { return x.group < y.group; });
        begin_.push_back(partners_.size());
    }
    pairsByOverlap_[0] = allPairs(groups_) - sharing;
}

int LayoutOverlap::shared(int a, int b) const
{
    if (a == b)
        return redundancy_;
    const auto list = partners(a);
    const auto it = std::lower_bound(list.begin(), list.end(), b, [](const Partner& p, int g) { return p.group < g; });
    return it != list.end() && it->group == b ? it->shared : 0;
}

std::span<const LayoutOverlap::Partner> LayoutOverlap::partners(int a) const
{
    const auto i = static_cast<std::size_t>(a);
    return {partners_.data() + begin_[i], begin_[i + 1] - begin_[i]};
}

std::vector<int> LayoutOverlap::blockMaxima(MatrixWindow window, int rows, int columns) const
{
    Blocks blocks(window, rows, columns);
    for (int a = std::max(0, window.firstRow); a < std::min(groups_, window.firstRow + window.rows); ++a)
        for (const Partner& p : partners(a))
            blocks.raise(a, p.group, p.shared);
    return blocks.cells;
}

std::vector<std::int64_t> LayoutOverlap::countPairsByOverlap(const Layout& layout)
{
    const int n = layout.groups();
    std::vector<std::int64_t> pairs(static_cast<std::size_t>(layout.redundancy()) + 1, 0);
    if (const auto offsets = cyclicOffsets(layout)) {
        // Groups w and w + d share sharedAtShift[d] types for every w: N ordered pairs per shift.
        const std::vector<int> atShift = sharedAtShift(*offsets, n);
        for (int d = 1; d < n; ++d)
            pairs[static_cast<std::size_t>(atShift[static_cast<std::size_t>(d)])] += n;
        for (auto& p : pairs)
            p /= 2;
        return pairs;
    }
    std::vector<int> count(static_cast<std::size_t>(n), 0);
    std::vector<int> touched;
    std::int64_t sharing = 0;
    for (int a = 0; a < n; ++a)
        visitPartners(layout, a, count, touched, [&](int b, int shared) {
            if (b > a) {
                ++pairs[static_cast<std::size_t>(shared)];
                ++sharing;
            }
        });
    pairs[0] = allPairs(n) - sharing;
    return pairs;
}

std::vector<int> LayoutOverlap::holdingBlockMaxima(const Layout& layout, MatrixWindow window, int rows, int columns)
{
    Blocks blocks(window, rows, columns);
    for (int g = std::max(0, window.firstRow); g < std::min(layout.groups(), window.firstRow + window.rows); ++g) {
        const auto stack = layout.stack(g);
        for (std::size_t j = 0; j < stack.size(); ++j)
            blocks.raise(g, stack[j], static_cast<int>(j) + 1);
    }
    return blocks.cells;
}

std::vector<int> LayoutOverlap::sharedAtShift(const std::vector<int>& offsets, int groups)
{
    std::vector<int> atShift(static_cast<std::size_t>(groups), 0);
    for (int oi : offsets)
        for (int oj : offsets)
            ++atShift[static_cast<std::size_t>(((oi - oj) % groups + groups) % groups)];
    return atShift;
}

std::vector<OffsetDifference> LayoutOverlap::differences(const std::vector<int>& offsets, int groups)
{
    std::vector<int> sorted = offsets;
    std::sort(sorted.begin(), sorted.end());
    const std::vector<int> atShift = sharedAtShift(sorted, groups);
    std::vector<OffsetDifference> out;
    for (std::size_t i = 0; i < sorted.size(); ++i)
        for (std::size_t j = i + 1; j < sorted.size(); ++j) {
            const int d = sorted[j] - sorted[i];
            out.push_back({sorted[i], sorted[j], d, atShift[static_cast<std::size_t>(d % groups)]});
        }
    return out;
}

std::optional<std::vector<int>> LayoutOverlap::cyclicOffsets(const Layout& layout)
{
    if (!layout.offsets().empty())
        return layout.offsets();
    const int n = layout.groups();
    const auto base = layout.stack(0);
    for (int w = 1; w < n; ++w) {
        const auto s = layout.stack(w);
        for (std::size_t j = 0; j < s.size(); ++j)
            if (s[j] != (base[j] + w) % n)
                return std::nullopt;
    }
    return std::vector<int>(base.begin(), base.end());
}

}  // namespace spare
