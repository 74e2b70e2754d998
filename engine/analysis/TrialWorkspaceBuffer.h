#pragma once

#include "engine/analysis/TrialKernel.h"

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
        view_ = TrialWorkspace<Index>::carve(indices_.data(), stamps_.data(), static_cast<std::uint64_t>(groups), 1);
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
