#include "engine/sim/ComputeJitter.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace spare {

double normalQuantile(double p)
{
    static constexpr double a[] = {-3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
                                   1.383577518672690e+02, -3.066479806614716e+01, 2.506628277459239e+00};
    static constexpr double b[] = {-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
                                   6.680131188771972e+01, -1.328068155288572e+01};
    static constexpr double c[] = {-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
                                   -2.549732539343734e+00, 4.374664141464968e+00, 2.938163982698783e+00};
    static constexpr double d[] = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
                                   3.754408661907416e+00};
    constexpr double low = 0.02425;
    double x = 0.0;
    if (p < low) {
        const double q = std::sqrt(-2.0 * std::log(p));
        x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
            ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1.0);
    } else if (p <= 1.0 - low) {
        const double q = p - 0.5;
        const double rr = q * q;
        x = (((((a[0] * rr + a[1]) * rr + a[2]) * rr + a[3]) * rr + a[4]) * rr + a[5]) * q /
            (((((b[0] * rr + b[1]) * rr + b[2]) * rr + b[3]) * rr + b[4]) * rr + 1.0);
    } else {
        const double q = std::sqrt(-2.0 * std::log1p(-p));
        x = -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
            ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1.0);
    }
    // One Halley step on Phi(x) - p.
    const double e = 0.5 * std::erfc(-x / std::sqrt(2.0)) - p;
    const double u = e * std::sqrt(2.0 * std::numbers::pi) * std::exp(0.5 * x * x);
    return x - u / (1.0 + 0.5 * x * u);
}

ComputeJitter::ComputeJitter(double sd, double minFactor, std::uint64_t seed)
    : sd_(sd),
      minFactor_(minFactor),
      clipNegligible_(sd <= 0.0 || (1.0 - minFactor) >= 8.0 * sd),
      stream_(seed, StreamPurpose::Jitter)
{
}

double ComputeJitter::barrierFactor(int groups, int pieces)
{
    if (groups <= 0 || pieces <= 0)
        return 0.0;
    if (sd_ <= 0.0)
        return std::max(minFactor_, 1.0) * pieces;
    if (clipNegligible_) {
        // Largest of n standard normals: Phi^-1(U^(1/n)) = -Phi^-1(1 - U^(1/n)), the tail computed
        // without cancellation.
        const double u = stream_.uniformOpenZero();
        const double tail = std::max(-std::expm1(std::log(u) / groups), std::numeric_limits<double>::min());
        return pieces + sd_ * std::sqrt(static_cast<double>(pieces)) * -normalQuantile(tail);
    }
    double largest = 0.0;
    for (int g = 0; g < groups; ++g) {
        double sum = 0.0;
        for (int p = 0; p < pieces; ++p)
            sum += std::max(minFactor_, 1.0 + sd_ * normalQuantile(stream_.uniformOpenZero() * (1.0 - 0x1.0p-53)));
        largest = std::max(largest, sum);
    }
    return largest;
}

}  // namespace spare
