#include "engine/planning/LifetimeSample.h"

#include "engine/base/InputError.h"

#include <fmt/format.h>

#include <algorithm>

namespace spare {

namespace {

std::string windowName(const FailureLog& log)
{
    return fmt::format("[{:.15g} s, {:.15g} s]{}", log.windowStartS, log.windowEndS,
                       log.path.empty() ? std::string() : " of " + log.path);
}

}  // namespace

LifetimeSample lifetimeSample(const FailureLog& log)
{
    const std::size_t failures = log.timesS.size();
    if (failures < 3)
        throw InputError(fmt::format("fitting needs at least 3 failures in the window; the window {} has {}",
                                     windowName(log), failures));
    if (!(log.resolutionS > 0.0))
        throw InputError(
            fmt::format("failure log resolution: {} s is not a time step; it must be > 0", log.resolutionS));
    LifetimeSample sample;
    sample.resolutionS = log.resolutionS;
    sample.exactGapsS.reserve(failures - 1);
    for (std::size_t i = 1; i < failures; ++i) {
        const double gap = log.timesS[i] - log.timesS[i - 1];
        if (gap > 0.0)
            sample.exactGapsS.push_back(gap);
        else
            ++sample.zeroGaps;
    }
    sample.censoredGapS = std::max(0.0, log.windowEndS - log.timesS.back());
    if (sample.exactGapsS.empty() && sample.censoredGapS == 0.0)
        throw InputError(fmt::format("fitting needs a gap longer than one tick ({} s); every failure in the window {} "
                                     "falls in the same tick",
                                     log.resolutionS, windowName(log)));
    return sample;
}

}  // namespace spare
