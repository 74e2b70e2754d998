#pragma once

#include "engine/campaign/Campaign.h"

#include <vector>

namespace spare {

// The 0.975 quantile of Student's t with `df` degrees of freedom (df >= 1): exact table values to df = 30,
// a Cornish-Fisher expansion beyond (error below 1e-4).
double studentT975(int df);

// Half-width of the 95% confidence interval of the mean of `values` (t_{0.975, n-1} x sd / sqrt(n));
// infinity for fewer than two values.
double confidenceHalfWidth95(const std::vector<double>& values);

// Whether a cell with these metric values (replicates 0 .. n-1, in order) needs no further seed: fixed
// replication at `seeds`; adaptive once n >= min_seeds and the half-width is within relative_half_width
// x |mean|, or at max_seeds.
bool replicationDone(const CampaignReplication& replication, const std::vector<double>& values);

}  // namespace spare
