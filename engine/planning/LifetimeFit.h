#pragma once

#include "engine/planning/LifetimeDistribution.h"
#include "engine/planning/LifetimeSample.h"

#include <atomic>
#include <cstddef>
#include <string>
#include <vector>

namespace spare {

// A fitted quantity and its confidence interval.
struct ParameterEstimate {
    std::string name;
    double value = 0.0;
    double lower = 0.0;
    double upper = 0.0;
};

// A maximum-likelihood fit of one family to a LifetimeSample (right censoring and ties included).
struct LifetimeFit {
    LifetimeDistribution distribution;
    // exponential: mean_s; Weibull: shape, scale_s; lognormal: mu, sigma.
    std::vector<ParameterEstimate> parameters;
    ParameterEstimate mtbf;        // "mtbf_s": the distribution's mean
    double logLikelihood = 0.0;
    double aic = 0.0;              // 2 p - 2 logLikelihood
    std::size_t observations = 0;  // gaps, tied gaps and the censored tail
    double confidence = 0.95;      // of every interval
    bool converged = false;        // false: the likelihood has no interior maximum or the solver stopped
    std::string problem;           // why it did not converge (empty when it did)
};

// Equal gaps (no ties, the censored tail no longer than a gap) give Weibull and lognormal no maximum: their
// fits come back not converged, with a problem that says so. When *cancel turns true the solver stops
// and the fit is not converged. Throws InputError when confidence is not in (0, 1).
LifetimeFit fitLifetime(const LifetimeSample& sample, LifetimeFamily family, double confidence = 0.95,
                        const std::atomic<bool>* cancel = nullptr);

// The log-likelihood of a sample under a distribution, with the censoring and tie rules of the fit.
double lifetimeLogLikelihood(const LifetimeSample& sample, const LifetimeDistribution& distribution);

}  // namespace spare
