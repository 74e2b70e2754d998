#pragma once

#include <algorithm>

namespace spare {

// Sanitizer builds check memory, not values: the release run holds every value over all of a suite's
// random instances, the sanitizer run drives the same code over a share of them (tests/cli/state_at.sh
// does the same with its studio launches).
#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kUnderSanitizer = true;
#else
inline constexpr bool kUnderSanitizer = false;
#endif

// n in a release run; n / divisor (at least 1) under the sanitizers.
constexpr int sanitizerShare(int n, int divisor = 8)
{
    return kUnderSanitizer ? std::max(1, n / divisor) : n;
}

}  // namespace spare
