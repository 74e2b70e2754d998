#pragma once

#include <optional>
#include <string_view>

namespace spare {

// The lifetime models fitted to the gaps between failures of a log.
enum class LifetimeFamily { Exponential, Weibull, Lognormal };

inline constexpr LifetimeFamily allLifetimeFamilies[] = {LifetimeFamily::Exponential, LifetimeFamily::Weibull,
                                                         LifetimeFamily::Lognormal};

const char* lifetimeFamilyName(LifetimeFamily family);  // "exponential", "weibull", "lognormal"
std::optional<LifetimeFamily> parseLifetimeFamily(std::string_view name);
const char* lifetimeFamilyNames();                      // "exponential | weibull | lognormal"
int lifetimeFamilyParameterCount(LifetimeFamily family); // 1, 2, 2

// One lifetime distribution on (0, inf). Parameters by family:
//   exponential: a = mean (s), b unused;
//   Weibull:     a = shape k, b = scale lambda (s);
//   lognormal:   a = mu, b = sigma (of ln x, x in s).
struct LifetimeDistribution {
    LifetimeFamily family = LifetimeFamily::Exponential;
    double a = 1.0;
    double b = 0.0;

    static LifetimeDistribution exponential(double meanS);
    static LifetimeDistribution weibull(double shape, double scaleS);
    static LifetimeDistribution lognormal(double mu, double sigma);

    double cdf(double x) const;
    double survival(double x) const;
    double logCdf(double x) const;       // accurate far into both tails
    double logSurvival(double x) const;
    double pdf(double x) const;
    double logPdf(double x) const;
    double hazard(double x) const;
    double quantile(double p) const;     // p in [0, 1]
    double mean() const;
    // The lifetime whose survival is u, u in (0, 1]: a draw when u is uniform.
    double sample(double u) const;
};

// Standard normal helpers, accurate in the far tails (the quantile is sim/ComputeJitter's
// normalQuantile): ln(1 - Phi(z)) and the inverse Mills ratio phi(z) / (1 - Phi(z)).
double normalLogSurvival(double z);
double normalMillsRatio(double z);

}  // namespace spare
