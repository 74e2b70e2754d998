#include "engine/analysis/FlatLayout.h"

#include "engine/analysis/TrialWorkspaceBuffer.h"
#include "engine/layout/Layout.h"

#include <stdexcept>

namespace spare {

FlatLayout::FlatLayout(const Layout& layout)
    : groups_(layout.groups()), redundancy_(layout.redundancy())
{
    const std::size_t cells = static_cast<std::size_t>(groups_) * static_cast<std::size_t>(redundancy_);
    holders_.reserve(cells);
    stacks_.reserve(cells);
    for (int i = 0; i < groups_; ++i) {
        for (const int g : layout.holders(i))
            holders_.push_back(g);
        for (const int t : layout.stack(i))
            stacks_.push_back(t);
    }
    // Build the capacity-1 matching with the kernel's own augmenting paths.
    initialMatch_.assign(static_cast<std::size_t>(groups_), 0);
    LayoutArrays view = arrays();
    view.initialMatch = nullptr;
    TrialWorkspaceBuffer<std::int32_t> buffer(groups_);
    TrialKernel<std::int32_t>::State state;
    TrialKernel<std::int32_t>::resetUnmatched(view, buffer.view(), state);
    for (int t = 0; t < groups_; ++t) {
        if (!TrialKernel<std::int32_t>::augment(view, buffer.view(), state, t))
            throw std::logic_error("layout has no perfect matching at capacity 1 (it is not r-regular)");
    }
    for (int t = 0; t < groups_; ++t)
        initialMatch_[static_cast<std::size_t>(t)] = buffer.view().matchOf[t];
}

LayoutArrays FlatLayout::arrays() const
{
    LayoutArrays view;
    view.groups = groups_;
    view.redundancy = redundancy_;
    view.holders = holders_.data();
    view.stacks = stacks_.data();
    view.initialMatch = initialMatch_.data();
    return view;
}

}  // namespace spare
