#include "engine/analysis/MonteCarlo.h"

#include "engine/analysis/FlatLayout.h"
#include "engine/analysis/MonteCarloAccelerator.h"
#include "engine/analysis/TrialWorkspaceBuffer.h"
#include "engine/base/InputError.h"

#include <fmt/core.h>
#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace spare {

namespace {

__extension__ typedef unsigned __int128 Wide;

// Exact integer sums over trials: the reduction does not depend on order, so neither do the results.
struct TrialSums {
    std::uint64_t trials = 0;
    Wide k = 0, kk = 0;
    Wide b = 0, bb = 0;
    Wide y = 0, yy = 0, ky = 0;
    Wide c = 0, cc = 0, kc = 0;
    std::vector<std::uint64_t> histogram;

    void add(const TrialOutcome& o)
    {
        const Wide kv = o.failuresEndured;
        const Wide yv = o.sumCapacity;
        const Wide cv = o.sumLowerBound;
        ++trials;
        k += kv;
        kk += kv * kv;
        b += o.burstsEndured;
        bb += static_cast<Wide>(o.burstsEndured) * o.burstsEndured;
        y += yv;
        yy += yv * yv;
        ky += kv * yv;
        c += cv;
        cc += cv * cv;
        kc += kv * cv;
        if (histogram.size() <= o.failuresEndured)
            histogram.resize(static_cast<std::size_t>(o.failuresEndured) + 1, 0);
        ++histogram[o.failuresEndured];
    }
};

constexpr long double kZ95 = 1.96L;

ConfidenceInterval around(long double centre, long double halfWidth)
{
    return {static_cast<double>(centre - halfWidth), static_cast<double>(centre + halfWidth)};
}

// Pooled ratio sum(v) / sum(K) with the delta-method 95% interval.
void pooledRatio(const TrialSums& s, Wide v, Wide vv, Wide kv, double& ratio, ConfidenceInterval& ci)
{
    if (s.k == 0) {
        ratio = std::numeric_limits<double>::quiet_NaN();
        ci = {ratio, ratio};
        return;
    }
    const long double t = static_cast<long double>(s.trials);
    const long double r = static_cast<long double>(v) / static_cast<long double>(s.k);
    long double half = 0.0L;
    if (s.trials > 1) {
        const long double residual = static_cast<long double>(vv) - 2.0L * r * static_cast<long double>(kv)
                                     + r * r * static_cast<long double>(s.kk);
        const long double variance = std::max(0.0L, residual / (t - 1.0L));
        const long double meanK = static_cast<long double>(s.k) / t;
        half = kZ95 * std::sqrt(variance / t) / meanK;
    }
    ratio = static_cast<double>(r);
    ci = around(r, half);
}

// Mean of a per-trial count from its sum and sum of squares, with the normal 95% interval.
void mean(const TrialSums& s, Wide sum, Wide squares, double& value, ConfidenceInterval& ci)
{
    const long double t = static_cast<long double>(s.trials);
    const long double m = static_cast<long double>(sum) / t;
    long double half = 0.0L;
    if (s.trials > 1) {
        // T * sum K^2 - (sum K)^2 is exact in 128 bits for T <= 1e9 and K <= 1e7.
        const Wide scaled = static_cast<Wide>(s.trials) * squares - sum * sum;
        const long double variance = static_cast<long double>(scaled) / (t * (t - 1.0L));
        half = kZ95 * std::sqrt(variance / t);
    }
    value = static_cast<double>(m);
    ci = around(m, half);
}

MonteCarloResult summarise(const TrialSums& s)
{
    MonteCarloResult result;
    result.trials = s.trials;
    mean(s, s.k, s.kk, result.mu, result.muCi95);
    mean(s, s.b, s.bb, result.burstsEndured, result.burstsEnduredCi95);
    pooledRatio(s, s.y, s.yy, s.ky, result.sbar, result.sbarCi95);
    pooledRatio(s, s.c, s.cc, s.kc, result.sbarLowerBound, result.sbarLowerBoundCi95);
    result.failuresHistogram = s.histogram;
    return result;
}

template <typename Index>
void runTrialsCpu(const FlatLayout& flat, const DomainBursts* bursts, std::uint64_t seed, std::uint64_t firstTrial,
                  std::size_t count, bool wipeoutOnly, TrialOutcome* outcomes)
{
    const LayoutArrays arrays = flat.arrays();
    const BurstArrays burstArrays = bursts ? bursts->arrays() : BurstArrays();
    tbb::enumerable_thread_specific<TrialWorkspaceBuffer<Index>> buffers(flat.groups());
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, count, 8), [&](const tbb::blocked_range<std::size_t>& range) {
        const TrialWorkspace<Index>& workspace = buffers.local().view();
        for (std::size_t i = range.begin(); i != range.end(); ++i)
            outcomes[i] = TrialKernel<Index>::runTrial(arrays, workspace, seed, firstTrial + i, wipeoutOnly,
                                                       burstArrays);
    });
}

