#include "engine/planning/LifetimeDistribution.h"

#include "engine/sim/ComputeJitter.h"

#include <cmath>
#include <limits>
#include <numbers>

namespace spare {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
const double kLogSqrt2Pi = 0.5 * std::log(2.0 * std::numbers::pi);

// Beyond this z, 1 - Phi(z) comes from its asymptotic series phi(z)/z (1 - 1/z^2 + 3/z^4 - ...).
constexpr double kNormalTailZ = 35.0;

double normalTailSeries(double z)
{
    const double w = 1.0 / (z * z);
    return 1.0 - w * (1.0 - w * (3.0 - w * (15.0 - w * 105.0)));
}

// The standardised variable of a distribution at x > 0: Weibull/exponential t = k (ln x - ln lambda),
// so that ln S = -e^t; lognormal z = (ln x - mu) / sigma.
double standardised(const LifetimeDistribution& d, double x)
{
    switch (d.family) {
    case LifetimeFamily::Exponential: return std::log(x / d.a);
    case LifetimeFamily::Weibull: return d.a * std::log(x / d.b);
    case LifetimeFamily::Lognormal: return (std::log(x) - d.a) / d.b;
    }
    return 0.0;
}

}  // namespace

const char* lifetimeFamilyName(LifetimeFamily family)
{
    switch (family) {
    case LifetimeFamily::Exponential: return "exponential";
    case LifetimeFamily::Weibull: return "weibull";
    case LifetimeFamily::Lognormal: return "lognormal";
    }
    return "";
}

std::optional<LifetimeFamily> parseLifetimeFamily(std::string_view name)
{
    for (LifetimeFamily family : allLifetimeFamilies)
        if (name == lifetimeFamilyName(family))
            return family;
    return std::nullopt;
}

const char* lifetimeFamilyNames()
{
    return "exponential | weibull | lognormal";
}

int lifetimeFamilyParameterCount(LifetimeFamily family)
{
    return family == LifetimeFamily::Exponential ? 1 : 2;
}

double normalLogSurvival(double z)
{
    if (z < kNormalTailZ)
        return std::log(0.5 * std::erfc(z / std::numbers::sqrt2));
    return -0.5 * z * z - kLogSqrt2Pi - std::log(z) + std::log(normalTailSeries(z));
}

double normalMillsRatio(double z)
{
    if (z < kNormalTailZ)
        return std::exp(-0.5 * z * z - kLogSqrt2Pi) / (0.5 * std::erfc(z / std::numbers::sqrt2));
    return z / normalTailSeries(z);
}

LifetimeDistribution LifetimeDistribution::exponential(double meanS)
{
    return {LifetimeFamily::Exponential, meanS, 0.0};
}
LifetimeDistribution LifetimeDistribution::weibull(double shape, double scaleS)
{
    return {LifetimeFamily::Weibull, shape, scaleS};
}
LifetimeDistribution LifetimeDistribution::lognormal(double mu, double sigma)
{
    return {LifetimeFamily::Lognormal, mu, sigma};
}

double LifetimeDistribution::logSurvival(double x) const
{
    if (x <= 0.0)
        return 0.0;
    const double t = standardised(*this, x);
    return family == LifetimeFamily::Lognormal ? normalLogSurvival(t) : -std::exp(t);
}

double LifetimeDistribution::logCdf(double x) const
{
    if (x <= 0.0)
        return -kInf;
    const double t = standardised(*this, x);
    return family == LifetimeFamily::Lognormal ? normalLogSurvival(-t) : std::log(-std::expm1(-std::exp(t)));
}

double LifetimeDistribution::survival(double x) const
{
    return std::exp(logSurvival(x));
}
double LifetimeDistribution::cdf(double x) const
{
    return std::exp(logCdf(x));
}

double LifetimeDistribution::logPdf(double x) const
{
    if (x <= 0.0)
        return -kInf;
    const double t = standardised(*this, x);
    switch (family) {
    case LifetimeFamily::Exponential: return -std::log(a) - x / a;
    case LifetimeFamily::Weibull: return std::log(a / x) + t - std::exp(t);
    case LifetimeFamily::Lognormal: return -std::log(x * b) - kLogSqrt2Pi - 0.5 * t * t;
    }
    return 0.0;
}

double LifetimeDistribution::pdf(double x) const
{
    return std::exp(logPdf(x));
}
double LifetimeDistribution::hazard(double x) const
{
    return std::exp(logPdf(x) - logSurvival(x));
}

double LifetimeDistribution::quantile(double p) const
{
    if (p <= 0.0)
        return 0.0;
    if (p >= 1.0)
        return kInf;
    switch (family) {
    case LifetimeFamily::Exponential: return -a * std::log1p(-p);
    case LifetimeFamily::Weibull: return b * std::pow(-std::log1p(-p), 1.0 / a);
    case LifetimeFamily::Lognormal: return std::exp(a + b * normalQuantile(p));
    }
    return 0.0;
}

double LifetimeDistribution::sample(double u) const
{
    switch (family) {
    case LifetimeFamily::Exponential: return -a * std::log(u);
    case LifetimeFamily::Weibull: return b * std::pow(-std::log(u), 1.0 / a);
    case LifetimeFamily::Lognormal: return u >= 1.0 ? 0.0 : std::exp(a - b * normalQuantile(u));
    }
    return 0.0;
}

double LifetimeDistribution::mean() const
{
    switch (family) {
    case LifetimeFamily::Exponential: return a;
    case LifetimeFamily::Weibull: return b * std::exp(std::lgamma(1.0 + 1.0 / a));
    case LifetimeFamily::Lognormal: return std::exp(a + 0.5 * b * b);
    }
    return 0.0;
}

}  // namespace spare
