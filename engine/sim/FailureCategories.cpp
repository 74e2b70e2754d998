#include "engine/sim/FailureCategories.h"

#include <algorithm>
#include <limits>

namespace spare {

namespace {

double shareSum(const Scenario& scenario, bool gpuLevelOnly)
{
    double sum = 0.0;
    for (const FailureCategory& c : scenario.failureCategories)
        if (!gpuLevelOnly || !c.level)
            sum += c.share;
    return sum;
}

}  // namespace

FailureCategories::FailureCategories(const Scenario& scenario)
    : streams_(scenario.seed, StreamPurpose::FailureCategory)
{
    double sum = 0.0;
    for (std::size_t c = 0; c < scenario.failureCategories.size(); ++c) {
        if (scenario.failureCategories[c].level)
            continue;
        sum += scenario.failureCategories[c].share;
        categories_.push_back(static_cast<int>(c));
        cumulative_.push_back(sum);
    }
    if (sum <= 0.0) {
        categories_.clear();
        cumulative_.clear();
    }
}

int FailureCategories::categoryOf(int group, std::uint64_t lifetime) const
{
    const double x = streams_.uniformOpenZero(static_cast<std::uint64_t>(group), lifetime) * cumulative_.back();
    const auto at = std::lower_bound(cumulative_.begin(), cumulative_.end(), x);
    const auto index = std::min(static_cast<std::size_t>(at - cumulative_.begin()), categories_.size() - 1);
    return categories_[index];
}

double groupClockMeanS(const Scenario& scenario)
{
    const double groupMtbfS = scenario.groups * scenario.systemMtbfS;
    if (scenario.failureCategories.empty())
        return groupMtbfS;
    const double gpuShare = shareSum(scenario, true) / shareSum(scenario, false);
    return gpuShare > 0.0 ? groupMtbfS / gpuShare : std::numeric_limits<double>::infinity();
}

double categoryShare(const Scenario& scenario, std::size_t category)
{
    return scenario.failureCategories[category].share / shareSum(scenario, false);
}

}  // namespace spare
