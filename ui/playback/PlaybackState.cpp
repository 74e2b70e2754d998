#include "ui/playback/PlaybackState.h"

namespace spare {

namespace {

// The layout's stack orders, groups x redundancy.
std::vector<int> layoutStacks(const Layout& layout)
{
    std::vector<int> stacks;
    stacks.reserve(static_cast<std::size_t>(layout.groups()) * static_cast<std::size_t>(layout.redundancy()));
    for (int g = 0; g < layout.groups(); ++g)
        stacks.insert(stacks.end(), layout.stack(g).begin(), layout.stack(g).end());
    return stacks;
}

}  // namespace

PlaybackState::PlaybackState(const Scenario& scenario, std::shared_ptr<const Layout> layout,
                             std::shared_ptr<const ClusterPlacement> placement)
    : layout_(std::move(layout)),
      placement_(std::move(placement)),
      hosts_(scenario.hosts ? std::make_shared<const HostPopulation>(scenario) : nullptr),
      groups_(layout_->groups()),
      redundancy_(layout_->redundancy()),
      gpusPerGroup_(scenario.gpusPerGroup),
      policy_(scenario.policy),
      replay_(scenario, groups_, redundancy_, layoutStacks(*layout_))
{
}

std::vector<int> PlaybackState::stack(int group) const
{
    auto first = snapshot().stacks.begin() + static_cast<std::ptrdiff_t>(group) * redundancy_;
    return {first, first + redundancy_};
}

}  // namespace spare
