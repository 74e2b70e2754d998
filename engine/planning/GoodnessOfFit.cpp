#include "engine/planning/GoodnessOfFit.h"

#include "engine/analysis/Philox.h"
#include "engine/sim/RandomStream.h"

#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <tuple>
#include <utility>
#include <vector>

namespace spare {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// ln F and ln(1 - F) of one uncensored gap.
struct Probability {
    double logCdf, logSurvival;
};

// The uncensored gaps as probabilities under the distribution, ascending. A tie enters at F(r) / 2.
// Empty when *cancel turns true (checked every 2^16 gaps: a log of millions takes a second).
std::vector<Probability> probabilities(const LifetimeSample& sample, const LifetimeDistribution& distribution,
                                       const std::atomic<bool>* cancel = nullptr)
{
    std::vector<Probability> p;
    p.reserve(sample.uncensored());
    for (double gap : sample.exactGapsS) {
        if (p.size() % 65536 == 0 && RunControl::raised(cancel))
            return {};
        p.push_back({distribution.logCdf(gap), distribution.logSurvival(gap)});
    }
    if (sample.zeroGaps > 0) {
        const double tie = 0.5 * distribution.cdf(sample.resolutionS);
        p.insert(p.end(), sample.zeroGaps, Probability{std::log(tie), std::log1p(-tie)});
    }
    std::sort(p.begin(), p.end(), [](const Probability& x, const Probability& y) { return x.logCdf < y.logCdf; });
    return p;
}

double probability(const Probability& p)
{
    return p.logCdf < -std::numbers::ln2 ? std::exp(p.logCdf) : -std::expm1(p.logSurvival);
}

double ksOf(const std::vector<Probability>& p)
{
    const double n = static_cast<double>(p.size());
    double d = 0.0;
    for (std::size_t i = 0; i < p.size(); ++i) {
        const double u = probability(p[i]);
        d = std::max({d, static_cast<double>(i + 1) / n - u, u - static_cast<double>(i) / n});
    }
    return d;
}

double adOf(const std::vector<Probability>& p)
{
    const std::size_t n = p.size();
    double sum = 0.0;
    for (std::size_t i = 0; i < n; ++i)
        sum += static_cast<double>(2 * i + 1) * (p[i].logCdf + p[n - 1 - i].logSurvival);
    return -static_cast<double>(n) - sum / static_cast<double>(n);
}

// 53 random bits as a uniform in (0, 1].
double uniformOpenZero(PhiloxStream& stream)
{
    const std::uint64_t high = stream.next();
    const std::uint64_t low = stream.next() >> 11;
    return static_cast<double>((high << 21 | low) + 1) * 0x1.0p-53;
}

// A sample like `sample` drawn from `distribution`: as many gaps, failure times cut to the log's ticks
// (a random phase for the first), the same censored tail.
LifetimeSample bootstrapSample(const LifetimeSample& sample, const LifetimeDistribution& distribution,
                               PhiloxStream& stream)
{
    LifetimeSample out;
    out.resolutionS = sample.resolutionS;
    out.censoredGapS = sample.censoredGapS;
    out.exactGapsS.reserve(sample.uncensored());
    const double tick = sample.resolutionS;
    double phase = tick * (1.0 - uniformOpenZero(stream));  // time since the last tick boundary, [0, tick)
    for (std::size_t i = 0; i < sample.uncensored(); ++i) {
        const double total = phase + distribution.sample(uniformOpenZero(stream));
        const double ticks = std::floor(total / tick);
        phase = total - ticks * tick;
        if (ticks > 0.0)
            out.exactGapsS.push_back(ticks * tick);
        else
            ++out.zeroGaps;
    }
    return out;
}

// KS and AD of one bootstrap replication against its own refit.
std::pair<double, double> replicatedStatistics(const LifetimeSample& sample, const LifetimeFit& fit,
                                               PhiloxStream& stream, const std::atomic<bool>* cancel)
{
    const LifetimeSample replica = bootstrapSample(sample, fit.distribution, stream);
    if (replica.exactGapsS.empty() && replica.censoredGapS == 0.0) {  // nothing to fit: as extreme as can be
        constexpr double kInf = std::numeric_limits<double>::infinity();
        return {kInf, kInf};
    }
    const LifetimeDistribution refit =
        fitLifetime(replica, fit.distribution.family, fit.confidence, cancel).distribution;
    const std::vector<Probability> p = probabilities(replica, refit);
    return {ksOf(p), adOf(p)};
}

// m of the sample's gaps (ties included) drawn without replacement; no censored tail.
LifetimeSample subsample(const LifetimeSample& sample, std::size_t m, PhiloxStream& stream)
{
    std::vector<double> gaps(sample.exactGapsS);
    gaps.resize(sample.uncensored(), 0.0);
    for (std::size_t i = 0; i < m; ++i)
        std::swap(gaps[i], gaps[i + stream.uniform(static_cast<std::uint32_t>(gaps.size() - i))]);
    LifetimeSample out;
    out.resolutionS = sample.resolutionS;
    for (std::size_t i = 0; i < m; ++i) {
        if (gaps[i] > 0.0)
            out.exactGapsS.push_back(gaps[i]);
        else
            ++out.zeroGaps;
    }
    return out;
}

}  // namespace

