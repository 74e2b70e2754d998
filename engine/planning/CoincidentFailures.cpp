#include "engine/planning/CoincidentFailures.h"

#include "engine/base/InputError.h"
#include "engine/base/ScenarioLimits.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <numeric>

namespace spare {

std::size_t CoincidentFailures::failures() const
{
    return std::accumulate(sizes.begin(), sizes.end(), std::size_t{0});
}

std::size_t CoincidentFailures::largest() const
{
    return sizes.empty() ? 0 : *std::max_element(sizes.begin(), sizes.end());
}

double CoincidentFailures::meanSize() const
{
    return sizes.empty() ? 0.0 : static_cast<double>(failures()) / static_cast<double>(sizes.size());
}

std::vector<std::pair<std::size_t, std::size_t>> CoincidentFailures::sizeCounts() const
{
    std::map<std::size_t, std::size_t> counts;
    for (std::size_t size : sizes)
        ++counts[size];
    return {counts.begin(), counts.end()};
}

CoincidentFailures groupCoincidentFailures(const FailureLog& log, double windowS)
{
    if (!(windowS >= 0.0 && windowS <= ScenarioLimits::maxDurationS))
        throw InputError(fmt::format("coincidence window: {} s is out of range; allowed: 0 .. {:g} s (0: the same "
                                     "tick)",
                                     windowS, ScenarioLimits::maxDurationS));
    CoincidentFailures out;
    out.windowS = windowS;
    for (double t : log.timesS) {
        if (!out.startsS.empty() && t - out.startsS.back() <= windowS) {
            ++out.sizes.back();
            continue;
        }
        out.startsS.push_back(t);
        out.sizes.push_back(1);
    }
    return out;
}

}  // namespace spare
