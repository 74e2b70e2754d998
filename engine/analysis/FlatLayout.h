#pragma once

// Included by the CUDA backend too: keep it C++17 (no layout/Layout.h here).

#include "engine/analysis/TrialKernel.h"

#include <cstdint>
#include <vector>

namespace spare {

class Layout;

// A Layout flattened for the trial kernel (host copies; the CUDA backend uploads them), with a perfect
// matching of types to groups at capacity 1 (S*(0) = 1: an r-regular bipartite graph always has one).
class FlatLayout {
public:
    explicit FlatLayout(const Layout& layout);

    int groups() const { return groups_; }
    int redundancy() const { return redundancy_; }
    // uint16_t workspaces suffice (types, groups and the "free" marker N fit).
    bool compactIndex() const { return groups_ <= 65535; }
    const std::vector<std::int32_t>& holders() const { return holders_; }
    const std::vector<std::int32_t>& stacks() const { return stacks_; }
    const std::vector<std::int32_t>& initialMatch() const { return initialMatch_; }
    LayoutArrays arrays() const;

private:
    int groups_ = 0;
    int redundancy_ = 0;
    std::vector<std::int32_t> holders_;
    std::vector<std::int32_t> stacks_;
    std::vector<std::int32_t> initialMatch_;
};

}  // namespace spare
