#pragma once

namespace spare {

// The regularized incomplete gamma functions P(a, x) and Q(a, x) = 1 - P(a, x), in logs so that either
// tail keeps its digits (series for x < a + 1, Lentz's continued fraction above). a > 0, x >= 0.
double logRegularizedGammaP(double a, double x);
double logRegularizedGammaQ(double a, double x);

// The x with P(a, x) = 1 - exp(-e), for e > 0 (e = -log(1 - u) of a uniform u, as the failure clocks draw
// it): the quantile of a Gamma(a, 1) variable, accurate in both tails. 0 for e = 0, +inf for e = +inf.
double gammaQuantileOfExponential(double a, double e);

}  // namespace spare
