#pragma once

#include "analysis/TrialKernel.h"

#include <cstdint>
#include <vector>

namespace spare {

// Host storage for one TrialWorkspace (stride 1): one per worker thread.
template <typename Index>
class TrialWorkspaceBuffer {
public:
    explicit TrialWorkspaceBuffer(int groups)
        : indices_(static_cast<std::size_t>(groups) * TrialWorkspace<Index>::kIndexArrays),
          stamps_(static_cast<std::size_t>(groups) * TrialWorkspace<Index>::kStampArrays)
    {
        const std::size_t n = static_cast<std::size_t>(groups);
        Index* base = indices_.data();
        view_.order = base;
        view_.liveHolders = base + n;
        view_.alive = base + 2 * n;
        view_.matchOf = base + 3 * n;
        view_.load = base + 4 * n;
        view_.from = base + 5 * n;
        view_.queue = base + 6 * n;
        view_.typeSeen = stamps_.data();
        view_.groupSeen = stamps_.data() + n;
        view_.stride = 1;
    }
    TrialWorkspaceBuffer(const TrialWorkspaceBuffer&) = delete;
    TrialWorkspaceBuffer& operator=(const TrialWorkspaceBuffer&) = delete;

    const TrialWorkspace<Index>& view() const { return view_; }

private:
    std::vector<Index> indices_;
    std::vector<std::uint32_t> stamps_;
    TrialWorkspace<Index> view_;
};

}  // namespace spare
