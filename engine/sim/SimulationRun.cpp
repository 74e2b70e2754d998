#include "engine/sim/SimulationRun.h"

#include "engine/base/RunControl.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace spare {

namespace {
constexpr double infinity = std::numeric_limits<double>::infinity();
}

SimulationRun::SimulationRun(const Scenario& scenario, const Layout* layout, FailureClocks clocks,
                             DomainFailureClocks domains, const HostPopulation& hosts, int checkpointInterval,
                             SimulationObserver* observer, const SimulationLimits& limits)
    : sc_(scenario),
      jitter_(scenario.jitterSd, scenario.jitterMin, scenario.seed),
      policy_(RecoveryPolicy::create(scenario, layout)),
      limits_(limits),
      checkpointInterval_(checkpointInterval),
      roster_(scenario.groups),
      repair_(scenario.repair ? std::optional<RepairTracker>(std::in_place, *scenario.repair, scenario.groups,
                                                              scenario.seed)
                              : std::nullopt),
      memory_(scenario.memoryCheckpoint ? std::optional<MemoryCheckpointTier>(std::in_place, *scenario.memoryCheckpoint,
                                                                               scenario.groups, scenario.seed)
                                        : std::nullopt),
      reporter_(scenario, observer, *policy_, ledger_, m_, stepsDone_),
      detector_(std::move(clocks), std::move(domains), roster_, reporter_, m_, repair_, memory_),
      checkpoints_(scenario, detector_, roster_, reporter_, ledger_, m_),
      windows_(scenario.groups),
      nextMaintenanceS_(!scenario.maintenance               ? infinity
                        : scenario.maintenance->atS.empty() ? scenario.maintenance->everyS
                                                            : scenario.maintenance->atS.front()),
      progressModel_(scenario.progress.value_or(ProgressModel{}))
{
    if (!(limits_.maxTttRatio > 0.0))
        throw std::invalid_argument("SimulationLimits::maxTttRatio must be > 0");
    capS_ = limits_.maxTttRatio * t0S();
    reporter_.holdEventsFor(detector_);
    if (sc_.hosts && sc_.hosts->slowFactor > 1.0) {
        slowGroups_ = hosts.slowGroups();
        slowNodes_ = hosts.slowNodeCount();
    }
}

RunMetrics SimulationRun::run()
{
    m_.steps = sc_.steps;
    m_.checkpointIntervalSteps = checkpointInterval_;
    while (!targetReached()) {
        m_.stopReason = limitReached(t_);
        if (m_.stopReason != StopReason::None)
            break;
        runStep();
        if (m_.stopReason != StopReason::None)
            break;  // stopped inside a restart
    }
    if (targetReached()) {
        m_.completed = true;
        reporter_.emit(EventKind::RunEnd, t_);
    }
    return finish();
}

// The limit a run at simulated time `now` has reached (None: go on). Of two time limits both passed, the
// earlier one is named.
StopReason SimulationRun::limitReached(double now) const
{
    if (now >= std::min(limits_.untilS, capS_))
        return limits_.untilS <= capS_ ? StopReason::Until : StopReason::MaxTttRatio;
    if (m_.failures >= limits_.maxFailures)
        return StopReason::MaxFailures;
    if (RunControl::raised(limits_.cancel) || reporter_.stopRequested())
        return StopReason::Cancelled;
    return StopReason::None;
}

bool SimulationRun::targetReached() const
{
    switch (progressModel_.measure) {
    case ProgressMeasure::Steps: break;
    case ProgressMeasure::Samples: return progress_.samples >= sc_.steps;
    case ProgressMeasure::Effective: return progress_.effective >= sc_.steps;
    }
    return stepsDone_ >= sc_.steps;
}

