#include "engine/planning/FailureLogFits.h"

#include <algorithm>
#include <iterator>
#include <utility>

namespace spare {

FailureLogFits fitFailureLog(const FailureLog& log, const FitOptions& options)
{
    FailureLogFits out;
    out.sample = lifetimeSample(log);
    const std::size_t perFamily = static_cast<std::size_t>(std::max(0, options.bootstrapSamples));
    const std::size_t families = std::size(allLifetimeFamilies);
    for (std::size_t f = 0; f < families; ++f) {
        if (options.cancel && options.cancel->load()) {
            out.cancelled = true;
            return out;
        }
        FamilyFit entry;
        entry.fit = fitLifetime(out.sample, allLifetimeFamilies[f], options.confidence, options.cancel);
        if (options.cancel && options.cancel->load()) {
            out.cancelled = true;
            return out;
        }
        GoodnessOfFitOptions goodness;
        goodness.bootstrapSamples = options.bootstrapSamples;
        goodness.maxBootstrapGaps = options.maxBootstrapGaps;
        goodness.seed = options.seed;
        goodness.threads = options.threads;
        goodness.cancel = options.cancel;
        if (options.progress)
            goodness.progress = [&](std::size_t done, std::size_t) {
                options.progress(f * perFamily + done, families * perFamily);
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
    return out;
}

}  // namespace spare
