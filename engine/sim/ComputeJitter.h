#pragma once

#include "engine/sim/RandomStream.h"

#include <cstdint>

namespace spare {

// Compute jitter at a barrier (docs/method.md, sections 3 and 5). Each of n live groups computes
// `pieces` pieces of work, each multiplied by its own factor max(jitterMin, N(1, sd^2)); the barrier
// waits for the largest per-group sum. barrierFactor(n, pieces) returns that largest sum, so the
// phase lasts pieceSeconds x barrierFactor.
//
// Exact fast sampler: without the clip, each sum is N(pieces, pieces sd^2) and the largest of n
// i.i.d. sums is pieces + sd sqrt(pieces) Phi^-1(U^(1/n)) for one uniform U (one draw per barrier
// whatever n). The clip only matters when (1 - jitterMin) / sd is small: at the paper's sd = 0.05 and
// clip 0.1 it sits 18 sigma away (probability ~1e-72 per draw), so the fast sampler is used when the
// clip is at least 8 sigma away (per-draw probability < 1e-15) and per-group clipped draws otherwise.
class ComputeJitter {
public:
    ComputeJitter(double sd, double minFactor, std::uint64_t seed);

    double barrierFactor(int groups, int pieces);

private:
    double sd_;
    double minFactor_;
    bool clipNegligible_;
    RandomStream stream_;
};

// Phi^-1(p) for 0 < p < 1 (Acklam's rational approximation refined by one Halley step, ~1e-15).
double normalQuantile(double p);

}  // namespace spare