void SimulationRun::runStep()
{
    if (t_ >= nextMaintenanceS_) {
        maintenanceStop();
        if (m_.stopReason != StopReason::None)
            return;
    }
    rejoinReadyGroups();
    reporter_.maybeSnapshot(t_);
    reporter_.emit(EventKind::StepStart, t_);
    stepPhase_ = StepPhase::NoDecision;
    detector_.checkAt(t_);
    checkpoints_.settle(t_);
    if (!leaveBeforeStep())
        return;
    const int pieces = policy_->computePieces();
    const double pieceS = policy_->pieceSeconds();
    const double computeS = computePhaseSeconds(pieces, pieceS);
    // Check points before each later piece sit at equal fractions of the phase (piece p starts at
    // start + p D / pieces).
    const double start = t_;
    for (int p = 0; p < pieces; ++p) {
        const double pieceStart = start + computeS * p / pieces;
        if (p > 0) {
            detector_.checkAt(pieceStart);
            checkpoints_.settle(pieceStart);
        }
        checkpoints_.endPending(pieceStart);
        reporter_.emit(EventKind::StackCompute, pieceStart, computeS / pieces, -1, p);
    }
    t_ = start + computeS;
    checkpoints_.endPending(t_);
    allReduceUntilCommitted();
}

// Quorum policies (elastic, rebalance) leave out the groups found failed as a step starts; false when that
// needed a global restart (the step is over).
bool SimulationRun::leaveBeforeStep()
{
    std::vector<int>& noticed = detector_.noticed();
    if (noticed.empty())
        return true;
    std::sort(noticed.begin(), noticed.end());
    const std::optional<FailureResponse> response = policy_->onFailuresBeforeStep(noticed);
    if (!response)
        return true;
    if (response->action == FailureResponse::Action::Restart) {
        noticed.clear();
        globalRestart(response->cause);
        return false;
    }
    m_.maskedFailures += static_cast<std::int64_t>(noticed.size());
    noticed.clear();
    reporter_.emit(EventKind::Reconfigure, t_, response->waitS, -1, roster_.aliveCount());
    t_ += response->waitS;
    ledger_.reconfigure(response->waitS);
    return true;
}

// The barrier time of a step's compute, over the groups alive when it starts. After a checkpoint written
// under writer_only_waits the writer starts its compute T_s late, and the all-reduce (a barrier) waits for
// it: the phase is the later of the others' barrier and the write plus the writer's own compute (none if
// it was noticed failed; its write still completes).
double SimulationRun::computePhaseSeconds(int pieces, double pieceS)
{
    const double nominalS = pieces * pieceS;
    const double slow = slowFactor();
    const int pendingWriter = checkpoints_.pendingWriter();
    if (pendingWriter < 0) {
        const double phaseS = pieceS * jitter_.barrierFactor(roster_.aliveCount(), pieces) * slow;
        ledger_.computePhase(sc_.computeS, nominalS, phaseS);
        m_.slowHostS += phaseS - phaseS / slow;
        return phaseS;
    }
    const bool writerComputes = roster_.alive(pendingWriter);
    const int others = roster_.aliveCount() - (writerComputes ? 1 : 0);
    const double othersS = others > 0 ? pieceS * jitter_.barrierFactor(others, pieces) * slow : 0.0;
    const double writerS = checkpoints_.pendingEndS() - t_ +
                           (writerComputes ? pieceS * jitter_.barrierFactor(1, pieces) * slow : 0.0);
    m_.slowHostS += othersS - othersS / slow;
    const double waitS = std::max(0.0, writerS - othersS);
    ledger_.checkpointWait(waitS);
    ledger_.computePhase(sc_.computeS, nominalS, othersS);
    return std::max(othersS, writerS);
}

// hosts.slow_factor while a live group holds a slow node that was not evicted, else 1 (every step waits
// for its slowest group).
double SimulationRun::slowFactor() const
{
    if (slowGroups_.empty() || slowEvicted_)
        return 1.0;
    for (const int group : slowGroups_)
        if (roster_.alive(group))
            return sc_.hosts->slowFactor;
    return 1.0;
}

// hosts.evict_after_s: at the first global restart or planned stop from then on, every slow node is
// replaced by a spare (the pool is that many nodes short for good).
void SimulationRun::evictSlowHosts(double now)
{
    if (slowGroups_.empty() || slowEvicted_ || now < sc_.hosts->evictAfterS)
        return;
    slowEvicted_ = true;
    m_.slowHostsEvicted = slowNodes_;
    if (repair_)
        repair_->nodesRetired(slowNodes_, now);
}