template <typename Index>
void whatIfCpu(const FlatLayout& flat, const std::vector<std::int32_t>& ids, const std::vector<std::int64_t>& offsets,
               int* capacities)
{
    const LayoutArrays arrays = flat.arrays();
    const std::size_t sets = offsets.size() - 1;
    tbb::enumerable_thread_specific<TrialWorkspaceBuffer<Index>> buffers(flat.groups());
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, sets), [&](const tbb::blocked_range<std::size_t>& range) {
        const TrialWorkspace<Index>& workspace = buffers.local().view();
        for (std::size_t i = range.begin(); i != range.end(); ++i) {
            const std::int64_t begin = offsets[i];
            const int count = static_cast<int>(offsets[i + 1] - begin);
            capacities[i] = TrialKernel<Index>::whatIf(arrays, workspace, ids.data() + begin, count);
        }
    });
}

// Null when there are no bursts to draw (none given, or share 0: the plain order); throws InputError
// when they are for another number of groups.
const DomainBursts* activeBursts(const DomainBursts* bursts, const Layout& layout)
{
    if (bursts == nullptr)
        return nullptr;
    if (bursts->groups() != layout.groups())
        throw InputError(fmt::format("the burst domains cover {} groups, the layout has {}", bursts->groups(),
                                     layout.groups()));
    return DomainBursts::thresholdOf(bursts->share()) == 0 ? nullptr : bursts;
}

void runTrialsOn(Device device, const FlatLayout& flat, const DomainBursts* bursts, std::uint64_t seed,
                 std::uint64_t firstTrial, std::size_t count, bool wipeoutOnly, TrialOutcome* outcomes)
{
    if (device == Device::Cuda)
        MonteCarloAccelerator::installed()->runTrials(flat, bursts, seed, firstTrial, count, wipeoutOnly, outcomes);
    else if (flat.compactIndex())
        runTrialsCpu<std::uint16_t>(flat, bursts, seed, firstTrial, count, wipeoutOnly, outcomes);
    else
        runTrialsCpu<std::uint32_t>(flat, bursts, seed, firstTrial, count, wipeoutOnly, outcomes);
}

}  // namespace

const char* MonteCarlo::name(Device device)
{
    switch (device) {
    case Device::Auto: return "auto";
    case Device::Cpu: return "cpu";
    case Device::Cuda: return "cuda";
    }
    return "?";
}

std::string MonteCarlo::cudaUnavailableReason()
{
    MonteCarloAccelerator* accelerator = MonteCarloAccelerator::installed();
    if (accelerator == nullptr)
        return "this build has no CUDA backend (configured with SPARE_WITH_CUDA=OFF or without nvcc)";
    return accelerator->unavailableReason();
}

Device MonteCarlo::resolve(Device requested)
{
    if (requested == Device::Cpu)
        return Device::Cpu;
    const std::string why = cudaUnavailableReason();
    if (requested == Device::Auto)
        return why.empty() ? Device::Cuda : Device::Cpu;
    if (!why.empty())
        throw InputError(fmt::format("device cuda is not available: {}", why));
    return Device::Cuda;
}

std::vector<TrialOutcome> MonteCarlo::trialOutcomes(const Layout& layout, std::uint64_t seed, std::uint64_t firstTrial,
                                                    std::size_t count, Device device, const DomainBursts* bursts)
{
    const Device resolved = resolve(device);
    const DomainBursts* active = activeBursts(bursts, layout);
    const FlatLayout flat(layout);
    std::vector<TrialOutcome> outcomes(count);
    runTrialsOn(resolved, flat, active, seed, firstTrial, count, false, outcomes.data());
    return outcomes;
}

