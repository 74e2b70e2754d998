#include "sim/FailureClocks.h"

#include "sim/FailureCategories.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace spare {

namespace {
constexpr double infinity = std::numeric_limits<double>::infinity();
// Groups per parallel chunk of the first lifetimes.
constexpr std::size_t kParallelGrain = 16384;
}

FailureClocks::FailureClocks(const Scenario& scenario)
    : FailureClocks(scenario.groups, scenario.failureModel,
                    groupClockMeanS(scenario), scenario.weibullShape, scenario.seed, StreamPurpose::FailureClock, 0)
{
}

FailureClocks::FailureClocks(int clocks, FailureModel model, double meanS, double weibullShape, std::uint64_t seed,
                             StreamPurpose purpose, std::uint64_t streamOffset)
    : model_(model),
      streamOffset_(streamOffset),
      streams_(seed, purpose),
      draws_(static_cast<std::size_t>(clocks), 1),
      next_(static_cast<std::size_t>(clocks), infinity)
{
    if (model_ == FailureModel::Trace)
        throw std::invalid_argument("FailureClocks: the trace model needs the trace rows");
    if (model_ == FailureModel::Weibull) {
        inverseShape_ = 1.0 / weibullShape;
        scaleS_ = meanS / std::tgamma(1.0 + inverseShape_);
    } else {
        scaleS_ = meanS;
    }
    if (scaleS_ == infinity) {
        buildHeap();
        return;
    }
    // Every clock's first lifetime (draw 0), in parallel for many clocks: each value depends only on its
    // clock. Small runs stay on the calling thread, without starting the task scheduler.
    const auto firstLifetimes = [this](const tbb::blocked_range<std::size_t>& range) {
        for (std::size_t g = range.begin(); g != range.end(); ++g)
            next_[g] = lifetimeFromDraw(g, 0);
    };
    const tbb::blocked_range<std::size_t> all(0, next_.size(), kParallelGrain);
    if (all.is_divisible())
        tbb::parallel_for(all, firstLifetimes);
    else
        firstLifetimes(all);
    buildHeap();
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
            next_[static_cast<std::size_t>(g)] = times.front();
    }
    buildHeap();
}

// One O(N) heapify with room for every group: a group has at most one pending firing, so the heap
// never reallocates.
void FailureClocks::buildHeap()
{
    std::vector<Pending> firings;
    firings.reserve(next_.size());
    for (std::size_t g = 0; g < next_.size(); ++g)
        if (next_[g] != infinity)
            firings.push_back({next_[g], static_cast<int>(g)});
    heap_ = std::priority_queue<Pending, std::vector<Pending>, Later>(Later{}, std::move(firings));
}

double FailureClocks::earliest() const { return heap_.empty() ? infinity : heap_.top().timeS; }

FailureClocks::Firing FailureClocks::pop()
{
    const Pending top = heap_.top();
    heap_.pop();
    const auto g = static_cast<std::size_t>(top.group);
    next_[g] = infinity;
    return {top.timeS, top.group, model_ == FailureModel::Trace ? traceCursor_[g] : draws_[g] - 1};
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
    const auto g = static_cast<std::size_t>(group);
    return lifetimeFromDraw(g, draws_[g]++);
}

double FailureClocks::lifetimeFromDraw(std::size_t group, std::uint64_t draw) const
{
    if (scaleS_ == infinity)
        return infinity;
    const double e = -std::log(streams_.uniformOpenZero(streamOffset_ + group, draw));
    return model_ == FailureModel::Weibull ? scaleS_ * std::pow(e, inverseShape_) : scaleS_ * e;
}

void FailureClocks::schedule(int group, double timeS)
{
    next_[static_cast<std::size_t>(group)] = timeS;
    if (timeS != infinity)
        heap_.push({timeS, group});
}

}  // namespace spare
