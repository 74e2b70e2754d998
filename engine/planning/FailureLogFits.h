#pragma once

#include "engine/planning/FailureLog.h"
#include "engine/planning/GoodnessOfFit.h"
#include "engine/planning/LifetimeFit.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

namespace spare {

struct FitOptions {
    double confidence = 0.95;
    int bootstrapSamples = 200;  // per family; 0: no p-values
    std::size_t maxBootstrapGaps = GoodnessOfFitOptions{}.maxBootstrapGaps;
    std::uint64_t seed = 1;
    int threads = 0;             // 0: all cores; results do not depend on it
    std::function<void(std::size_t done, std::size_t total)> progress;  // over all families
    const std::atomic<bool>* cancel = nullptr;
};

struct FamilyFit {
    LifetimeFit fit;
    GoodnessOfFit goodness;
    double deltaAic = 0.0;  // AIC minus the best fit's AIC
};

// Every family fitted to a log, ranked by AIC.
struct FailureLogFits {
    LifetimeSample sample;
    std::vector<FamilyFit> families;  // in allLifetimeFamilies order
    std::size_t best = 0;             // index of the lowest AIC among the converged fits
    bool cancelled = false;           // stopped by FitOptions::cancel: the families are incomplete

    const FamilyFit& bestFit() const { return families[best]; }
    const FamilyFit& of(LifetimeFamily family) const { return families[static_cast<std::size_t>(family)]; }
};

FailureLogFits fitFailureLog(const FailureLog& log, const FitOptions& options);

}  // namespace spare
