#include "engine/sim/RunReporter.h"

#include "engine/sim/FailureDetector.h"

#include <algorithm>
#include <cmath>

namespace spare {

RunReporter::RunReporter(const Scenario& scenario, SimulationObserver* observer, const RecoveryPolicy& policy,
                         const TimeLedger& ledger, RunMetrics& metrics, const int& stepsDone)
    : sc_(scenario),
      observer_(observer),
      policy_(policy),
      ledger_(ledger),
      m_(metrics),
      stepsDone_(stepsDone),
      categories_(scenario),
      gpuStream_(scenario.seed, StreamPurpose::FailedGpu)
{
    if (!observer_)
        return;
    snapshotIntervalS_ = std::max(0.0, observer_->snapshotIntervalS());
    if (snapshotIntervalS_ > 0.0) {
        std::vector<int> baseStacks;
        policy_.appendStacks(baseStacks);
        replay_.emplace(scenario, scenario.groups, scenario.redundancy, std::move(baseStacks));
    }
    for (const FailureCategory& category : scenario.failureCategories)
        categoryOrigins_.push_back(std::make_shared<const FailureOrigin>(FailureOrigin{category.name, {}, -1}));
}

void RunReporter::emit(EventKind kind, double time, double duration, int group, int value, int gpu, int step)
{
    ++m_.events;
    if (!observer_)
        return;
    if (kind == EventKind::RestartEnd)
        lastRestartEndS_ = time;
    Event event;
    event.time = time;
    event.duration = duration;
    event.kind = kind;
    event.group = group;
    event.gpu = gpu;
    event.step = step >= 0 ? step : stepsDone_;
    event.stackNumber = policy_.stackNumber();
    event.value = value;
    report(std::move(event));
}

void RunReporter::emitFailure(double timeS, int group, const std::shared_ptr<const FailureOrigin>& origin)
{
    ++m_.events;
    if (!observer_)
        return;
    const int gpu = gpuStream_.below(sc_.gpusPerGroup);
    Event event;
    event.time = timeS;
    event.kind = EventKind::Failure;
    event.group = group;
    event.gpu = gpu;
    event.value = timeS < lastRestartEndS_ ? 1 : 0;  // put off by a restart: noticed after it
    event.step = stepsDone_;
    event.stackNumber = policy_.stackNumber();
    event.origin = origin;
    report(std::move(event));
}

void RunReporter::emitDecision(double time, ReorderDecision&& decision)
{
    Event event;
    event.time = time;
    event.kind = EventKind::Decision;
    event.step = stepsDone_;
    event.stackNumber = decision.stackNumber;
    event.value = static_cast<int>(decision.phase);
    event.decision = std::make_shared<const ReorderDecision>(std::move(decision));
    report(std::move(event));
}

void RunReporter::report(Event&& event)
{
    if (!detector_) {
        deliver(event);
        return;
    }
    const double earliest = detector_->earliestUnreportedS();
    if (held_.empty() && event.time < earliest) {
        deliver(event);
        return;
    }
    const auto after = std::upper_bound(held_.begin(), held_.end(), event.time,
                                        [](double time, const Event& held) { return time < held.time; });
    held_.insert(after, std::move(event));
    releaseBefore(earliest);
}

void RunReporter::releaseBefore(double earliest)
{
    while (!held_.empty() && held_.front().time < earliest) {
        deliver(held_.front());
        held_.pop_front();
    }
}

void RunReporter::flush()
{
    for (const Event& event : held_)
        deliver(event);
    held_.clear();
}

void RunReporter::deliver(const Event& event)
{
    if (replay_)
        replay_->apply(event);
    observer_->onEvent(event);
}

std::shared_ptr<const FailureOrigin> RunReporter::groupOrigin(const FailureClocks::Firing& firing) const
{
    if (!observer_ || !categories_.labelsGroupFailures())
        return nullptr;
    return categoryOrigins_[static_cast<std::size_t>(categories_.categoryOf(firing.group, firing.lifetime))];
}

std::shared_ptr<const FailureOrigin> RunReporter::domainOrigin(const DomainFailureClocks& domains,
                                                               const DomainFailureClocks::Firing& firing) const
{
    return observer_ ? domains.origin(firing) : nullptr;
}

void RunReporter::maybeSnapshot(double now)
{
    if (!replay_ || now < nextSnapshotS_)
        return;
    if (!held_.empty())
        releaseBefore(detector_->earliestUnreportedS());
    if (!held_.empty())
        return;  // the state holds events not yet reported: the snapshot waits for the next call
    nextSnapshotS_ = (std::floor(now / snapshotIntervalS_) + 1.0) * snapshotIntervalS_;
    SimulationSnapshot snapshot = replay_->snapshot();
    snapshot.time = now;
    snapshot.timeBreakdown = ledger_.breakdown();
    if (restarting_)
        snapshot.timeBreakdown.restartS += now - restartStartS_;
    observer_->onSnapshot(snapshot);
}

void RunReporter::restartStarted(double startS)
{
    restarting_ = true;
    restartStartS_ = startS;
}

}  // namespace spare