// The all-reduce, with the failed-all-reduce / decision / patch / retry cycle.
void SimulationRun::allReduceUntilCommitted()
{
    std::vector<int>& noticed = detector_.noticed();
    for (;;) {
        detector_.checkAt(t_);
        checkpoints_.settle(t_);
        if (noticed.empty()) {
            reporter_.emit(EventKind::AllReduce, t_, sc_.allReduceS);
            t_ += sc_.allReduceS;
            ledger_.allReduce(sc_.allReduceS);
            commitStep();
            return;
        }
        const double failedS = sc_.failedAllReduceFactor * sc_.allReduceS;
        reporter_.emit(EventKind::FailedAllReduce, t_, failedS);
        t_ += failedS;
        ledger_.failedAllReduce(failedS);

        std::sort(noticed.begin(), noticed.end());
        FailureResponse response = policy_->onFailures(noticed);
        if (response.decision) {
            countDecision(*response.decision);
            ++m_.events;
            reportDecision(std::move(response.decision));
        }
        if (response.action == FailureResponse::Action::Restart) {
            noticed.clear();
            globalRestart(response.cause);
            return;
        }
        m_.maskedFailures += static_cast<std::int64_t>(noticed.size());
        noticed.clear();
        if (response.action == FailureResponse::Action::Retry) {
            // The step in flight is lost for everyone; the next runStep() computes it again.
            reporter_.emit(EventKind::Reconfigure, t_, response.waitS, -1, roster_.aliveCount());
            t_ += response.waitS;
            ledger_.reconfigure(response.waitS);
            ledger_.stepDiscarded();
            ++m_.discardedSteps;
            return;
        }
        if (response.action == FailureResponse::Action::Commit) {
            shrink();
            commitStep();
            return;
        }
        detector_.checkAt(t_);  // before the patch compute
        const double patchS = sc_.computeS * jitter_.barrierFactor(response.patchGroups, 1);
        reporter_.emit(EventKind::PatchCompute, t_, patchS, -1, response.patchGroups);
        t_ += patchS;
        m_.patchS += patchS;
        ledger_.patchCompute(patchS);
        ++m_.patchComputes;
        shrink();
    }
}

void SimulationRun::reportDecision(std::optional<ReorderDecision> decision)
{
    if (decision && reporter_.observed())
        reporter_.emitDecision(t_, std::move(*decision));
}

void SimulationRun::commitStep()
{
    stackSum_ += policy_->stackNumber();
    ++m_.executedSteps;
    const double batch = policy_->batchFraction();
    batchSum_ += batch;
    minBatch_ = std::min(minBatch_, batch);
    if (batch < 1.0)
        ++m_.stepsBelowFullBatch;
    progress_.samples += batch;
    progress_.effective += TrainingProgress::stepWorth(batch, progressModel_.phi);
    countStepPhase();
    ledger_.stepCommitted();
    reporter_.emit(EventKind::StepEnd, t_);
    ++stepsDone_;
    if (targetReached())
        return;
    if (stepsDone_ % checkpointInterval_ == 0)
        checkpoints_.write(t_, stepsDone_, progress_);
    if (memory_ && stepsDone_ % memory_->settings().everySteps == 0)
        takeMemoryCheckpoint();
}

// An in-memory checkpoint after the last committed step: a stall of memory_checkpoint.stall_s (booked with
// the checkpoint waits), then the copies of the live groups.
void SimulationRun::takeMemoryCheckpoint()
{
    const double stallS = memory_->settings().stallS;
    t_ += stallS;
    ledger_.checkpointWait(stallS);
    ledger_.memoryCheckpointTaken();
    memory_->taken(stepsDone_, progress_, roster_);
    ++m_.memoryCheckpoints;
}

// A planned stop (the maintenance section): a checkpoint of the last committed step that the orderly
// drain always completes, then a stop of maintenance.duration_s in which whatever fails is repaired
// (clocks firing inside renew), then every group is back with no rework.
void SimulationRun::maintenanceStop()
{
    checkpoints_.drainForStop(t_, stepsDone_, progress_);
    if (memory_)
        memory_->restored(stepsDone_, progress_);
    const double start = t_;
    const double limitS = std::min(limits_.untilS, capS_);
    const double end = std::min(start + sc_.maintenance->durationS, std::max(start, limitS));
    ++m_.maintenanceStops;
    evictSlowHosts(start);
    reporter_.emit(EventKind::RestartStart, start, 0.0, -1, static_cast<int>(RestartCause::Maintenance));
    while (detector_.nextFiringS() < end) {
        if (detector_.domainFiresFirst()) {
            detector_.takeDomainFiring([](int, double, const std::shared_ptr<const FailureOrigin>&, int) {});
            continue;
        }
        const FailureClocks::Firing firing = detector_.clocks().pop();
        detector_.clocks().renew(firing.group, firing.timeS);
    }
    detector_.deferred().clear();
    detector_.deferredHits().clear();
    t_ = end;
    ledger_.maintenance(end - start);
    nextMaintenanceS_ = nextMaintenanceAfter(t_);
    if (end < start + sc_.maintenance->durationS) {
        m_.stopReason = limitReached(end);
        return;
    }
    allGroupsBack(end);
}

