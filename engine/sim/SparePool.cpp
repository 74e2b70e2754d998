#include "engine/sim/SparePool.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace spare {

SparePool::SparePool(const RepairModel& model, int groups, std::uint64_t seed)
    : model_(model),
      stream_(seed, StreamPurpose::RepairTime),
      free_(model.spareNodes),
      minFree_(model.spareNodes),
      missingNodes_(static_cast<std::size_t>(groups), 0)
{
}

// Always three draws per node (escalation, then two for the distribution), so one node's kind of
// repair never shifts the next node's draws.
double SparePool::repairSeconds()
{
    const double escalate = stream_.uniformOpenZero();
    const double u1 = stream_.uniformOpenZero();
    const double u2 = stream_.uniformOpenZero();
    ++repairsDrawn_;
    if (escalate <= model_.escalationShare && model_.escalationShare > 0.0)
        return -model_.escalationMeanS * std::log(u1);
    switch (model_.repairDistribution) {
    case RepairDistribution::Fixed: return model_.repairMeanS;
    case RepairDistribution::Exponential: return -model_.repairMeanS * std::log(u1);
    case RepairDistribution::Lognormal: {
        // Box-Muller; mu chosen so the mean is repairMeanS.
        const double sigma = model_.repairSigma;
        const double normal = std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * std::numbers::pi * u2);
        return std::exp(std::log(model_.repairMeanS) - 0.5 * sigma * sigma + sigma * normal);
    }
    }
    return model_.repairMeanS;
}

void SparePool::serve(const Request& request, double timeS)
{
    int& missing = missingNodes_[static_cast<std::size_t>(request.group)];
    if (--missing == 0)
        served_.push_back({std::max(timeS, request.timeS), request.group});
}

void SparePool::advance(double timeS)
{
    while (!returns_.empty() && returns_.top() <= timeS) {
        const double back = returns_.top();
        returns_.pop();
        if (retiredPending_ > 0) {
            --retiredPending_;
            continue;
        }
        if (waiting_.empty()) {
            ++free_;
            continue;
        }
        serve(waiting_.front(), back);
        waiting_.pop_front();
    }
}

void SparePool::nodesFailed(int group, int nodes, double timeS)
{
    advance(timeS);
    missingNodes_[static_cast<std::size_t>(group)] += nodes;
    for (int k = 0; k < nodes; ++k) {
        returns_.push(timeS + repairSeconds());
        const Request request{timeS, group};
        if (free_ > 0 && waiting_.empty()) {
            --free_;
            serve(request, timeS);
        } else {
            waiting_.push_back(request);
        }
    }
    minFree_ = std::min(minFree_, free_);
}

std::vector<SparePool::Served> SparePool::takeServed()
{
    std::vector<Served> out;
    out.swap(served_);
    return out;
}

double SparePool::allServedBy() const
{
    if (waiting_.empty())
        return -std::numeric_limits<double>::infinity();
    // Each waiting request is served by one of the returns still to come, in return order, after the
    // returns that retired nodes take. Without retired nodes there are always enough (every waiting
    // node is itself under repair); with them the wait may never end.
    const std::size_t needed = static_cast<std::size_t>(retiredPending_) + waiting_.size();
    if (returns_.size() < needed)
        return std::numeric_limits<double>::infinity();
    auto returns = returns_;
    for (std::size_t k = 1; k < needed; ++k)
        returns.pop();
    return std::max(returns.top(), waiting_.back().timeS);
}

void SparePool::nodesRetired(int nodes, double timeS)
{
    advance(timeS);
    const int fromFree = std::min(nodes, free_);
    free_ -= fromFree;
    minFree_ = std::min(minFree_, free_);
    retiredPending_ += nodes - fromFree;
}

}  // namespace spare
