#pragma once

#include "engine/analysis/TrialKernel.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace spare {

class DomainBursts;
class FlatLayout;

// A device backend for the trial kernel. The engine has no CUDA; spare_cuda installs its backend here
// from a static initializer (its link options force that object in), so "is a CUDA backend linked" is
// installed() != nullptr and "is a device present" is unavailableReason().empty().
class MonteCarloAccelerator {
public:
    virtual ~MonteCarloAccelerator() = default;

    // Empty when a device is usable, else why not.
    virtual std::string unavailableReason() const = 0;
    virtual std::string deviceName() const = 0;
    // Trials [firstTrial, firstTrial + count) of `seed`, under `bursts` when not null; identical to the
    // CPU path, trial for trial.
    virtual void runTrials(const FlatLayout& layout, const DomainBursts* bursts, std::uint64_t seed,
                           std::uint64_t firstTrial, std::size_t count, bool wipeoutOnly, TrialOutcome* outcomes) = 0;
    // Set i is failedGroups[offsets[i] .. offsets[i+1]); capacities[i] = smallest S or -1 (wipe-out).
    virtual void whatIf(const FlatLayout& layout, const std::int32_t* failedGroups, const std::int64_t* offsets,
                        std::size_t sets, int* capacities) = 0;

    static void install(MonteCarloAccelerator* accelerator);
    static MonteCarloAccelerator* installed();
};

}  // namespace spare
