#include "engine/planning/FailureLogFits.h"

#include "engine/sim/ComputeJitter.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <utility>

namespace spare {

namespace {

InterruptionCount interruptionCount(const LifetimeSample& sample, double confidence)
{
    InterruptionCount count;
    count.observed = sample.uncensored();
    count.exposureS = sample.exposureS();
    const double z = normalQuantile(0.5 + 0.5 * confidence);
    const double k = static_cast<double>(count.observed);
    const auto cube = [](double v) { return v * v * v; };
    count.lower = k > 0.0 ? k * cube(std::max(0.0, 1.0 - 1.0 / (9.0 * k) - z / (3.0 * std::sqrt(k)))) : 0.0;
    count.upper = (k + 1.0) * cube(1.0 - 1.0 / (9.0 * (k + 1.0)) + z / (3.0 * std::sqrt(k + 1.0)));
    return count;
}

}  // namespace

FailureLogFits fitFailureLog(const FailureLog& log, const FitOptions& options)
{
    FailureLogFits out;
    out.interruptions = groupCoincidentFailures(log, options.coincidenceWindowS);
    out.sample = lifetimeSample(log, out.interruptions);
    out.count = interruptionCount(out.sample, options.confidence);
    const std::size_t perFamily = static_cast<std::size_t>(std::max(0, options.bootstrapSamples));
    const std::size_t families = std::size(allLifetimeFamilies);
    for (std::size_t f = 0; f < families; ++f) {
        if (options.control.cancelled()) {
            out.cancelled = true;
            return out;
        }
        FamilyFit entry;
        entry.fit = fitLifetime(out.sample, allLifetimeFamilies[f], options.confidence, options.control.cancel);
        if (options.control.cancelled()) {
            out.cancelled = true;
            return out;
        }
        entry.expectedCount = out.count.exposureS / entry.fit.mtbf.value;
        entry.countMatches = entry.fit.converged && entry.expectedCount >= out.count.lower &&
                             entry.expectedCount <= out.count.upper;
        GoodnessOfFitOptions goodness;
        goodness.bootstrapSamples = entry.fit.converged ? options.bootstrapSamples : 0;
        goodness.maxBootstrapGaps = options.maxBootstrapGaps;
        goodness.seed = options.seed;
        goodness.control = options.control;
        if (options.control.progress)
            goodness.control.progress = [&](std::size_t done, std::size_t) {
                options.control.progress(f * perFamily + done, families * perFamily);
            };
        entry.goodness = goodnessOfFit(out.sample, entry.fit, goodness);
        if (entry.goodness.cancelled) {
            out.cancelled = true;
            return out;
        }
        out.families.push_back(std::move(entry));
    }
    // A fit that did not converge ranks only when none did.
    auto rank = [&](std::size_t f) { return std::pair(!out.families[f].fit.converged, out.families[f].fit.aic); };
    for (std::size_t f = 1; f < families; ++f)
        if (rank(f) < rank(out.best))
            out.best = f;
    for (FamilyFit& entry : out.families)
        entry.deltaAic = entry.fit.aic - out.bestFit().fit.aic;
    if (!out.of(LifetimeFamily::Weibull).fit.converged && !out.of(LifetimeFamily::Lognormal).fit.converged &&
        out.bestFit().fit.converged)
        out.notes.push_back(fmt::format("Weibull and lognormal did not converge: {}; the {} fit is used",
                                        out.of(LifetimeFamily::Weibull).fit.problem,
                                        lifetimeFamilyName(out.bestFit().fit.distribution.family)));
    return out;
}

}  // namespace spare
