#include "engine/analysis/ClosedForms.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace spare {

namespace {

// Gauss-Legendre nodes and weights on [-1, 1] (Newton on the Legendre recurrence).
struct GaussLegendreRule {
    std::vector<long double> nodes;
    std::vector<long double> weights;
};

const GaussLegendreRule& gaussLegendre16()
{
    static const GaussLegendreRule rule = [] {
        constexpr int n = 16;
        const long double pi = std::acos(-1.0L);
        GaussLegendreRule g;
        for (int i = 1; i <= n; ++i) {
            long double x = std::cos(pi * (i - 0.25L) / (n + 0.5L));
            long double derivative = 0.0L;
            for (int iteration = 0; iteration < 100; ++iteration) {
                long double p0 = 1.0L;
                long double p1 = x;
                for (int k = 2; k <= n; ++k) {
                    const long double p2 = ((2 * k - 1) * x * p1 - (k - 1) * p0) / k;
                    p0 = p1;
                    p1 = p2;
                }
                derivative = n * (x * p1 - p0) / (x * x - 1.0L);
                const long double step = p1 / derivative;
                x -= step;
                if (std::fabs(step) < 1e-19L)
                    break;
            }
            g.nodes.push_back(x);
            g.weights.push_back(2.0L / ((1.0L - x * x) * derivative * derivative));
        }
        return g;
    }();
    return rule;
}

template <class F>
long double gaussLegendre(const F& f, long double a, long double b)
{
    const auto& g = gaussLegendre16();
    const long double half = (b - a) / 2.0L;
    const long double mid = (a + b) / 2.0L;
    long double sum = 0.0L;
    for (size_t i = 0; i < g.nodes.size(); ++i)
        sum += g.weights[i] * f(mid + half * g.nodes[i]);
    return sum * half;
}

// Adaptive bisection until a panel agrees with its two halves to `tolerancePerUnit` x its width, or to the
// relative rounding noise `relativeNoise` of the integrand's evaluation.
template <class F>
long double integrateAdaptive(const F& f, long double a, long double b, long double whole, long double tolerancePerUnit,
                              long double relativeNoise, int depth)
{
    const long double mid = (a + b) / 2.0L;
    const long double left = gaussLegendre(f, a, mid);
    const long double right = gaussLegendre(f, mid, b);
    const long double refined = left + right;
    if (depth == 0 || std::fabs(refined - whole) <= tolerancePerUnit * (b - a) + relativeNoise * std::fabs(refined))
        return refined;
    return integrateAdaptive(f, a, mid, left, tolerancePerUnit, relativeNoise, depth - 1) +
           integrateAdaptive(f, mid, b, right, tolerancePerUnit, relativeNoise, depth - 1);
}

// For a random failure order, E[T] = (N + 1) * integral_0^1 Q(p) dp, where Q(p) is the probability that
// no wipe-out exists when each group has failed independently with probability p: Q(p) = sum_k
// C(N,k) p^k (1-p)^(N-k) P_k, and every Bernstein polynomial integrates to 1/(N+1). Q is a polynomial
// of degree N with positive, stable evaluation, so the integral converges to rounding quickly.
template <class F>
long double expectedWipeOutIndex(int groups, const F& survival)
{
    // E[T] >= 1, so an absolute tolerance of 1e-13 / (N + 1) on the integral is <= 1e-13 relative. The
    // evaluation of Q runs through ~N positive recurrence steps, hence a relative noise floor of ~N eps.
    const long double tolerance = 1e-13L / static_cast<long double>(groups + 1);
    const long double noise = 64.0L * static_cast<long double>(groups) * std::numeric_limits<long double>::epsilon();
    const long double integral = integrateAdaptive(survival, 0.0L, 1.0L, gaussLegendre(survival, 0.0L, 1.0L),
                                                   tolerance, noise, 30);
    return static_cast<long double>(groups + 1) * integral;
}

// Q(p) for the consecutive layout: no r circularly consecutive failed groups among N. Split the circle at
// the run wrapping position 0 (length s < r, s + 1 placements); the rest starts and ends with a live group
// and its interior is a linear string without an r-run.
long double consecutiveSurvival(int groups, int redundancy, long double p)
{
    const int n = groups;
    const int r = redundancy;
    const long double q = 1.0L - p;
    // linear[i] = P(no r-run among i positions); window = sum_{j<r} p^j linear[i-1-j].
    std::vector<long double> linear(static_cast<size_t>(std::max(n - 1, 1)), 1.0L);
    const long double pr = std::pow(p, static_cast<long double>(r));
    long double window = 0.0L;  // linear[i] = 1 for i < r
    for (int j = 0; j < r; ++j)
        window += std::pow(p, static_cast<long double>(j));
    for (size_t i = static_cast<size_t>(r); i < linear.size(); ++i) {
        // window currently holds sum_{j<r} p^j linear[i-1-j].
        linear[i] = q * window;
        window = p * window + linear[i] - pr * linear[i - static_cast<size_t>(r)];
    }
    long double survival = 0.0L;
    long double ps = 1.0L;
    for (int s = 0; s < r; ++s, ps *= p) {
        if (n - s >= 2)
            survival += (s + 1) * ps * q * q * linear[static_cast<size_t>(n - s - 2)];
        else if (n - s == 1)
            survival += n * ps * q;
    }
    return survival;
}

}  // namespace