double ksStatistic(const LifetimeSample& sample, const LifetimeDistribution& distribution)
{
    return ksOf(probabilities(sample, distribution));
}

double adStatistic(const LifetimeSample& sample, const LifetimeDistribution& distribution)
{
    return adOf(probabilities(sample, distribution));
}

GoodnessOfFit goodnessOfFit(const LifetimeSample& sample, const LifetimeFit& fit, const GoodnessOfFitOptions& options)
{
    GoodnessOfFit result;
    result.ksPValue = result.adPValue = kNaN;
    if (options.control.cancelled()) {
        result.cancelled = true;
        return result;
    }
    const std::vector<Probability> probabilitiesOfSample = probabilities(sample, fit.distribution, options.control.cancel);
    if (options.control.cancelled()) {
        result.cancelled = true;
        return result;
    }
    result.ks = ksOf(probabilitiesOfSample);
    result.ad = adOf(probabilitiesOfSample);
    const std::size_t total = static_cast<std::size_t>(std::max(0, options.bootstrapSamples));
    if (total == 0)
        return result;

    // Replication b draws from its own Philox stream b, so the values do not depend on the threads.
    const std::uint64_t key =
        splitmix64(options.seed ^ (0x626F6F74ull + static_cast<std::uint64_t>(fit.distribution.family)));  // "boot"
    const bool large = sample.uncensored() > std::max<std::size_t>(options.maxBootstrapGaps, 2);
    LifetimeSample tested;
    LifetimeFit testedFit;
    if (large) {
        PhiloxStream stream(key, total);  // after the replications' streams
        tested = subsample(sample, std::max<std::size_t>(options.maxBootstrapGaps, 2), stream);
        testedFit = fitLifetime(tested, fit.distribution.family, fit.confidence, options.control.cancel);
    }
    const LifetimeSample& base = large ? tested : sample;
    const LifetimeFit& baseFit = large ? testedFit : fit;
    const double ks0 = large ? ksStatistic(base, baseFit.distribution) : result.ks;
    const double ad0 = large ? adStatistic(base, baseFit.distribution) : result.ad;

    std::vector<double> ks(total), ad(total);
    const int threads = options.control.resolvedThreads();
    tbb::task_arena arena(threads);
    const auto stop = [&] { return options.control.cancelled(); };
    // Chunks pace the progress callback; each replication checks the cancel flag.
    const std::size_t chunk = std::max<std::size_t>(16, 4 * static_cast<std::size_t>(threads));
    for (std::size_t first = 0; first < total; first += chunk) {
        const std::size_t last = std::min(total, first + chunk);
        arena.execute([&] {
            tbb::parallel_for(first, last, [&](std::size_t b) {
                if (stop())
                    return;
                PhiloxStream stream(key, b);
                std::tie(ks[b], ad[b]) = replicatedStatistics(base, baseFit, stream, options.control.cancel);
            });
        });
        if (stop()) {
            result.cancelled = true;
            return result;
        }
        options.control.report(last, total);
    }
    auto pValue = [&](const std::vector<double>& replicated, double observed) {
        const auto atLeast =
            std::count_if(replicated.begin(), replicated.end(), [&](double t) { return t >= observed; });
        return static_cast<double>(1 + atLeast) / static_cast<double>(total + 1);
    };
    result.ksPValue = pValue(ks, ks0);
    result.adPValue = pValue(ad, ad0);
    result.bootstrapSamples = static_cast<int>(total);
    result.bootstrapGaps = base.uncensored();
    return result;
}

}  // namespace spare
