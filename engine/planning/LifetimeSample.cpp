#include "engine/planning/LifetimeSample.h"

#include "engine/base/InputError.h"

#include <fmt/format.h>

#include <algorithm>
#include <numeric>

namespace spare {

namespace {

std::string windowName(const FailureLog& log)
{
    return fmt::format("[{:.15g} s, {:.15g} s]{}", log.windowStartS, log.windowEndS,
                       log.path.empty() ? std::string() : " of " + log.path);
}

}  // namespace

double LifetimeSample::exposureS() const
{
    return std::accumulate(exactGapsS.begin(), exactGapsS.end(), censoredGapS);
}

LifetimeSample lifetimeSample(const FailureLog& log, const CoincidentFailures& interruptions)
{
    const std::size_t n = interruptions.interruptions();
    if (n < 3) {
        const std::size_t failures = log.timesS.size();
        throw InputError(fmt::format(
            "fitting needs at least 3 failures in the window at distinct times; the window {} has {}{}",
            windowName(log), failures,
            failures == n ? std::string()
                          : fmt::format(" failures in {} interruption{} (failures at most {:g} s after an "
                                        "interruption's first are one event, --coincidence-window)",
                                        n, n == 1 ? "" : "s", interruptions.windowS)));
    }
    if (!(log.resolutionS > 0.0))
        throw InputError(
            fmt::format("failure log resolution: {} s is not a time step; it must be > 0", log.resolutionS));
    LifetimeSample sample;
    sample.resolutionS = log.resolutionS;
    sample.exactGapsS.reserve(n - 1);
    for (std::size_t i = 1; i < n; ++i)
        sample.exactGapsS.push_back(interruptions.startsS[i] - interruptions.startsS[i - 1]);
    sample.censoredGapS = std::max(0.0, log.windowEndS - interruptions.startsS.back());
    return sample;
}

LifetimeSample lifetimeSample(const FailureLog& log, double coincidenceWindowS)
{
    return lifetimeSample(log, groupCoincidentFailures(log, coincidenceWindowS));
}

}  // namespace spare
