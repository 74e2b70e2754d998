#pragma once

#include <cstdint>
#include <functional>

namespace spare {

// The peaks of a forked child that ran `work`, in bytes (0 when they cannot be measured): resident set
// (ru_maxrss) and address space (VmPeak). The child starts as a copy of the caller, so the difference
// between two such measurements is what the work itself added at its peak.
struct ChildPeakMemory {
    std::uint64_t residentBytes = 0;
    std::uint64_t addressSpaceBytes = 0;
};
ChildPeakMemory childPeakMemory(const std::function<void()>& work);

}  // namespace spare
