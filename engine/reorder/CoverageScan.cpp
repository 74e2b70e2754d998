#include "engine/reorder/CoverageScan.h"

#include <algorithm>
#include <vector>

namespace spare {

ReorderSolution CoverageScan::run(const Layout& layout, std::span<const std::uint8_t> alive,
                                  std::span<const int> stacks, int stackNumber)
{
    const int n = layout.groups();
    const auto r = static_cast<size_t>(layout.redundancy());
    ReorderSolution result;
    result.stackNumber = stackNumber;
    std::vector<std::uint8_t> marked(static_cast<size_t>(n), 0);
    int count = 0;
    for (int w = 0; w < n && count < n; ++w) {
        if (!alive[static_cast<size_t>(w)])
            continue;
        for (int p = 0; p < stackNumber; ++p) {
            const int t = stacks[static_cast<size_t>(w) * r + static_cast<size_t>(p)];
            if (!marked[static_cast<size_t>(t)]) {
                marked[static_cast<size_t>(t)] = 1;
                ++count;
            }
        }
    }
    result.covered = count == n;
    if (result.covered)
        return result;
    for (int t = 0; t < n; ++t) {
        if (marked[static_cast<size_t>(t)])
            continue;
        const auto h = layout.holders(t);
        if (std::none_of(h.begin(), h.end(), [&](int w) { return alive[static_cast<size_t>(w)] != 0; }))
            result.lostTypes.push_back(t);
    }
    result.wipeout = !result.lostTypes.empty();
    return result;
}

}  // namespace spare
