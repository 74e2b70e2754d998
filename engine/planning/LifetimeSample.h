#pragma once

#include "engine/planning/FailureLog.h"

#include <cstddef>
#include <vector>

namespace spare {

// The observations a failure log gives for fitting a lifetime model: the gaps between consecutive
// failures (n failures, n - 1 gaps) and the gap from the last failure to the window's end, right-censored.
// A zero gap (two failures in one tick) is interval-censored in (0, resolutionS].
struct LifetimeSample {
    std::vector<double> exactGapsS;  // positive gaps, in log order
    std::size_t zeroGaps = 0;        // ties: gaps below one tick
    double censoredGapS = 0.0;       // last failure to the window's end; 0: no censored observation
    double resolutionS = 1.0;

    std::size_t uncensored() const { return exactGapsS.size() + zeroGaps; }  // the gaps, n - 1
    std::size_t observations() const { return uncensored() + (censoredGapS > 0.0 ? 1 : 0); }
};

// Throws InputError when the window holds fewer than 3 failures, or when every gap is a tie and
// nothing is censored (no time scale to fit).
LifetimeSample lifetimeSample(const FailureLog& log);

}  // namespace spare