int coverLowerBound(int groups, int failed)
{
    const int alive = groups - failed;
    return (groups + alive - 1) / alive;
}

double muAsymptotic(int groups, int redundancy)
{
    const double r = redundancy;
    return std::tgamma(1.0 + 1.0 / r) * std::pow(static_cast<double>(groups), 1.0 - 1.0 / r);
}

std::optional<double> muExactConsecutive(int groups, int redundancy)
{
    if (groups < 2 || redundancy < 1 || redundancy > groups)
        return std::nullopt;
    if (redundancy == 1)
        return 0.0;
    const auto survival = [groups, redundancy](long double p) { return consecutiveSurvival(groups, redundancy, p); };
    const long double mu = expectedWipeOutIndex(groups, survival) - 1.0L;
    if (!std::isfinite(mu))
        return std::nullopt;
    return static_cast<double>(mu);
}

std::optional<double> muExactReplicaSets(int groups, int redundancy)
{
    if (groups < 2 || redundancy < 1 || redundancy > groups)
        return std::nullopt;
    const int fullSets = groups / redundancy;
    const int lastSet = groups % redundancy;
    // Q(p) = P(every set keeps a live group) = (1 - p^r)^(full sets) (1 - p^(last set size)).
    const auto survival = [fullSets, lastSet, redundancy](long double p) {
        long double q = std::pow(1.0L - std::pow(p, static_cast<long double>(redundancy)), static_cast<long double>(fullSets));
        if (lastSet > 0)
            q *= 1.0L - std::pow(p, static_cast<long double>(lastSet));
        return q;
    };
    const long double mu = expectedWipeOutIndex(groups, survival) - 1.0L;
    if (!std::isfinite(mu))
        return std::nullopt;
    return static_cast<double>(mu);
}

double sbarLowerBound(int groups, double mu)
{
    const long long floored = std::min<long long>(groups, static_cast<long long>(std::floor(std::max(mu, 0.0))));
    if (floored == 0)
        return 1.0;
    double sum = 0.0;
    for (long long k = 0; k < floored; ++k)
        sum += coverLowerBound(groups, static_cast<int>(k));
    return sum / static_cast<double>(floored);
}

double availability(double periodS, double checkpointWriteS, double restartS, double unmaskedMtbfS)
{
    // Free checkpoints (Ts = 0) cost no share of the period, even in the limit T -> 0.
    const double writeShare = checkpointWriteS == 0.0 ? 0.0 : checkpointWriteS / periodS;
    return (1.0 - writeShare) / (1.0 + (periodS / 2.0 + restartS) / unmaskedMtbfS);
}

double optimalCheckpointPeriod(double checkpointWriteS, double restartS, double unmaskedMtbfS)
{
    // sqrt(Ts) sqrt(Ts + 2 (M + Tr)) = sqrt(Ts^2 + 2 Ts (M + Tr)) without underflow for tiny Ts.
    const double ts = checkpointWriteS;
    return ts + std::sqrt(ts) * std::sqrt(ts + 2.0 * (unmaskedMtbfS + restartS));
}

