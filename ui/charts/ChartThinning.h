#pragma once

#include "ui/charts/ChartSpec.h"

namespace spare {

// Keeps about one point per pixel column: for each of `columns` equal x buckets, the first and last
// point plus the min and max y (in x order), so the drawn envelope is unchanged. Series with at most
// 2 x columns points, and band series, keep every point (bands are per-point aligned).
ChartSpec thinForColumns(const ChartSpec& spec, int columns);

}  // namespace spare
