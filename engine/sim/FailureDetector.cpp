#include "engine/sim/FailureDetector.h"

#include <algorithm>

namespace spare {

FailureDetector::FailureDetector(FailureClocks clocks, DomainFailureClocks domains, GroupRoster& roster,
                                 RunReporter& reporter, RunMetrics& metrics, std::optional<RepairTracker>& repair,
                                 std::optional<MemoryCheckpointTier>& memory)
    : clocks_(std::move(clocks)),
      domains_(std::move(domains)),
      roster_(roster),
      reporter_(reporter),
      m_(metrics),
      repair_(repair),
      memory_(memory)
{
}

void FailureDetector::checkAt(double when)
{
    int found = 0;
    const auto notice = [&](int group, double timeS, const std::shared_ptr<const FailureOrigin>& origin, int nodes) {
        if (failLiveGroup(group, timeS, origin, nodes)) {
            noticed_.push_back(group);
            ++found;
        }
    };
    for (const DomainHit& hit : deferredHits_)
        notice(hit.group, hit.timeS, hit.origin, hit.nodes);
    deferredHits_.clear();
    while (nextFiringS() <= when) {
        if (domainFiresFirst()) {
            takeDomainFiring(notice);
            continue;
        }
        const FailureClocks::Firing firing = clocks_.pop();
        if (outAt(firing.group, firing.timeS)) {
            clocks_.renew(firing.group, firing.timeS);
            continue;
        }
        const auto origin = reporter_.groupOrigin(firing);
        clocks_.renew(firing.group, when);
        notice(firing.group, firing.timeS, origin, 1);
    }
    if (found > 0)
        reporter_.emit(EventKind::Detection, when, 0.0, -1, found);
}

bool FailureDetector::failLiveGroup(int group, double timeS, const std::shared_ptr<const FailureOrigin>& origin,
                                    int nodes)
{
    if (outAt(group, timeS))
        return false;
    roster_.takeOut(group);
    ++m_.failures;
    firstFailureS_ = std::min(firstFailureS_, timeS);
    if (memory_)
        memory_->groupFailed(group);
    sendToRepair(group, nodes, timeS);
    reporter_.emitFailure(timeS, group, origin);
    return true;
}

double FailureDetector::earliestUnreportedS() const
{
    double earliest = nextFiringS();
    for (const FailureClocks::Firing& firing : deferred_)
        earliest = std::min(earliest, firing.timeS);
    for (const DomainHit& hit : deferredHits_)
        earliest = std::min(earliest, hit.timeS);
    return earliest;
}

void FailureDetector::sendToRepair(int group, int nodes, double timeS)
{
    if (repair_)
        repair_->nodesFailed(group, nodes, timeS);
}

}  // namespace spare