// The first planned stop after `now`: the next listed instant (maintenance.at_s), else the next multiple
// of every_s.
double SimulationRun::nextMaintenanceAfter(double now) const
{
    const std::vector<double>& at = sc_.maintenance->atS;
    if (!at.empty()) {
        const auto next = std::upper_bound(at.begin(), at.end(), now);
        return next == at.end() ? infinity : *next;
    }
    const double every = sc_.maintenance->everyS;
    return (std::floor(now / every) + 1.0) * every;
}

// The end of a global restart or a maintenance stop at `end`: the repair requests served by then are taken
// (nothing is left to rejoin), the policy starts over and every group is back.
void SimulationRun::allGroupsBack(double end)
{
    if (repair_)
        repair_->allBack(end);
    policy_->reset();
    roster_.allBack();
    reporter_.emit(EventKind::RestartEnd, t_);
}

void SimulationRun::shrink()
{
    reporter_.emit(EventKind::Shrink, t_, sc_.shrinkS);
    t_ += sc_.shrinkS;
    ledger_.shrink(sc_.shrinkS);
}

// repair.rejoin at_step: every out group whose nodes were replaced (spare in hand, swap done) and whose
// state transfer has ended is back at this step boundary; the policy re-admits them together.
void SimulationRun::rejoinReadyGroups()
{
    if (!repair_)
        return;
    const std::vector<int>& rejoining = repair_->readyToRejoin(t_, roster_);
    if (rejoining.empty())
        return;
    for (const int group : rejoining) {
        roster_.bringBack(group);
        repair_->rejoined(group, t_);
        reporter_.emit(EventKind::Rejoin, t_, 0.0, group);
    }
    if (std::optional<ReorderDecision> decision = policy_->onRejoin(rejoining)) {
        ++m_.events;
        reportDecision(std::move(decision));
    }
}

