#pragma once

#include "engine/planning/CoincidentFailures.h"
#include "engine/planning/FailureLog.h"

#include <cstddef>
#include <vector>

namespace spare {

// The observations a failure log gives for fitting a lifetime model: the gaps between consecutive
// interruptions (coincident failures count once: n interruptions, n - 1 gaps) and the gap from the last
// one to the window's end, right-censored. A zero gap (two events in one tick, as a bootstrap sample
// drawn at the log's resolution can have) is interval-censored in (0, resolutionS].
struct LifetimeSample {
    std::vector<double> exactGapsS;  // positive gaps, in log order
    std::size_t zeroGaps = 0;        // ties: gaps below one tick
    double censoredGapS = 0.0;       // last interruption to the window's end; 0: no censored observation
    double resolutionS = 1.0;

    std::size_t uncensored() const { return exactGapsS.size() + zeroGaps; }  // the gaps, n - 1
    std::size_t observations() const { return uncensored() + (censoredGapS > 0.0 ? 1 : 0); }
    double exposureS() const;  // the gaps and the censored tail: first interruption to the window's end
};

// Throws InputError when the window holds fewer than 3 interruptions (naming the failures and the
// interruptions they make).
LifetimeSample lifetimeSample(const FailureLog& log, const CoincidentFailures& interruptions);
LifetimeSample lifetimeSample(const FailureLog& log, double coincidenceWindowS = 0.0);

}  // namespace spare
