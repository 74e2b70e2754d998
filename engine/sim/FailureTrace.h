#pragma once

#include "engine/base/InputError.h"
#include "engine/topology/ClusterPlacement.h"

#include <string>
#include <string_view>
#include <vector>

namespace spare {

// One recorded failure: the group whose GPU failed at timeS simulated seconds.
struct TraceFailure {
    double timeS = 0.0;
    int group = 0;
};

// CSV (RFC 4180, '.' decimals) with header "time_s,group", or "time_s,level,id" for domain failures
// (a row fails every group with a node in domain `id` of `level`, node | rack | pod: it becomes one row
// per such group at the same time; needs `placement`). A leading UTF-8 BOM, blank lines and lines starting
// with '#' are skipped. Returns the rows sorted by time (stable: equal times keep file order). Throws
// FailureTraceError naming the line, the column, the value and the allowed range (time >= 0 and finite,
// group in 0..groups-1, id in 0..domains-1).
std::vector<TraceFailure> loadFailureTrace(const std::string& path, int groups,
                                           const ClusterPlacement* placement = nullptr);
std::vector<TraceFailure> parseFailureTrace(std::string_view text, int groups, const std::string& origin,
                                            const ClusterPlacement* placement = nullptr);

}  // namespace spare
