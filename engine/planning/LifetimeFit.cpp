#include "engine/planning/LifetimeFit.h"

#include "engine/base/InputError.h"
#include "engine/base/RunControl.h"
#include "engine/sim/ComputeJitter.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>
#include <numbers>

namespace spare {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Every family is a location-scale law of y = ln x: t = beta y - alpha is standard Gumbel (minimum) for
// Weibull (beta = k, alpha / beta = ln lambda) and exponential (beta = 1), standard normal for lognormal
// (beta = 1 / sigma, alpha / beta = mu). The log-likelihood is concave in (alpha, beta) because the
// standard densities, survivals and CDFs are log-concave, so Newton's method with a line search finds
// the unique maximum from any start.
enum class Standard { Gumbel, Normal };

// A log-likelihood term L(t) with its first two derivatives.
struct Term {
    double value, d1, d2;
};

const double kLogSqrt2Pi = 0.5 * std::log(2.0 * std::numbers::pi);

Term densityTerm(Standard law, double t)
{
    if (law == Standard::Normal)
        return {-0.5 * t * t - kLogSqrt2Pi, -t, -1.0};
    const double e = std::exp(t);
    return {t - e, 1.0 - e, -e};
}

Term survivalTerm(Standard law, double t)
{
    if (law == Standard::Normal) {
        const double m = normalMillsRatio(t);
        return {normalLogSurvival(t), -m, -m * (m - t)};
    }
    const double e = std::exp(t);
    return {-e, -e, -e};
}

Term cdfTerm(Standard law, double t)
{
    if (law == Standard::Normal) {
        const double m = normalMillsRatio(-t);
        return {normalLogSurvival(-t), m, -m * (m + t)};
    }
    const double y = std::exp(t);
    if (y > 700.0)
        return {std::log1p(-std::exp(-y)), 0.0, 0.0};
    const double h = y / std::expm1(y);  // d/dt ln(1 - exp(-e^t))
    return {std::log(-std::expm1(-y)), h, h * (1.0 - y - h)};
}

// The observations on the log scale, centred at the mean log exact gap for conditioning.
struct LogSample {
    std::vector<double> exact;
    std::size_t ties = 0;
    double tieY = 0.0;
    bool censored = false;
    double censoredY = 0.0;
    double centre = 0.0;
};

LogSample logSample(const LifetimeSample& sample)
{
    LogSample s;
    s.exact.reserve(sample.exactGapsS.size());
    double sum = 0.0;
    for (double gap : sample.exactGapsS) {
        s.exact.push_back(std::log(gap));
        sum += s.exact.back();
    }
    s.centre = s.exact.empty() ? std::log(sample.censoredGapS) : sum / static_cast<double>(s.exact.size());
    for (double& y : s.exact)
        y -= s.centre;
    s.ties = sample.zeroGaps;
    s.tieY = std::log(sample.resolutionS) - s.centre;
    s.censored = sample.censoredGapS > 0.0;
    s.censoredY = s.censored ? std::log(sample.censoredGapS) - s.centre : 0.0;
    return s;
}

// The log-likelihood in (alpha, beta) up to a constant, its gradient and Hessian.
struct Evaluation {
    double value = 0.0;
    double ga = 0.0, gb = 0.0;
    double haa = 0.0, hab = 0.0, hbb = 0.0;
};

Evaluation evaluate(const LogSample& s, Standard law, double alpha, double beta)
{
    Evaluation e;
    auto add = [&](const Term& term, double y, double weight) {
        e.value += weight * term.value;
        e.ga -= weight * term.d1;
        e.gb += weight * term.d1 * y;
        e.haa += weight * term.d2;
        e.hab -= weight * term.d2 * y;
        e.hbb += weight * term.d2 * y * y;
    };
    for (double y : s.exact)
        add(densityTerm(law, beta * y - alpha), y, 1.0);
    if (s.ties > 0)
        add(cdfTerm(law, beta * s.tieY - alpha), s.tieY, static_cast<double>(s.ties));
    if (s.censored)
        add(survivalTerm(law, beta * s.censoredY - alpha), s.censoredY, 1.0);
    const double m = static_cast<double>(s.exact.size());
    e.value += m * std::log(beta);
    e.gb += m / beta;
    e.hbb -= m / (beta * beta);
    return e;
}

struct Solution {
    double alpha = 0.0;
    double beta = 1.0;
    Evaluation at;
    bool converged = false;
};

// Damped Newton ascent on the concave log-likelihood; beta stays at its start when fixedBeta.
Solution maximise(const LogSample& s, Standard law, double alpha, double beta, bool fixedBeta,
                  const std::atomic<bool>* cancel)
{
    Solution out{alpha, beta, evaluate(s, law, alpha, beta), false};
    for (int iteration = 0; iteration < 200; ++iteration) {
        if (RunControl::raised(cancel))
            return out;
        const Evaluation& e = out.at;
        double da = 0.0, db = 0.0;
        if (fixedBeta) {
            da = e.haa < 0.0 ? -e.ga / e.haa : e.ga;
        } else {
            const double det = e.haa * e.hbb - e.hab * e.hab;
            if (e.haa < 0.0 && det > 0.0) {
                da = (-e.hbb * e.ga + e.hab * e.gb) / det;
                db = (e.hab * e.ga - e.haa * e.gb) / det;
            } else {  // not concave here numerically: steepest ascent, scaled by the curvature
                da = e.ga / std::max(std::abs(e.haa), 1.0);
                db = e.gb / std::max(std::abs(e.hbb), 1.0);
            }
        }
        const double decrement = e.ga * da + e.gb * db;  // about twice the gain still to come
        if (!(decrement > 1e-20)) {
            out.converged = std::isfinite(out.at.value);
            return out;
        }
        // Keep beta positive: at most a tenfold shrink per step.
        double step = 1.0;
        while (out.beta + step * db < 0.1 * out.beta)
            step *= 0.5;
        // In the quadratic region the full step is right; a value test there would only see rounding.
        const bool quadratic = decrement < 1e-6;
        for (int halving = 0; halving < 60; ++halving, step *= 0.5) {
            if (RunControl::raised(cancel))
                return out;
            const Evaluation next = evaluate(s, law, out.alpha + step * da, out.beta + step * db);
            if (std::isfinite(next.value) && (quadratic || next.value >= e.value + 1e-4 * step * decrement)) {
                out.alpha += step * da;
                out.beta += step * db;
                out.at = next;
                break;
            }
            if (halving == 59) {
                out.converged = decrement < 1e-10;
                return out;
            }
        }
    }
    return out;
}

// The maximum in (alpha, beta): for the exponential without ties its closed form, else Newton from the
// moments of the log gaps (ties at half a tick) matched to the standard law.
Solution fitLogLocationScale(const LogSample& s, const LifetimeSample& sample, LifetimeFamily family,
                             const std::atomic<bool>* cancel)
{
    const Standard law = family == LifetimeFamily::Lognormal ? Standard::Normal : Standard::Gumbel;
    if (family == LifetimeFamily::Exponential) {
        double exposure = sample.censoredGapS;
        for (double gap : sample.exactGapsS)
            exposure += gap;
        const double m = static_cast<double>(sample.exactGapsS.size());
        if (sample.zeroGaps == 0) {  // closed form: failures / exposure is the rate
            Solution closed{std::log(exposure / m) - s.centre, 1.0, {}, true};
            closed.at = evaluate(s, law, closed.alpha, 1.0);
            return closed;
        }
        const double z = static_cast<double>(sample.zeroGaps);
        const double start = (exposure + 0.5 * z * sample.resolutionS) / (m + z);
        return maximise(s, law, std::log(start) - s.centre, 1.0, true, cancel);
    }
    const double tieY = s.tieY - std::numbers::ln2;
    const double count = static_cast<double>(s.exact.size() + s.ties);  // at least 2: lifetimeSample needs 3 failures
    double sum = s.ties * tieY, squares = s.ties * tieY * tieY;
    for (double y : s.exact) {
        sum += y;
        squares += y * y;
    }
    const double mean = sum / count;
    const double variance = squares / count - mean * mean;
    const double sd = variance > 1e-12 ? std::sqrt(variance) : 1.0;
    // Gumbel (minimum): mean = location - gamma scale, sd = pi scale / sqrt 6.
    const double beta = law == Standard::Normal ? 1.0 / sd : std::numbers::pi / (sd * std::sqrt(6.0));
    const double location = law == Standard::Normal ? mean : mean + std::numbers::egamma / beta;
    return maximise(s, law, beta * location, beta, false, cancel);
}

// psi(x), x > 0: the recurrence psi(x) = psi(x + 1) - 1 / x up to x >= 6, then the asymptotic series.
double digamma(double x)
{
    double result = 0.0;
    while (x < 6.0) {
        result -= 1.0 / x;
        x += 1.0;
    }
    const double w = 1.0 / (x * x);
    return result + std::log(x) - 0.5 / x -
           w * (1.0 / 12 - w * (1.0 / 120 - w * (1.0 / 252 - w * (1.0 / 240 - w / 132))));
}

// A Wald interval for g(alpha, beta), computed on the scale of g and mapped back by `back`.
struct Covariance {
    double aa = kNaN, ab = kNaN, bb = kNaN;
};

template <class Back>
ParameterEstimate waldEstimate(std::string name, double g, double da, double db, const Covariance& c, double z,
                               Back back)
{
    const double variance = da * da * c.aa + 2.0 * da * db * c.ab + db * db * c.bb;
    const double half = variance >= 0.0 ? z * std::sqrt(variance) : kNaN;
    return {std::move(name), back(g), back(g - half), back(g + half)};
}

// Equal gaps: Weibull's shape grows and lognormal's sigma shrinks without bound, so only the exponential has
// a maximum. A censored tail longer than the gaps bounds the shape.
bool constantGaps(const LifetimeSample& sample)
{
    if (sample.zeroGaps > 0 || sample.exactGapsS.empty())
        return false;
    const double gap = sample.exactGapsS.front();
    return sample.censoredGapS <= gap &&
           std::all_of(sample.exactGapsS.begin(), sample.exactGapsS.end(), [gap](double g) { return g == gap; });
}

bool allFinite(const LifetimeFit& fit)
{
    const auto finite = [](const ParameterEstimate& e) {
        return std::isfinite(e.value) && std::isfinite(e.lower) && std::isfinite(e.upper);
    };
    return finite(fit.mtbf) && std::all_of(fit.parameters.begin(), fit.parameters.end(), finite) &&
           std::isfinite(fit.aic);
}

}  // namespace