// Global restart: every group waits out a window of T_r; under extend_on_failure a failure inside a
// group's window starts it over (clock renewed at the failure instant) and the restart ends with the last
// window; under fixed it ends after T_r (failures inside only renew their clocks). Failures are emitted as
// they are found (nothing is kept per failure), so the restart's length is known only at its RestartEnd.
// A limit reached inside the window stops the run there.
void SimulationRun::globalRestart(RestartCause cause)
{
    const double start = t_;
    ledger_.restartStarted();
    FailureClocks& clocks = detector_.clocks();
    // Clocks fired since the last check point: live groups are noticed by the restart itself.
    while (detector_.nextFiringS() <= start) {
        if (detector_.domainFiresFirst()) {
            detector_.takeDomainFiring(
                [this](int g, double timeS, const std::shared_ptr<const FailureOrigin>& origin, int nodes) {
                    detector_.failLiveGroup(g, timeS, origin, nodes);
                });
            continue;
        }
        const FailureClocks::Firing firing = clocks.pop();
        const auto origin = reporter_.groupOrigin(firing);
        const bool alive = !detector_.outAt(firing.group, firing.timeS);
        clocks.renew(firing.group, alive ? start : firing.timeS);
        if (alive)
            detector_.failLiveGroup(firing.group, firing.timeS, origin, 1);
    }
    checkpoints_.settleBeforeRestart(start);
    // With an in-memory tier the restart loads the in-memory checkpoint when it is at least as recent as the
    // persistent one and every placement group keeps a copy (restore_s instead of T_r), else the persistent one.
    const bool fromMemory = memory_ && memory_->usable() && memory_->resumeStep() >= checkpoints_.rollbackStep();
    const double windowS = fromMemory ? memory_->settings().restoreS : sc_.restartS;
    ++m_.restarts;
    evictSlowHosts(start);
    reporter_.emit(EventKind::RestartStart, start, 0.0, -1, static_cast<int>(cause));
    reporter_.restartStarted(start);
    reporter_.maybeSnapshot(start);

    const bool extend = sc_.restartRule == RestartRule::ExtendOnFailure;
    const bool serialized = sc_.restartRule == RestartRule::Serialized;
    std::vector<FailureClocks::Firing>& deferred = detector_.deferred();
    std::vector<FailureDetector::DomainHit>& deferredHits = detector_.deferredHits();
    // detect, diagnose and queue come first; the restart windows of T_r follow. Under serialized each
    // failure inside queues one more whole stall.
    const double stallS = sc_.detectS + sc_.diagnoseS + sc_.queueS + windowS;
    int stalls = 1;
    double end = start + stallS;
    double windowsEnd = end;  // end without the wait for spares
    const auto extendTo = [&](double windowEnd) {
        windowsEnd = std::max(windowsEnd, windowEnd);
        end = std::max(end, windowEnd);
    };
    if (extend) {
        windows_.start(end);
        deferred.clear();
        deferredHits.clear();
    }
    // A domain firing inside the restart hits each of its groups as if its own clock had fired there.
    const auto hitInRestart = [&](int g, double timeS, const std::shared_ptr<const FailureOrigin>& origin,
                                  int nodes) {
        if (extend) {
            if (timeS >= windows_.end(g)) {
                deferredHits.push_back({timeS, g, origin, nodes});
                return;
            }
            windows_.startOver(g, timeS + windowS);
            extendTo(timeS + windowS);
        }
        ++m_.failures;
        ++m_.restartFailures;
        detector_.sendToRepair(g, nodes, timeS);
        reporter_.emitFailure(timeS, g, origin);
    };
    const double limitS = std::min(limits_.untilS, capS_);
    // Under a repair model the restart also lasts until every group is complete again; failures in that
    // wait are handled like those in the window, so the two are iterated to a fixed point.
    for (;;) {
        while (detector_.nextFiringS() < end) {
            if (detector_.nextFiringS() >= limitS || limitReached(t_) != StopReason::None)
                break;
            if (detector_.domainFiresFirst()) {
                t_ = detector_.domainEarliestS();
                detector_.takeDomainFiring(hitInRestart);
                if (serialized) {
                    end += stallS;
                    windowsEnd += stallS;
                    ++stalls;
                }
                reporter_.maybeSnapshot(t_);
                continue;
            }
            const FailureClocks::Firing firing = clocks.pop();
            if (extend) {
                if (firing.timeS >= windows_.end(firing.group)) {
                    // Fired after its own window while others still wait: it surfaces at the first check
                    // point after the restart.
                    deferred.push_back(firing);
                    continue;
                }
                windows_.startOver(firing.group, firing.timeS + windowS);
                extendTo(firing.timeS + windowS);
            } else if (serialized) {
                end += stallS;
                windowsEnd += stallS;
                ++stalls;
            }
            const auto origin = reporter_.groupOrigin(firing);
            clocks.renew(firing.group, firing.timeS);
            ++m_.failures;
            ++m_.restartFailures;
            t_ = firing.timeS;
            detector_.sendToRepair(firing.group, 1, firing.timeS);
            reporter_.emitFailure(firing.timeS, firing.group, origin);
            reporter_.maybeSnapshot(t_);
        }
        if (!repair_ || (detector_.nextFiringS() < end && detector_.nextFiringS() < limitS))
            break;  // no repair model, or stopped by a cancel or the failure limit
        const double servedS = repair_->allServedBy();
        if (servedS <= end)
            break;
        end = servedS;
    }
    // Stopped inside the window: by a cancel or the failure limit at t_, or by a time limit the window
    // reaches.
    m_.stopReason = limitReached(t_);
    if (m_.stopReason == StopReason::None && end > limitS) {
        m_.stopReason = limitReached(limitS);
        t_ = limitS;
    }
    if (m_.stopReason != StopReason::None) {
        ledger_.restart(t_ - start, stalls * sc_.detectS, stalls * sc_.diagnoseS, stalls * sc_.queueS);
        return;
    }
    for (const auto& firing : deferred)
        clocks.restore(firing);
    deferred.clear();

    t_ = end;
    ledger_.restart(end - start, stalls * sc_.detectS, stalls * sc_.diagnoseS, stalls * sc_.queueS);
    reporter_.restartEnded();
    if (repair_ && end > windowsEnd)
        repair_->spareWait(end - windowsEnd);
    allGroupsBack(end);
    const int resumeStep = fromMemory ? memory_->resumeStep() : checkpoints_.rollbackStep();
    const int rework = stepsDone_ - resumeStep;
    m_.reworkSteps += rework;
    ledger_.rolledBack(fromMemory);
    stepsDone_ = resumeStep;
    progress_ = fromMemory ? memory_->progress() : checkpoints_.rollbackProgress();
    if (memory_) {
        ++(fromMemory ? m_.memoryRestores : m_.storageRestores);
        reporter_.emit(EventKind::Restore, t_, 0.0, -1, fromMemory ? 1 : 0);
        memory_->restored(stepsDone_, progress_);
    }
    reporter_.emit(EventKind::Rollback, t_, 0.0, -1, rework);
}

