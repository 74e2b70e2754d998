#pragma once

#include "engine/analysis/DomainBursts.h"
#include "engine/base/RunControl.h"
#include "engine/analysis/TrialKernel.h"
#include "engine/layout/Layout.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace spare {

// Where trials run. Auto = CUDA when a backend is linked and a device is present, else the CPU.
enum class Device { Auto, Cpu, Cuda };

struct MonteCarloOptions {
    std::uint64_t trials = 10'000;
    std::uint64_t seed = 1;
    Device device = Device::Auto;
    // Only K (mu and its histogram): the wipe-out loop alone, the floor the exact kernel is measured
    // against. S_bar and its lower bound are then NaN.
    bool wipeoutOnly = false;
    // Domain bursts: each failure event is, with their share, a whole domain failing at once. Unset or
    // share 0: the plain failure order, bit for bit.
    std::optional<DomainBursts> bursts;
    // Threads: run() works in a task arena of that many (CPU). Progress: trials done so far, after each
    // chunk of trials (from the calling thread). A cancel stops run() after the chunk in progress; it
    // returns the trials done so far.
    RunControl control;
};

struct ConfidenceInterval {
    double low = 0.0;
    double high = 0.0;
};

struct MonteCarloResult {
    double mu = 0.0;  // mean failures endured before the wipe-out, K (failed groups, with bursts)
    ConfidenceInterval muCi95;
    double burstsEndured = 0.0;  // mean domain bursts endured before the wipe-out (0 without bursts)
    ConfidenceInterval burstsEnduredCi95;
    double sbar = 0.0;  // pooled mean of S*(k) over all endured states (NaN when no trial endured one)
    ConfidenceInterval sbarCi95;
    double sbarLowerBound = 0.0;  // pooled mean of c(k) = ceil(N / (N - k)), same pooling
    ConfidenceInterval sbarLowerBoundCi95;
    std::uint64_t trials = 0;
    std::uint64_t seed = 0;
    Device device = Device::Cpu;  // the device that ran (never Auto)
    std::string deviceName;
    std::vector<std::uint64_t> failuresHistogram;  // [K] = trials that endured exactly K failures
};

struct WhatIfResult {
    int capacity = 0;  // smallest feasible S, -1 on wipe-out
    bool wipedOut = false;
};

// The Monte-Carlo of SPARe failure orders (docs/method.md, sections 2, 3, 6): uniformly random failure
// orders (or, with domain bursts, events of one group or a whole domain; docs/simulator-model.md), K
// failures endured before the first wipe-out, and the exact smallest S after each failure. Results
// depend only on (layout, bursts, trials, seed): not on the thread count nor on CPU vs CUDA.
class MonteCarlo {
public:
    // Throws InputError when trials is 0, CUDA is requested but unusable, or the bursts are for another
    // number of groups.
    static MonteCarloResult run(const Layout& layout, const MonteCarloOptions& options);
    // The raw outcomes of trials [firstTrial, firstTrial + count), under `bursts` when given.
    static std::vector<TrialOutcome> trialOutcomes(const Layout& layout, std::uint64_t seed, std::uint64_t firstTrial,
                                                   std::size_t count, Device device,
                                                   const DomainBursts* bursts = nullptr);
    // For each failure set (group ids; repeats count once), the smallest feasible S or the wipe-out.
    // Throws InputError naming the set and the id when an id is out of range.
    static std::vector<WhatIfResult> whatIf(const Layout& layout, const std::vector<std::vector<int>>& failureSets,
                                            Device device);

    // Auto -> Cuda or Cpu; Cuda without a usable device -> InputError saying why.
    static Device resolve(Device requested);
    // Empty when a CUDA backend is linked and a device is present, else why not.
    static std::string cudaUnavailableReason();
    static const char* name(Device device);
};

}  // namespace spare
