#include "engine/analysis/IncompleteGamma.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace spare {

namespace {

constexpr double kTiny = 1e-300;
constexpr double kEpsilon = 1e-16;
constexpr int kMaxTerms = 100'000;

// log(x^a e^-x / Gamma(a)): the common factor of both tails.
double logPrefactor(double a, double x) { return a * std::log(x) - x - std::lgamma(a); }

// log P by the series x^a e^-x / Gamma(a + 1) * sum x^n / ((a + 1) .. (a + n)); converges fast for x < a + 1.
double logSeriesP(double a, double x)
{
    double term = 1.0 / a;
    double sum = term;
    for (int n = 1; n < kMaxTerms; ++n) {
        term *= x / (a + n);
        sum += term;
        if (term < sum * kEpsilon)
            break;
    }
    return logPrefactor(a, x) + std::log(sum);
}

// log Q by the continued fraction 1 / (x + 1 - a - 1 (1 - a) / (x + 3 - a - ...)) (modified Lentz).
double logContinuedFractionQ(double a, double x)
{
    double b = x + 1.0 - a;
    double c = 1.0 / kTiny;
    double d = 1.0 / b;
    double h = d;
    for (int i = 1; i < kMaxTerms; ++i) {
        const double an = -i * (i - a);
        b += 2.0;
        d = an * d + b;
        if (std::abs(d) < kTiny)
            d = kTiny;
        c = b + an / c;
        if (std::abs(c) < kTiny)
            c = kTiny;
        d = 1.0 / d;
        const double delta = d * c;
        h *= delta;
        if (std::abs(delta - 1.0) < kEpsilon)
            break;
    }
    return logPrefactor(a, x) + std::log(h);
}

}  // namespace

double logRegularizedGammaP(double a, double x)
{
    if (x <= 0.0)
        return -std::numeric_limits<double>::infinity();
    if (x < a + 1.0)
        return logSeriesP(a, x);
    return std::log1p(-std::exp(logContinuedFractionQ(a, x)));
}

double logRegularizedGammaQ(double a, double x)
{
    if (x <= 0.0)
        return 0.0;
    if (x < a + 1.0)
        return std::log1p(-std::exp(logSeriesP(a, x)));
    return logContinuedFractionQ(a, x);
}

double gammaQuantileOfExponential(double a, double e)
{
    if (!(e > 0.0))
        return 0.0;
    if (std::isinf(e))
        return std::numeric_limits<double>::infinity();
    // Solve in the tail that holds the digits: log Q = -e in the upper half, log P = log(1 - e^-e) below.
    const bool upper = e > std::log(2.0);
    const double target = upper ? -e : std::log(-std::expm1(-e));
    // g(y) = log P(a, e^y) - target increases with y (log Q decreases: its sign is flipped).
    const auto g = [&](double y) {
        const double x = std::exp(y);
        return upper ? target - logRegularizedGammaQ(a, x) : logRegularizedGammaP(a, x) - target;
    };
    // Start from the small-x form P ~ x^a / Gamma(a + 1), or from x ~ a + e in the upper tail.
    double y = upper ? std::log(a + e) : (target + std::lgamma(a + 1.0)) / a;
    double lo = -std::numeric_limits<double>::infinity();
    double hi = std::numeric_limits<double>::infinity();
    for (int i = 0; i < 200; ++i) {
        const double value = g(y);
        if (value == 0.0)
            break;
        (value < 0.0 ? lo : hi) = y;
        // Newton on y: d log P / dy = x f(x) / P, d(-log Q) / dy = x f(x) / Q, f the Gamma(a) density.
        const double x = std::exp(y);
        const double logDensityTimesX = logPrefactor(a, x);
        const double logTail = upper ? logRegularizedGammaQ(a, x) : logRegularizedGammaP(a, x);
        const double slope = std::exp(logDensityTimesX - logTail);
        double next = y - value / slope;
        if (!std::isfinite(next) || next <= lo || next >= hi) {
            if (std::isfinite(lo) && std::isfinite(hi))
                next = 0.5 * (lo + hi);
            else
                next = std::isfinite(lo) ? lo + 1.0 : hi - 1.0;
        }
        if (std::abs(next - y) < 1e-14 * std::max(1.0, std::abs(y)))
            return std::exp(next);
        y = next;
    }
    return std::exp(y);
}

}  // namespace spare