void SimulationRun::countDecision(const ReorderDecision& decision)
{
    if (decision.wipeout) {
        ++m_.wipeouts;
    } else if (decision.phase == ReorderDecision::Phase::FixedCheck) {
        ++m_.phase0Decisions;
        stepPhase_ = std::max(stepPhase_, StepPhase::FixedCheckOnly);
    } else {
        ++m_.phase2Decisions;
        stepPhase_ = StepPhase::Reordered;
    }
}

void SimulationRun::countStepPhase()
{
    switch (stepPhase_) {
    case StepPhase::NoDecision: ++m_.stepsWithoutDecision; break;
    case StepPhase::FixedCheckOnly: ++m_.stepsFixedCheckOnly; break;
    case StepPhase::Reordered: ++m_.stepsReordered; break;
    }
}

RunMetrics SimulationRun::finish()
{
    reporter_.flush();
    m_.stepsDone = stepsDone_;
    m_.tttS = t_;
    m_.t0S = t0S();
    m_.tttRatio = m_.t0S > 0.0 ? m_.tttS / m_.t0S : 0.0;
    m_.effectiveThroughput = m_.tttS > 0.0 ? m_.t0S / m_.tttS : 0.0;
    // The ledger books the time of restarts, shrinks, checkpoint waits and failed all-reduces.
    m_.timeBreakdown = ledger_.breakdown();
    const TimeBreakdown& b = m_.timeBreakdown;
    m_.restartS = b.globalRestartS();
    m_.maintenanceS = b.maintenanceS;
    m_.shrinkS = b.shrinkS;
    m_.checkpointS = b.checkpointS;
    m_.failedAllReduceS = b.failedAllReduceS;
    m_.downS = m_.restartS + m_.shrinkS + m_.maintenanceS;
    // Under elastic the kept steps' work counts in full: ETTR measures interruptions, the progress
    // measures say what a smaller batch is worth.
    m_.productiveS = b.usefulComputeS + (b.redundantComputeS - m_.patchS) + b.barrierWaitS + b.allReduceS;
    m_.ettr = m_.tttS > 0.0 ? m_.productiveS / m_.tttS : 0.0;
    m_.availability = m_.tttS > 0.0 ? (m_.tttS - m_.downS) / m_.tttS : 1.0;
    m_.meanRestartS = m_.restarts > 0 ? m_.restartS / static_cast<double>(m_.restarts) : 0.0;
    m_.meanStackNumber = m_.executedSteps > 0 ? stackSum_ / static_cast<double>(m_.executedSteps) : 0.0;
    m_.samplesCommitted = progress_.samples;
    m_.effectiveProgress = progress_.effective;
    m_.meanBatchFraction = m_.executedSteps > 0 ? batchSum_ / static_cast<double>(m_.executedSteps) : 1.0;
    m_.minBatchFraction = minBatch_;
    m_.reconfigureS = b.reconfigureS;
    m_.gpuSecondsPerStep = sc_.steps > 0 ? static_cast<double>(sc_.groups) * sc_.gpusPerGroup * m_.tttS / sc_.steps
                                         : 0.0;
    if (repair_)
        m_.repair = repair_->metrics();
    return m_;
}

}  // namespace spare
