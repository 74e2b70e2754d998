#include "sim/FailureClocks.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace spare {

namespace {
constexpr double infinity = std::numeric_limits<double>::infinity();
}

FailureClocks::FailureClocks(const Scenario& scenario)
    : model_(scenario.failureModel), next_(static_cast<std::size_t>(scenario.groups), infinity)
{
    if (model_ == FailureModel::Trace)
        throw std::invalid_argument("FailureClocks: the trace model needs the trace rows");
    const double groupMtbfS = scenario.groups * scenario.systemMtbfS;
    if (model_ == FailureModel::Weibull) {
        inverseShape_ = 1.0 / scenario.weibullShape;
        scaleS_ = groupMtbfS / std::tgamma(1.0 + inverseShape_);
    } else {
        scaleS_ = groupMtbfS;
    }
    streams_.reserve(static_cast<std::size_t>(scenario.groups));
    for (int g = 0; g < scenario.groups; ++g)
        streams_.emplace_back(scenario.seed, StreamPurpose::FailureClock, static_cast<std::uint64_t>(g));
    for (int g = 0; g < scenario.groups; ++g)
        renew(g, 0.0);
}

FailureClocks::FailureClocks(int groups, const std::vector<TraceFailure>& trace)
    : model_(FailureModel::Trace),
      traceTimes_(static_cast<std::size_t>(groups)),
      traceCursor_(static_cast<std::size_t>(groups), 0),
      next_(static_cast<std::size_t>(groups), infinity)
{
    for (const TraceFailure& row : trace) {
        if (row.group < 0 || row.group >= groups)
            throw std::invalid_argument("FailureClocks: trace group out of range");
        traceTimes_[static_cast<std::size_t>(row.group)].push_back(row.timeS);
    }
    for (int g = 0; g < groups; ++g) {
        auto& times = traceTimes_[static_cast<std::size_t>(g)];
        std::sort(times.begin(), times.end());
        if (!times.empty())
            schedule(g, times.front());
    }
}

double FailureClocks::earliest() const { return heap_.empty() ? infinity : heap_.top().timeS; }

FailureClocks::Firing FailureClocks::pop()
{
    const Firing firing = heap_.top();
    heap_.pop();
    next_[static_cast<std::size_t>(firing.group)] = infinity;
    return firing;
}

void FailureClocks::renew(int group, double from)
{
    const auto g = static_cast<std::size_t>(group);
    if (model_ != FailureModel::Trace) {
        schedule(group, from + lifetime(group));
        return;
    }
    const auto& times = traceTimes_[g];
    auto& cursor = traceCursor_[g];
    while (cursor < times.size() && times[cursor] <= from)
        ++cursor;
    if (cursor < times.size())
        schedule(group, times[cursor]);
}

void FailureClocks::restore(const Firing& firing) { schedule(firing.group, firing.timeS); }

double FailureClocks::lifetime(int group)
{
    const double e = -std::log(streams_[static_cast<std::size_t>(group)].uniformOpenZero());
    return model_ == FailureModel::Weibull ? scaleS_ * std::pow(e, inverseShape_) : scaleS_ * e;
}

void FailureClocks::schedule(int group, double timeS)
{
    next_[static_cast<std::size_t>(group)] = timeS;
    heap_.push({timeS, group});
}

}  // namespace spare
