#include "engine/campaign/AdaptiveReplication.h"

#include <array>
#include <cmath>
#include <limits>

namespace spare {

double studentT975(int df)
{
    static constexpr std::array<double, 30> table{
        12.706205, 4.302653, 3.182446, 2.776445, 2.570582, 2.446912, 2.364624, 2.306004, 2.262157, 2.228139,
        2.200985,  2.178813, 2.160369, 2.144787, 2.131450, 2.119905, 2.109816, 2.100922, 2.093024, 2.085963,
        2.079614,  2.073873, 2.068658, 2.063899, 2.059539, 2.055529, 2.051831, 2.048407, 2.045230, 2.042272};
    if (df <= static_cast<int>(table.size()))
        return table[static_cast<std::size_t>(std::max(df, 1) - 1)];
    const double z = 1.959963984540054;
    const double n = df;
    const double z3 = z * z * z;
    const double z5 = z3 * z * z;
    const double z7 = z5 * z * z;
    return z + (z3 + z) / (4 * n) + (5 * z5 + 16 * z3 + 3 * z) / (96 * n * n) +
           (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * n * n * n);
}

double confidenceHalfWidth95(const std::vector<double>& values)
{
    const std::size_t n = values.size();
    if (n < 2)
        return std::numeric_limits<double>::infinity();
    double mean = 0.0;
    for (const double v : values)
        mean += v;
    mean /= static_cast<double>(n);
    double squares = 0.0;
    for (const double v : values)
        squares += (v - mean) * (v - mean);
    const double sd = std::sqrt(squares / static_cast<double>(n - 1));
    return studentT975(static_cast<int>(n) - 1) * sd / std::sqrt(static_cast<double>(n));
}

bool replicationDone(const CampaignReplication& replication, const std::vector<double>& values)
{
    const int n = static_cast<int>(values.size());
    if (!replication.adaptive)
        return n >= replication.seeds;
    if (n >= replication.maxSeeds)
        return true;
    if (n < replication.minSeeds)
        return false;
    double mean = 0.0;
    for (const double v : values)
        mean += v;
    mean /= n;
    return confidenceHalfWidth95(values) <= replication.relativeHalfWidth * std::abs(mean);
}

}  // namespace spare
