#pragma once

#include "engine/planning/FailureLog.h"

#include <cstddef>
#include <utility>
#include <vector>

namespace spare {

// One event logged once per GPU or node (a rack power loss, a switch) is one interruption of the
// cluster, not many failures with zero gaps between them. A failure joins the interruption before it
// when it is at most windowS after that interruption's first failure (windowS 0: the same tick).
struct CoincidentFailures {
    double windowS = 0.0;
    std::vector<double> startsS;     // each interruption's first failure, ascending
    std::vector<std::size_t> sizes;  // its failures (its multiplicity), parallel to startsS

    std::size_t interruptions() const { return sizes.size(); }
    std::size_t failures() const;
    std::size_t largest() const;
    double meanSize() const;
    // (size, interruptions of that size), ascending by size.
    std::vector<std::pair<std::size_t, std::size_t>> sizeCounts() const;
};

// Throws InputError when windowS is not in [0, ScenarioLimits::maxDurationS] (naming the range).
CoincidentFailures groupCoincidentFailures(const FailureLog& log, double windowS = 0.0);

}  // namespace spare
