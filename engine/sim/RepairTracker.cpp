#include "engine/sim/RepairTracker.h"

#include <algorithm>
#include <cmath>

namespace spare {

RepairTracker::RepairTracker(const RepairModel& model, int groups, std::uint64_t seed)
    : model_(model),
      pool_(model, groups, seed),
      failedAtS_(static_cast<std::size_t>(groups), 0.0),
      rejoinedAtS_(static_cast<std::size_t>(groups), 0.0)
{
}

void RepairTracker::nodesFailed(int group, int nodes, double timeS)
{
    pool_.nodesFailed(group, nodes, timeS);
    failedAtS_[static_cast<std::size_t>(group)] = timeS;
}

const std::vector<int>& RepairTracker::readyToRejoin(double now, const GroupRoster& roster)
{
    rejoining_.clear();
    if (model_.rejoin != RejoinRule::AtStep)
        return rejoining_;
    pool_.advance(now);
    const double delayS = model_.swapS + model_.stateTransferS;
    for (const SparePool::Served& served : pool_.takeServed())
        if (std::isfinite(delayS))
            rejoinQueue_.push({served.timeS + delayS, served.group});
    while (!rejoinQueue_.empty() && rejoinQueue_.top().timeS <= now) {
        rejoining_.push_back(rejoinQueue_.top().group);
        rejoinQueue_.pop();
    }
    std::sort(rejoining_.begin(), rejoining_.end());
    // A maintenance stop brings every group back, so a served request may find its group alive.
    std::erase_if(rejoining_, [&](int group) { return roster.alive(group); });
    return rejoining_;
}

void RepairTracker::rejoined(int group, double now)
{
    ++metrics_.rejoins;
    rejoinDelaySumS_ += now - failedAtS_[static_cast<std::size_t>(group)];
    rejoinedAtS_[static_cast<std::size_t>(group)] = now;
}

void RepairTracker::allBack(double end)
{
    pool_.advance(end);
    pool_.takeServed();
    rejoinQueue_ = {};
}

void RepairTracker::spareWait(double seconds)
{
    ++metrics_.spareWaits;
    metrics_.spareWaitS += seconds;
}

RepairMetrics RepairTracker::metrics() const
{
    RepairMetrics out = metrics_;
    out.nodesFailed = pool_.nodesFailedTotal();
    out.minFreeSpares = pool_.minFreeSpares();
    out.meanRejoinDelayS = out.rejoins > 0 ? rejoinDelaySumS_ / static_cast<double>(out.rejoins) : 0.0;
    return out;
}

}  // namespace spare
