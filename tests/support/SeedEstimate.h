#pragma once

#include "engine/sim/Simulator.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace spare {

struct SeedEstimate {
    double mean = 0.0;
    double halfWidth = 0.0;  // 95% interval over the seeds
};

// measure(metrics) of the runs at seeds 1 .. seeds (at most 10^6 x T0 each), as a mean and its interval.
template <typename Measure>
SeedEstimate overSeeds(Scenario s, int seeds, Measure measure)
{
    double sum = 0.0;
    double sumSq = 0.0;
    for (int seed = 1; seed <= seeds; ++seed) {
        s.seed = static_cast<std::uint64_t>(seed);
        SimulationLimits limits;
        limits.maxTttRatio = 1e6;
        const double x = measure(Simulator(s).run(nullptr, limits));
        sum += x;
        sumSq += x * x;
    }
    const double mean = sum / seeds;
    const double variance = std::max(0.0, (sumSq - seeds * mean * mean) / (seeds - 1));
    return {mean, 1.96 * std::sqrt(variance / seeds)};
}

}  // namespace spare
