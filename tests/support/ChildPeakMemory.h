#pragma once

#include <cstdint>
#include <functional>

namespace spare {

// Runs `work` in a forked child process and returns the child's peak resident set size in bytes
// (ru_maxrss), or 0 when it cannot be measured. The child starts as a copy of the caller, so the
// difference between two such measurements is what the work itself added at its peak.
std::uint64_t childPeakMemoryBytes(const std::function<void()>& work);

}  // namespace spare
