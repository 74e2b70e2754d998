#include "engine/sim/RunReporter.h"

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
    Event event;
    event.time = time;
    event.duration = duration;
    event.kind = kind;
    event.group = group;
    event.gpu = gpu;
    event.step = step >= 0 ? step : stepsDone_;
    event.stackNumber = policy_.stackNumber();
    event.value = value;
    report(event);
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
    event.step = stepsDone_;
    event.stackNumber = policy_.stackNumber();
    event.origin = origin;
    report(event);
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
    report(event);
}

void RunReporter::report(const Event& event)
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