MonteCarloResult MonteCarlo::run(const Layout& layout, const MonteCarloOptions& options)
{
    if (options.trials == 0)
        throw InputError("trials 0 is out of range: allowed 1 .. 1000000000");
    const Device device = resolve(options.device);
    const DomainBursts* bursts = activeBursts(options.bursts ? &*options.bursts : nullptr, layout);
    const FlatLayout flat(layout);

    // Chunks bound the outcome buffer and pace progress and cancellation; the GPU wants large ones. A CPU
    // chunk holds about 2^26 group draws so that a stop request is honoured within seconds at any N.
    const std::uint64_t tenth = (options.trials + 9) / 10;
    const std::uint64_t cpuCap =
        std::clamp<std::uint64_t>((std::uint64_t{1} << 26) / static_cast<std::uint64_t>(std::max(1, flat.groups())),
                                  1u << 12, 1u << 20);
    const std::uint64_t chunk = device == Device::Cuda ? std::clamp<std::uint64_t>(tenth, 1u << 20, 1u << 22)
                                                       : std::clamp<std::uint64_t>(tenth, 1u << 12, cpuCap);
    std::vector<TrialOutcome> outcomes(static_cast<std::size_t>(std::min(chunk, options.trials)));
    TrialSums sums;
    tbb::task_arena arena(options.control.resolvedThreads());
    arena.execute([&] {
        for (std::uint64_t first = 0; first < options.trials; first += chunk) {
            const std::size_t count = static_cast<std::size_t>(std::min(chunk, options.trials - first));
            runTrialsOn(device, flat, bursts, options.seed, first, count, options.wipeoutOnly, outcomes.data());
            for (std::size_t i = 0; i < count; ++i)
                sums.add(outcomes[i]);
            options.control.report(static_cast<std::size_t>(first + count), static_cast<std::size_t>(options.trials));
            if (options.control.cancelled())
                break;
        }
    });

    MonteCarloResult result = summarise(sums);
    if (options.wipeoutOnly) {
        const double none = std::numeric_limits<double>::quiet_NaN();
        result.sbar = result.sbarLowerBound = none;
        result.sbarCi95 = result.sbarLowerBoundCi95 = {none, none};
    }
    result.seed = options.seed;
    result.device = device;
    result.deviceName = device == Device::Cuda ? MonteCarloAccelerator::installed()->deviceName() : "cpu (oneTBB)";
    return result;
}

std::vector<WhatIfResult> MonteCarlo::whatIf(const Layout& layout, const std::vector<std::vector<int>>& failureSets,
                                             Device device)
{
    const Device resolved = resolve(device);
    std::vector<std::int32_t> ids;
    std::vector<std::int64_t> offsets{0};
    offsets.reserve(failureSets.size() + 1);
    for (std::size_t i = 0; i < failureSets.size(); ++i) {
        for (const int g : failureSets[i]) {
            if (g < 0 || g >= layout.groups())
                throw InputError(fmt::format("failure set {}: group {} is out of range: allowed 0 .. {}", i, g,
                                             layout.groups() - 1));
            ids.push_back(g);
        }
        offsets.push_back(static_cast<std::int64_t>(ids.size()));
    }
    std::vector<WhatIfResult> results(failureSets.size());
    if (failureSets.empty())
        return results;
    const FlatLayout flat(layout);
    std::vector<int> capacities(failureSets.size());
    if (resolved == Device::Cuda)
        MonteCarloAccelerator::installed()->whatIf(flat, ids.data(), offsets.data(), failureSets.size(),
                                                   capacities.data());
    else if (flat.compactIndex())
        whatIfCpu<std::uint16_t>(flat, ids, offsets, capacities.data());
    else
        whatIfCpu<std::uint32_t>(flat, ids, offsets, capacities.data());
    for (std::size_t i = 0; i < results.size(); ++i)
        results[i] = {capacities[i], capacities[i] < 0};
    return results;
}

}  // namespace spare
