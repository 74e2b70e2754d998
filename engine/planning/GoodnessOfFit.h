#pragma once

#include "engine/planning/LifetimeFit.h"

#include "engine/base/RunControl.h"

#include <cstddef>
#include <cstdint>

namespace spare {

// Kolmogorov-Smirnov and Anderson-Darling statistics of the uncensored gaps against a distribution.
// A tied (zero) gap, known only to lie in (0, resolution], enters at probability F(resolution) / 2.
double ksStatistic(const LifetimeSample& sample, const LifetimeDistribution& distribution);
double adStatistic(const LifetimeSample& sample, const LifetimeDistribution& distribution);

struct GoodnessOfFitOptions {
    int bootstrapSamples = 200;  // 0: statistics only, p-values NaN
    // A sample with more gaps is bootstrapped on a random subsample of this many gaps, refitted: the
    // p-values keep their level (they test that subsample) at a cost that does not grow with the log.
    std::size_t maxBootstrapGaps = 20'000;
    std::uint64_t seed = 1;
    // Progress: replications, from the calling thread. A cancel stops within one replication's solver
    // step; the result is then marked cancelled and its figures are not to be used.
    RunControl control;
};

struct GoodnessOfFit {
    double ks = 0.0;
    double ad = 0.0;
    // Parametric bootstrap: p = (1 + #{T* >= T}) / (B + 1), with samples drawn from the fit,
    // discretised to the log's resolution and censored as the log, then refitted.
    double ksPValue = 0.0;
    double adPValue = 0.0;
    int bootstrapSamples = 0;
    std::size_t bootstrapGaps = 0;  // the gaps the p-values tested: all of them, or the subsample
    bool cancelled = false;
};

GoodnessOfFit goodnessOfFit(const LifetimeSample& sample, const LifetimeFit& fit, const GoodnessOfFitOptions& options);

}  // namespace spare
