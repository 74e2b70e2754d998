#include "engine/sim/FailureClocks.h"

#include "engine/analysis/IncompleteGamma.h"
#include "engine/sim/FailureCategories.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace spare {

namespace {
constexpr double infinity = std::numeric_limits<double>::infinity();
}

FailureClocks::FailureClocks(const Scenario& scenario)
    : FailureClocks(scenario.groups, scenario.failureModel,
                    groupClockMeanS(scenario), scenario.weibullShape, scenario.seed, StreamPurpose::FailureClock, 0,
                    scenario.clockStart)
{
}

FailureClocks::FailureClocks(int clocks, FailureModel model, double meanS, double weibullShape, std::uint64_t seed,
                             StreamPurpose purpose, std::uint64_t streamOffset, ClockStart start)
    : clocks_(clocks),
      model_(model),
      streams_(seed, purpose),
      streamOffset_(streamOffset),
      clock_(static_cast<std::size_t>(clocks))
{
    if (model_ == FailureModel::Trace)
        throw std::invalid_argument("FailureClocks: the trace model needs the trace rows");
    if (model_ == FailureModel::Weibull) {
        inverseShape_ = 1.0 / weibullShape;
        scaleS_ = meanS / std::tgamma(1.0 + inverseShape_);
        stationary_ = start == ClockStart::Stationary;
    } else {
        scaleS_ = meanS;
    }
    computeNextFirstLifetime();
}

FailureClocks::FailureClocks(int groups, const std::vector<TraceFailure>& trace)
    : clocks_(groups),
      model_(FailureModel::Trace),
      nextFirstS_(infinity),
      clock_(static_cast<std::size_t>(groups)),
      traceTimes_(static_cast<std::size_t>(groups)),
      traceCursor_(static_cast<std::size_t>(groups), 0)
{
    for (const TraceFailure& row : trace) {
        if (row.group < 0 || row.group >= groups)
            throw std::invalid_argument("FailureClocks: trace group out of range");
        traceTimes_[static_cast<std::size_t>(row.group)].push_back(row.timeS);
    }
    std::vector<Pending> firings;
    for (int g = 0; g < groups; ++g) {
        auto& times = traceTimes_[static_cast<std::size_t>(g)];
        std::sort(times.begin(), times.end());
        clock_.write(static_cast<std::size_t>(g)).nextS = times.empty() ? infinity : times.front();
        if (!times.empty())
            firings.push_back({times.front(), g});
    }
    heap_ = std::priority_queue<Pending, std::vector<Pending>, Later>(Later{}, std::move(firings));
}

bool FailureClocks::firedBy(int group, double timeS)
{
    revealThrough(timeS);
    const auto g = static_cast<std::size_t>(group);
    return revealed(g) && clock_[g].nextS <= timeS;
}

double FailureClocks::earliest() const
{
    return std::min(heap_.empty() ? infinity : heap_.top().timeS, nextFirstS_);
}

FailureClocks::Firing FailureClocks::pop()
{
    // Every first lifetime at the earliest instant joins the heap first, so ties are decided by group id.
    revealThrough(earliest());
    const Pending top = heap_.top();
    heap_.pop();
    const auto g = static_cast<std::size_t>(top.group);
    clock_.write(g).nextS = infinity;
    return {top.timeS, top.group, model_ == FailureModel::Trace ? traceCursor_[g] : clock_[g].draws - 1};
}

void FailureClocks::renew(int group, double from)
{
    const auto g = static_cast<std::size_t>(group);
    if (model_ != FailureModel::Trace) {
        const double u = streams_.uniformOpenZero(streamOffset_ + g, clock_.write(g).draws++);
        schedule(group, from + lifetimeOf(-std::log(u)));
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

void FailureClocks::revealThrough(double timeS)
{
    while (nextFirstS_ <= timeS && nextFirstS_ != infinity)
        revealNextFirstLifetime();
}

void FailureClocks::revealNextFirstLifetime()
{
    int group = 0;
    do
        group = streams_.below(clocks_, firstLifetimeClockStream + streamOffset_, clockIdDraws_++);
    while (clock_[static_cast<std::size_t>(group)].draws != 0);
    clock_.write(static_cast<std::size_t>(group)).draws = 1;
    schedule(group, nextFirstS_);
    ++firstRevealed_;
    computeNextFirstLifetime();
}

void FailureClocks::computeNextFirstLifetime()
{
    const auto n = static_cast<std::uint64_t>(clocks_);
    if (firstRevealed_ == n || scaleS_ == infinity) {
        nextFirstS_ = infinity;
        return;
    }
    const double z = -std::log(streams_.uniformOpenZero(firstLifetimeSpacingStream + streamOffset_, firstRevealed_));
    spacingSum_ += z / static_cast<double>(n - firstRevealed_);
    nextFirstS_ = firstLifetimeOf(spacingSum_);
}

double FailureClocks::lifetimeOf(double exponential) const
{
    if (scaleS_ == infinity)
        return infinity;
    return model_ == FailureModel::Weibull ? scaleS_ * std::pow(exponential, inverseShape_) : scaleS_ * exponential;
}

// Weibull(k, s) seen mid-life: F_e(t) = P(1/k, (t/s)^k), P the regularized lower incomplete gamma, so
// t = s G^(1/k) with G the Gamma(1/k) quantile.
double FailureClocks::firstLifetimeOf(double exponential) const
{
    if (!stationary_ || scaleS_ == infinity)
        return lifetimeOf(exponential);
    return scaleS_ * std::pow(gammaQuantileOfExponential(inverseShape_, exponential), inverseShape_);
}

void FailureClocks::schedule(int group, double timeS)
{
    clock_.write(static_cast<std::size_t>(group)).nextS = timeS;
    if (timeS != infinity)
        heap_.push({timeS, group});
}

}  // namespace spare
