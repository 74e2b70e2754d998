#pragma once

#include "engine/base/RunControl.h"
#include "engine/planning/FailureLog.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace spare {

struct FailureClusteringOptions {
    double windowS = 3600.0;     // two failures of a domain within this many seconds are clustered
    int permutations = 200;      // of the permutation baseline, 1 .. 100000
    std::uint64_t seed = 1;
    RunControl control;          // threads only: clustering neither reports progress nor stops
};

// Clustering at one location level. A domain is a tuple of the values of levels 0..l (with levels
// col, row, cage: the domains of level "row" are the (col, row) pairs, i.e. racks).
struct FailureClusteringLevel {
    std::string name;                  // the level's name, e.g. "row"
    std::size_t domains = 0;           // distinct domains with at least one failure
    std::size_t mostHitFailures = 0;   // failures of the most-hit domain
    std::string mostHitDomain;         // its values, "col=12 row=3" (first in log order among equals)
    // Share of failures with another failure of the same domain at most windowS before or after.
    double observedShare = 0.0;
    // The same share when locations are independent of time: the location rows shuffled over the
    // failure times. Mean and 2.5% / 97.5% quantiles over the permutations.
    double baselineMean = 0.0;
    double baselineLow = 0.0;
    double baselineHigh = 0.0;
    double excessShare = 0.0;          // observedShare - baselineMean
};

struct FailureClustering {
    std::size_t failures = 0;
    double windowS = 0.0;
    int permutations = 0;
    std::vector<FailureClusteringLevel> levels;   // one per log level, outermost first
};

// What a log says for the correlated-failures what-if (withRackShare, spare-cli sweep --rack-share).
struct RackShareSuggestion {
    std::string level;     // the level that closes a rack
    double share = 0.0;    // the excess share at that level, clamped to [0, 0.9], rounded to 0.01
    // One line: "23.1% of failures fall within 1 h of another in the same rack against 4.2% (3.1-5.4%)
    // if independent: suggested failures rack share 0.19".
    std::string evidence;
};

// Throws InputError when the log has no locations, its times are not sorted, or an option is out of
// range (naming it, its value and the allowed range). O(n) per level and permutation after a hashing
// setup; permutations run in parallel, each shuffled from its own counter-based stream, so results are
// the same whatever the thread count.
FailureClustering clusterFailures(const FailureLog& log, const FailureClusteringOptions& options = {});

// Throws InputError naming the level and the known level names when `rackLevel` is not one of them.
RackShareSuggestion suggestRackShare(const FailureClustering& clustering, std::string_view rackLevel);

}  // namespace spare