double renewalOptimalCheckpointPeriod(double writeS, double interruptionMtbfS)
{
    // (1 - x) e^x = e^(-c), c = w / M: the left side falls from 1 to 0 on 0 < x < 1.
    const double target = std::exp(-writeS / interruptionMtbfS);
    double lo = 0.0;
    double hi = 1.0;
    for (int i = 0; i < 200 && hi - lo > 1e-16; ++i) {
        const double x = 0.5 * (lo + hi);
        ((1.0 - x) * std::exp(x) > target ? lo : hi) = x;
    }
    return 0.5 * (lo + hi) * interruptionMtbfS;
}

double renewalEttr(double periodS, double writeS, double restartS, double extraS, double interruptionMtbfS,
                   RenewalRestart rule)
{
    const double m = interruptionMtbfS;
    const double attempts = std::expm1((periodS + writeS) / m);
    const double perInterruption =
        rule == RenewalRestart::Fixed ? m + restartS + extraS : m * std::exp(restartS / m) + extraS;
    return periodS / (attempts * perInterruption);
}

double optimalAvailability(double checkpointWriteS, double restartS, double unmaskedMtbfS)
{
    return availability(optimalCheckpointPeriod(checkpointWriteS, restartS, unmaskedMtbfS), checkpointWriteS,
                        restartS, unmaskedMtbfS);
}

double tttRatio(double sbar, double mu, double systemMtbfS, double checkpointWriteS, double restartS)
{
    return sbar / optimalAvailability(checkpointWriteS, restartS, mu * systemMtbfS);
}

double tttRatioModel(int groups, int redundancy, double systemMtbfS, double checkpointWriteS, double restartS)
{
    const double mu = muAsymptotic(groups, redundancy);
    return tttRatio(sbarLowerBound(groups, mu), mu, systemMtbfS, checkpointWriteS, restartS);
}

std::optional<double> repTttRatioModel(int groups, int redundancy, double systemMtbfS, double checkpointWriteS,
                                       double restartS, double computeS, double allReduceS)
{
    if (redundancy < 2)
        return std::nullopt;
    const auto mu = muExactReplicaSets(groups, redundancy);
    if (!mu || *mu <= 0.0)
        return std::nullopt;
    const double stepStretch = (redundancy * computeS + allReduceS) / (computeS + allReduceS);
    return stepStretch / optimalAvailability(checkpointWriteS, restartS, *mu * systemMtbfS);
}

int repBestRedundancy(int groups, int maxRedundancy, double systemMtbfS, double checkpointWriteS, double restartS,
                      double computeS, double allReduceS)
{
    int best = 2;
    double bestRatio = std::numeric_limits<double>::infinity();
    for (int r = 2; r <= std::min(groups, maxRedundancy); ++r) {
        const auto ratio = repTttRatioModel(groups, r, systemMtbfS, checkpointWriteS, restartS, computeS, allReduceS);
        if (ratio && *ratio < bestRatio) {
            bestRatio = *ratio;
            best = r;
        }
    }
    return best;
}

int optimalRedundancy(int groups)
{
    return static_cast<int>(std::floor(std::log2(static_cast<double>(groups)) + 0.833));
}

namespace {
CheckpointSteps inSteps(double periodS, double stepS)
{
    CheckpointSteps steps;
    steps.exact = periodS / stepS;
    // Clamped before rounding: a period of more steps than an int holds (or NaN) stays defined.
    const double clamped = std::clamp(std::isnan(steps.exact) ? 1.0 : steps.exact, 1.0,
                                      static_cast<double>(std::numeric_limits<int>::max()));
    steps.rounded = static_cast<int>(std::lround(clamped));
    return steps;
}
}  // namespace

CheckpointSteps spareCheckpointSteps(int groups, int redundancy, double systemMtbfS, double checkpointWriteS,
                                     double restartS, double stepS)
{
    const double masked = std::min(muAsymptotic(groups, redundancy), groups / 2.0);
    return inSteps(optimalCheckpointPeriod(checkpointWriteS, restartS, masked * systemMtbfS), stepS);
}

std::optional<CheckpointSteps> repCheckpointSteps(int groups, int redundancy, double systemMtbfS,
                                                  double checkpointWriteS, double restartS, double stepS)
{
    const auto mu = muExactReplicaSets(groups, redundancy);
    if (!mu)
        return std::nullopt;
    return inSteps(optimalCheckpointPeriod(checkpointWriteS, restartS, *mu * systemMtbfS), stepS);
}

}  // namespace spare
