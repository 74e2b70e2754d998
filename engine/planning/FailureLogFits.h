#pragma once

#include "engine/planning/CoincidentFailures.h"
#include "engine/planning/FailureLog.h"
#include "engine/planning/GoodnessOfFit.h"
#include "engine/planning/LifetimeFit.h"

#include "engine/base/RunControl.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace spare {

struct FitOptions {
    double confidence = 0.95;
    double coincidenceWindowS = 0.0;  // failures this close to an interruption's first are one (0: same tick)
    int bootstrapSamples = 200;       // per family; 0: no p-values
    std::size_t maxBootstrapGaps = GoodnessOfFitOptions{}.maxBootstrapGaps;
    std::uint64_t seed = 1;
    RunControl control;               // progress: bootstrap samples over all families
};

struct FamilyFit {
    LifetimeFit fit;
    GoodnessOfFit goodness;
    double deltaAic = 0.0;       // AIC minus the best fit's AIC
    double expectedCount = 0.0;  // interruptions its mean predicts over the exposure (exposure / MTBF)
    bool countMatches = false;   // expectedCount within the observed count's interval
};

// The interruptions the log saw after its first, over the exposure (first interruption to the window's
// end), with the exact Poisson interval of that count (Wilson-Hilferty form of Garwood's chi-square bounds).
struct InterruptionCount {
    std::size_t observed = 0;
    double exposureS = 0.0;
    double lower = 0.0;
    double upper = 0.0;
};

// Every family fitted to a log's interruptions (coincident failures merged), ranked by AIC.
struct FailureLogFits {
    CoincidentFailures interruptions;
    LifetimeSample sample;
    InterruptionCount count;
    std::vector<FamilyFit> families;  // in allLifetimeFamilies order
    std::size_t best = 0;             // index of the lowest AIC among the converged fits
    std::vector<std::string> notes;   // what the ranking had to work around (constant gaps)
    bool cancelled = false;           // stopped by FitOptions::control.cancel: the families are incomplete

    const FamilyFit& bestFit() const { return families[best]; }
    const FamilyFit& of(LifetimeFamily family) const { return families[static_cast<std::size_t>(family)]; }
};

// Throws InputError for fewer than 3 interruptions or a coincidence window out of range.
FailureLogFits fitFailureLog(const FailureLog& log, const FitOptions& options);

}  // namespace spare