double lifetimeLogLikelihood(const LifetimeSample& sample, const LifetimeDistribution& distribution)
{
    double value = 0.0;
    for (double gap : sample.exactGapsS)
        value += distribution.logPdf(gap);
    if (sample.zeroGaps > 0)
        value += static_cast<double>(sample.zeroGaps) * distribution.logCdf(sample.resolutionS);
    if (sample.censoredGapS > 0.0)
        value += distribution.logSurvival(sample.censoredGapS);
    return value;
}

LifetimeFit fitLifetime(const LifetimeSample& sample, LifetimeFamily family, double confidence,
                        const std::atomic<bool>* cancel)
{
    if (!(confidence > 0.0 && confidence < 1.0))
        throw InputError(fmt::format("confidence: {} is not a probability; it must be in (0, 1)", confidence));
    const LogSample s = logSample(sample);
    const Solution solution = fitLogLocationScale(s, sample, family, cancel);
    const double alpha = solution.alpha, beta = solution.beta;
    const Evaluation& e = solution.at;

    Covariance c;
    if (family == LifetimeFamily::Exponential) {
        if (e.haa < 0.0)
            c = {-1.0 / e.haa, 0.0, 0.0};
    } else {
        const double det = e.haa * e.hbb - e.hab * e.hab;
        if (e.haa < 0.0 && det > 0.0)
            c = {-e.hbb / det, e.hab / det, -e.haa / det};
    }
    const double z = normalQuantile(0.5 + 0.5 * confidence);
    auto fromLog = [](double v) { return std::exp(v); };
    auto identity = [](double v) { return v; };

    LifetimeFit fit;
    const double location = alpha / beta + s.centre;  // ln lambda or mu
    const double dLocation = -alpha / (beta * beta);  // d location / d beta
    switch (family) {
    case LifetimeFamily::Exponential:
        fit.distribution = LifetimeDistribution::exponential(std::exp(location));
        fit.parameters.push_back(waldEstimate("mean_s", location, 1.0, 0.0, c, z, fromLog));
        fit.mtbf = waldEstimate("mtbf_s", location, 1.0, 0.0, c, z, fromLog);
        break;
    case LifetimeFamily::Weibull: {
        fit.distribution = LifetimeDistribution::weibull(beta, std::exp(location));
        fit.parameters.push_back(waldEstimate("shape", std::log(beta), 0.0, 1.0 / beta, c, z, fromLog));
        fit.parameters.push_back(waldEstimate("scale_s", location, 1.0 / beta, dLocation, c, z, fromLog));
        const double inverse = 1.0 / beta;
        fit.mtbf = waldEstimate("mtbf_s", location + std::lgamma(1.0 + inverse), 1.0 / beta,
                                dLocation - digamma(1.0 + inverse) * inverse * inverse, c, z, fromLog);
        break;
    }
    case LifetimeFamily::Lognormal: {
        fit.distribution = LifetimeDistribution::lognormal(location, 1.0 / beta);
        fit.parameters.push_back(waldEstimate("mu", location, 1.0 / beta, dLocation, c, z, identity));
        fit.parameters.push_back(waldEstimate("sigma", -std::log(beta), 0.0, -1.0 / beta, c, z, fromLog));
        fit.mtbf = waldEstimate("mtbf_s", location + 0.5 / (beta * beta), 1.0 / beta,
                                dLocation - 1.0 / (beta * beta * beta), c, z, fromLog);
        break;
    }
    }
    fit.logLikelihood = lifetimeLogLikelihood(sample, fit.distribution);
    fit.aic = 2.0 * lifetimeFamilyParameterCount(family) - 2.0 * fit.logLikelihood;
    fit.observations = sample.observations();
    fit.confidence = confidence;
    fit.converged = solution.converged;
    if (family != LifetimeFamily::Exponential && constantGaps(sample)) {
        fit.converged = false;
        fit.problem = fmt::format("the {} gaps are all {:g} s, so the likelihood has no maximum (it grows without "
                                  "bound as the {})",
                                  sample.exactGapsS.size(), sample.exactGapsS.front(),
                                  family == LifetimeFamily::Weibull ? "shape grows" : "sigma shrinks");
    } else if (!solution.converged) {
        fit.problem = "the solver found no maximum of the likelihood";
    } else if (!allFinite(fit)) {
        fit.converged = false;
        fit.problem = "the fit's estimates or intervals are not finite numbers";
    }
    return fit;
}

}  // namespace spare
