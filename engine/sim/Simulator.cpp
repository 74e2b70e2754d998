// Over 800 lines: the step loop of one run is one class whose rules (checkpoints, restarts, maintenance,
// repair) share its clock and state; splitting each recovery rule into a class of its own is planned.
#include "engine/sim/Simulator.h"

#include "engine/memory/ZeroedArray.h"
#include "engine/sim/ComputeJitter.h"
#include "engine/sim/DomainFailureClocks.h"
#include "engine/sim/FailureCategories.h"
#include "engine/sim/FailureClocks.h"
#include "engine/sim/HostPopulation.h"
#include "engine/sim/RandomStream.h"
#include "engine/sim/RecoveryPolicy.h"
#include "engine/sim/ReplayState.h"
#include "engine/sim/SparePool.h"
#include "engine/sim/TimeLedger.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <optional>
#include <queue>
#include <stdexcept>

namespace spare {

namespace {

constexpr double infinity = std::numeric_limits<double>::infinity();

// One run's mutable state; the step loop of docs/simulator-model.md.
class SimulationRun {
public:
    SimulationRun(const Scenario& scenario, const Layout* layout, FailureClocks clocks, DomainFailureClocks domains,
                  const HostPopulation& hosts, int checkpointInterval, SimulationObserver* observer,
                  const SimulationLimits& limits)
        : sc_(scenario),
          clocks_(std::move(clocks)),
          domains_(std::move(domains)),
          categories_(scenario),
          jitter_(scenario.jitterSd, scenario.jitterMin, scenario.seed),
          gpuStream_(scenario.seed, StreamPurpose::FailedGpu),
          policy_(RecoveryPolicy::create(scenario, layout)),
          observer_(observer),
          limits_(limits),
          checkpointInterval_(checkpointInterval),
          exact_(scenario.checkpointSemantics == CheckpointSemantics::Exact),
          alive_(static_cast<std::size_t>(scenario.groups), 1),
          aliveCount_(scenario.groups),
          windowEnd_(static_cast<std::size_t>(scenario.groups))
    {
        if (observer_) {
            snapshotIntervalS_ = std::max(0.0, observer_->snapshotIntervalS());
            if (snapshotIntervalS_ > 0.0) {
                std::vector<int> baseStacks;
                policy_->appendStacks(baseStacks);
                replay_.emplace(scenario, scenario.groups, scenario.redundancy, std::move(baseStacks));
            }
            for (const FailureCategory& category : scenario.failureCategories)
                categoryOrigins_.push_back(std::make_shared<const FailureOrigin>(FailureOrigin{category.name, {}, -1}));
        }
        if (sc_.repair) {
            pool_.emplace(*sc_.repair, sc_.groups, sc_.seed);
            failedAtS_.assign(alive_.size(), 0.0);
            m_.repair.emplace();
        }
        if (!(limits_.maxTttRatio > 0.0))
            throw std::invalid_argument("SimulationLimits::maxTttRatio must be > 0");
        capS_ = limits_.maxTttRatio * t0S();
        if (sc_.maintenance)
            nextMaintenanceS_ = sc_.maintenance->atS.empty() ? sc_.maintenance->everyS : sc_.maintenance->atS.front();
        if (sc_.hosts && sc_.hosts->slowFactor > 1.0) {
            slowGroups_ = hosts.slowGroups();
            slowNodes_ = hosts.slowNodeCount();
        }
    }

    RunMetrics run()
    {
        m_.steps = sc_.steps;
        m_.checkpointIntervalSteps = checkpointInterval_;
        while (stepsDone_ < sc_.steps) {
            m_.stopReason = limitReached(t_);
            if (m_.stopReason != StopReason::None)
                break;
            runStep();
            if (m_.stopReason != StopReason::None)
                break;  // stopped inside a restart
        }
        if (stepsDone_ == sc_.steps) {
            m_.completed = true;
            emit(EventKind::RunEnd, t_);
        }
        return finish();
    }

private:
    // The limit a run at simulated time `now` has reached (None: go on). Of two time limits both
    // passed, the earlier one is named.
    StopReason limitReached(double now) const
    {
        if (now >= std::min(limits_.untilS, capS_))
            return limits_.untilS <= capS_ ? StopReason::Until : StopReason::MaxTttRatio;
        if (m_.failures >= limits_.maxFailures)
            return StopReason::MaxFailures;
        if ((limits_.cancel && limits_.cancel->load(std::memory_order_relaxed)) ||
            (observer_ && observer_->stopRequested()))
            return StopReason::Cancelled;
        return StopReason::None;
    }

    void runStep()
    {
        if (t_ >= nextMaintenanceS_) {
            maintenanceStop();
            if (m_.stopReason != StopReason::None)
                return;
        }
        rejoinReadyGroups();
        maybeSnapshot(t_);
        emit(EventKind::StepStart, t_);
        stepPhase_ = StepPhase::NoDecision;
        const int pieces = policy_->computePieces();
        const double pieceS = policy_->pieceSeconds();
        checkAt(t_);
        settleCheckpoint(t_);
        const double computeS = computePhaseSeconds(pieces, pieceS);
        // Check points before each later piece sit at equal fractions of the phase (piece p starts at
        // start + p D / pieces).
        const double start = t_;
        for (int p = 0; p < pieces; ++p) {
            const double pieceStart = start + computeS * p / pieces;
            if (p > 0) {
                checkAt(pieceStart);
                settleCheckpoint(pieceStart);
            }
            endPendingCheckpoint(pieceStart);
            emit(EventKind::StackCompute, pieceStart, computeS / pieces, -1, p);
        }
        t_ = start + computeS;
        endPendingCheckpoint(t_);
        allReduceUntilCommitted();
    }

    // The barrier time of a step's compute, over the groups alive when it starts. After a checkpoint
    // written under writer_only_waits the writer starts its compute T_s late, and the all-reduce (a
    // barrier) waits for it: the phase is the later of the others' barrier and the write plus the
    // writer's own compute (none if it was noticed failed; its write still completes).
    double computePhaseSeconds(int pieces, double pieceS)
    {
        const double nominalS = pieces * pieceS;
        const double slow = slowFactor();
        if (pendingWriter_ < 0) {
            const double phaseS = pieceS * jitter_.barrierFactor(aliveCount_, pieces) * slow;
            ledger_.computePhase(sc_.computeS, nominalS, phaseS);
            m_.slowHostS += phaseS - phaseS / slow;
            return phaseS;
        }
        const bool writerComputes = alive_[static_cast<std::size_t>(pendingWriter_)] != 0;
        const int others = aliveCount_ - (writerComputes ? 1 : 0);
        const double othersS = others > 0 ? pieceS * jitter_.barrierFactor(others, pieces) * slow : 0.0;
        const double writerS =
            pendingCheckpointEndS_ - t_ + (writerComputes ? pieceS * jitter_.barrierFactor(1, pieces) * slow : 0.0);
        m_.slowHostS += othersS - othersS / slow;
        const double waitS = std::max(0.0, writerS - othersS);
        ledger_.checkpointWait(waitS);
        ledger_.computePhase(sc_.computeS, nominalS, othersS);
        return std::max(othersS, writerS);
    }

    // hosts.slow_factor while a live group holds a slow node that was not evicted, else 1 (every step
    // waits for its slowest group).
    double slowFactor() const
    {
        if (slowGroups_.empty() || slowEvicted_)
            return 1.0;
        for (const int group : slowGroups_)
            if (alive_[static_cast<std::size_t>(group)])
                return sc_.hosts->slowFactor;
        return 1.0;
    }

    // hosts.evict_after_s: at the first global restart or planned stop from then on, every slow node is
    // replaced by a spare (the pool is that many nodes short for good).
    void evictSlowHosts(double now)
    {
        if (slowGroups_.empty() || slowEvicted_ || now < sc_.hosts->evictAfterS)
            return;
        slowEvicted_ = true;
        m_.slowHostsEvicted = slowNodes_;
        if (pool_)
            pool_->nodesRetired(slowNodes_, now);
    }

    // The all-reduce, with the failed-all-reduce / decision / patch / retry cycle.
    void allReduceUntilCommitted()
    {
        for (;;) {
            checkAt(t_);
            settleCheckpoint(t_);
            if (noticed_.empty()) {
                emit(EventKind::AllReduce, t_, sc_.allReduceS);
                t_ += sc_.allReduceS;
                ledger_.allReduce(sc_.allReduceS);
                commitStep();
                return;
            }
            const double failedS = sc_.failedAllReduceFactor * sc_.allReduceS;
            emit(EventKind::FailedAllReduce, t_, failedS);
            t_ += failedS;
            ledger_.failedAllReduce(failedS);

            std::sort(noticed_.begin(), noticed_.end());
            FailureResponse response = policy_->onFailures(noticed_);
            if (response.decision) {
                countDecision(*response.decision);
                ++m_.events;
                if (observer_)
                    emitDecision(std::move(*response.decision));
            }
            if (response.action == FailureResponse::Action::Restart) {
                noticed_.clear();
                globalRestart(response.cause);
                return;
            }
            m_.maskedFailures += static_cast<std::int64_t>(noticed_.size());
            noticed_.clear();
            if (response.action == FailureResponse::Action::Commit) {
                shrink();
                commitStep();
                return;
            }
            checkAt(t_);  // before the patch compute
            const double patchS = sc_.computeS * jitter_.barrierFactor(response.patchGroups, 1);
            emit(EventKind::PatchCompute, t_, patchS, -1, response.patchGroups);
            t_ += patchS;
            m_.patchS += patchS;
            ledger_.patchCompute(patchS);
            ++m_.patchComputes;
            shrink();
        }
    }

    void commitStep()
    {
        stackSum_ += policy_->stackNumber();
        ++m_.executedSteps;
        countStepPhase();
        ledger_.stepCommitted();
        emit(EventKind::StepEnd, t_);
        ++stepsDone_;
        if (stepsDone_ % checkpointInterval_ == 0 && stepsDone_ < sc_.steps)
            writeCheckpoint();
    }

    // The checkpoint of step k (the step just committed) is written after it. Under checkpoint.semantics
    // exact a rollback to it resumes at step k + 1 and a failure of any group before it is written (and
    // persisted) voids it; under paper a rollback re-executes step k, and only the writer (lowest-numbered
    // live group) is checked. Everyone waits T_s, or under writer_only_waits only the writer: its write then
    // ends T_s later, inside the next step's compute (computePhaseSeconds). A write due while the one before
    // is still being persisted waits for it.
    void writeCheckpoint()
    {
        const int checkpointStep = stepsDone_ - 1;
        if (persisting_) {
            if (persistEndS_ > t_) {
                ledger_.checkpointWait(persistEndS_ - t_);
                t_ = persistEndS_;
            }
            checkAt(t_);
            settleCheckpoint(t_);
        }
        // Exact semantics: a failure since the last check point (it would surface at the next all-reduce)
        // voids the write before it starts.
        if (exact_)
            checkAt(t_);
        const int writer = static_cast<int>(std::find(alive_.begin(), alive_.end(), 1) - alive_.begin());
        if ((exact_ && !noticed_.empty()) || clocks_.firedBy(writer, t_) || domains_.firedBy(writer, t_)) {
            ++m_.checkpointsVoided;
            emit(EventKind::CheckpointVoided, t_, 0.0, writer, 0, -1, checkpointStep);
            return;
        }
        emit(EventKind::CheckpointStart, t_, sc_.checkpointWriteS, writer, 0, -1, checkpointStep);
        ++m_.checkpointsWritten;
        pendingWriter_ = writer;
        pendingCheckpointStep_ = checkpointStep;
        pendingCheckpointEndS_ = t_ + sc_.checkpointWriteS;
        if (exact_)
            firstFailureSinceWriteS_ = infinity;
        if (sc_.writerOnlyWaits)
            return;
        if (!exact_) {
            t_ += sc_.checkpointWriteS;
            ledger_.checkpointWait(sc_.checkpointWriteS);
            endPendingCheckpoint(t_);
            return;
        }
        // Everyone writes: the write stops at the first failure of a live group inside it.
        const double start = t_;
        const std::int64_t failuresBefore = m_.failures;
        while (nextFiringS() <= pendingCheckpointEndS_) {
            const double at = nextFiringS();
            checkAt(at);
            if (m_.failures > failuresBefore) {
                pendingCheckpointEndS_ = at;
                break;
            }
        }
        t_ = pendingCheckpointEndS_;
        ledger_.checkpointWait(t_ - start);
        checkAt(t_);
        endPendingCheckpoint(t_);
    }

    // Ends a write in progress once simulated time `now` has reached its end. Under the paper's semantics
    // without a persist stage the checkpoint is a rollback target at once (CheckpointEnd); otherwise it
    // waits for settleCheckpoint().
    void endPendingCheckpoint(double now)
    {
        if (pendingWriter_ < 0 || pendingCheckpointEndS_ > now)
            return;
        const int writer = pendingWriter_;
        pendingWriter_ = -1;
        if (!exact_ && sc_.checkpointPersistS == 0.0) {
            lastCheckpointStep_ = pendingCheckpointStep_;
            ledger_.checkpointWritten(false);
            ledger_.checkpointPersisted();
            emit(EventKind::CheckpointEnd, pendingCheckpointEndS_, 0.0, writer, 0, -1, pendingCheckpointStep_);
            return;
        }
        ledger_.checkpointWritten(exact_);
        persisting_ = true;
        persistWriter_ = writer;
        persistEndS_ = pendingCheckpointEndS_ + sc_.checkpointPersistS;
        if (!exact_)
            firstFailureSinceWriteS_ = infinity;  // the paper's semantics: only the persist stage is exposed
        settleCheckpoint(now);
    }

    // A written checkpoint becomes the rollback target when it is persisted with no live group failing
    // from the start of its write (exact; paper: from the end of the write) to the end of its persist;
    // a failure in that span voids it, and its work is rolled back with the steps after it.
    void settleCheckpoint(double now)
    {
        if (!persisting_)
            return;
        if (firstFailureSinceWriteS_ <= persistEndS_) {
            persisting_ = false;
            ++m_.checkpointsVoided;
            ledger_.checkpointVoided();
            emit(EventKind::CheckpointVoided, std::max(firstFailureSinceWriteS_, now), 0.0, persistWriter_, 0, -1,
                 pendingCheckpointStep_);
            return;
        }
        if (persistEndS_ > now)
            return;
        persisting_ = false;
        lastCheckpointStep_ = pendingCheckpointStep_ + (exact_ ? 1 : 0);
        ledger_.checkpointPersisted();
        emit(EventKind::CheckpointEnd, persistEndS_, 0.0, persistWriter_, 0, -1, pendingCheckpointStep_);
    }

    // A restart loses what is not persisted: under exact semantics a write in progress and a checkpoint
    // still persisting are voided (the failures behind the restart came before their end); under the
    // paper's a write in progress ends after the restart as before.
    void settleBeforeRestart(double start)
    {
        if (pendingWriter_ >= 0 && exact_) {
            pendingWriter_ = -1;
            ++m_.checkpointsVoided;
            emit(EventKind::CheckpointVoided, start, 0.0, -1, 0, -1, pendingCheckpointStep_);
        }
        settleCheckpoint(start);
        if (persisting_) {
            persisting_ = false;
            ++m_.checkpointsVoided;
            ledger_.checkpointVoided();
            emit(EventKind::CheckpointVoided, start, 0.0, persistWriter_, 0, -1, pendingCheckpointStep_);
        }
    }

    // A planned stop (the maintenance section): a checkpoint of the last committed step that the orderly
    // drain always completes, then a stop of maintenance.duration_s in which whatever fails is repaired
    // (clocks firing inside renew), then every group is back with no rework.
    void maintenanceStop()
    {
        const int restoreTo = exact_ ? stepsDone_ : std::max(0, stepsDone_ - 1);
        if (pendingWriter_ >= 0) {
            ledger_.checkpointWait(std::max(0.0, pendingCheckpointEndS_ - t_));
            t_ = std::max(t_, pendingCheckpointEndS_);
            endPendingCheckpoint(t_);
        }
        persisting_ = false;
        if (stepsDone_ > 0 && lastCheckpointStep_ != restoreTo) {
            const int writer = static_cast<int>(std::find(alive_.begin(), alive_.end(), 1) - alive_.begin());
            emit(EventKind::CheckpointStart, t_, sc_.checkpointWriteS, writer, 0, -1, stepsDone_ - 1);
            ++m_.checkpointsWritten;
            t_ += sc_.checkpointWriteS;
            ledger_.checkpointWait(sc_.checkpointWriteS);
            ledger_.checkpointWritten(exact_);
            ledger_.checkpointPersisted();
            lastCheckpointStep_ = restoreTo;
            emit(EventKind::CheckpointEnd, t_, 0.0, writer, 0, -1, stepsDone_ - 1);
        }
        const double start = t_;
        const double limitS = std::min(limits_.untilS, capS_);
        const double end = std::min(start + sc_.maintenance->durationS, std::max(start, limitS));
        ++m_.maintenanceStops;
        evictSlowHosts(start);
        emit(EventKind::RestartStart, start, 0.0, -1, static_cast<int>(RestartCause::Maintenance));
        while (nextFiringS() < end) {
            if (domainFiresFirst()) {
                takeDomainFiring([](int, double, const std::shared_ptr<const FailureOrigin>&, int) {});
                continue;
            }
            const FailureClocks::Firing firing = clocks_.pop();
            clocks_.renew(firing.group, firing.timeS);
        }
        deferred_.clear();
        deferredHits_.clear();
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
    double nextMaintenanceAfter(double now) const
    {
        const std::vector<double>& at = sc_.maintenance->atS;
        if (!at.empty()) {
            const auto next = std::upper_bound(at.begin(), at.end(), now);
            return next == at.end() ? infinity : *next;
        }
        const double every = sc_.maintenance->everyS;
        return (std::floor(now / every) + 1.0) * every;
    }

    // The end of a global restart or a maintenance stop at `end`: the repair requests served by then are
    // taken (nothing is left to rejoin), the policy starts over and every group is back.
    void allGroupsBack(double end)
    {
        if (pool_) {
            pool_->advance(end);
            pool_->takeServed();
            rejoinQueue_ = {};
        }
        policy_->reset();
        for (const int group : wentOut_)
            alive_[static_cast<std::size_t>(group)] = 1;
        wentOut_.clear();
        aliveCount_ = sc_.groups;
        emit(EventKind::RestartEnd, t_);
    }

    void shrink()
    {
        emit(EventKind::Shrink, t_, sc_.shrinkS);
        t_ += sc_.shrinkS;
        ledger_.shrink(sc_.shrinkS);
    }

    // A check point: every clock fired by `when` is handled. A live group's failure is noticed (the
    // group drops out, its clock renews now); a dead group's clock just renews from its firing. A domain
    // firing is noticed for every live group in the domain (their own clocks run on), as are the domain
    // failures a restart deferred.
    void checkAt(double when)
    {
        int found = 0;
        const auto notice = [&](int group, double timeS, const std::shared_ptr<const FailureOrigin>& origin,
                                int nodes) {
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
            const auto g = static_cast<std::size_t>(firing.group);
            if (!alive_[g]) {
                clocks_.renew(firing.group, firing.timeS);
                continue;
            }
            const auto origin = groupOrigin(firing);
            clocks_.renew(firing.group, when);
            notice(firing.group, firing.timeS, origin, 1);
        }
        if (found > 0)
            emit(EventKind::Detection, when, 0.0, -1, found);
    }

    // Group g fails at timeS if it is alive (drops out, counted, reported, its `nodes` nodes sent to
    // repair); false when it was out already.
    bool failLiveGroup(int group, double timeS, const std::shared_ptr<const FailureOrigin>& origin, int nodes)
    {
        const auto g = static_cast<std::size_t>(group);
        if (!alive_[g])
            return false;
        alive_[g] = 0;
        wentOut_.push_back(group);
        --aliveCount_;
        ++m_.failures;
        firstFailureSinceWriteS_ = std::min(firstFailureSinceWriteS_, timeS);
        sendToRepair(group, nodes, timeS);
        emitFailure(timeS, group, origin);
        return true;
    }

    void sendToRepair(int group, int nodes, double timeS)
    {
        if (!pool_)
            return;
        pool_->nodesFailed(group, nodes, timeS);
        failedAtS_[static_cast<std::size_t>(group)] = timeS;
    }

    // Pops the earliest domain firing and hands every group it hits to hit(group, time, origin, nodes),
    // nodes being how many of the group's nodes lie in the domain (counted only under a repair model).
    template <typename Hit>
    void takeDomainFiring(Hit&& hit)
    {
        const DomainFailureClocks::Firing firing = domains_.pop();
        if (firing.removed) {
            ++m_.proneNodesRemoved;
            if (pool_)
                pool_->nodesRetired(1, firing.timeS);
        }
        const auto origin = domainOrigin(firing);
        for (const int g : domains_.groupsHit(firing))
            hit(g, firing.timeS, origin, pool_ ? domains_.nodesHit(firing, g) : 1);
    }

    // repair.rejoin at_step: every out group whose nodes were replaced (spare in hand, swap done) and whose
    // state transfer has ended is back at this step boundary; the policy re-admits them together.
    void rejoinReadyGroups()
    {
        if (!pool_ || sc_.repair->rejoin != RejoinRule::AtStep)
            return;
        pool_->advance(t_);
        const double delayS = sc_.repair->swapS + sc_.repair->stateTransferS;
        for (const SparePool::Served& served : pool_->takeServed())
            if (std::isfinite(delayS))
                rejoinQueue_.push({served.timeS + delayS, served.group});
        rejoining_.clear();
        while (!rejoinQueue_.empty() && rejoinQueue_.top().timeS <= t_) {
            rejoining_.push_back(rejoinQueue_.top().group);
            rejoinQueue_.pop();
        }
        if (rejoining_.empty())
            return;
        std::sort(rejoining_.begin(), rejoining_.end());
        // A maintenance stop brings every group back, so a served request may find its group alive.
        std::erase_if(rejoining_, [this](int group) { return alive_[static_cast<std::size_t>(group)] != 0; });
        if (rejoining_.empty())
            return;
        for (const int group : rejoining_) {
            const auto g = static_cast<std::size_t>(group);
            alive_[g] = 1;
            ++aliveCount_;
            ++m_.repair->rejoins;
            rejoinDelaySumS_ += t_ - failedAtS_[g];
            emit(EventKind::Rejoin, t_, 0.0, group);
        }
        if (std::optional<ReorderDecision> decision = policy_->onRejoin(rejoining_)) {
            ++m_.events;
            if (observer_)
                emitDecision(std::move(*decision));
        }
    }

    // Under extend_on_failure every group's restart window ends at firstEndS until a failure inside it
    // starts it over; only the windows started over are stored (nonzero), and put back to zero here.
    void startWindows(double firstEndS)
    {
        for (const int group : windowsStartedOver_)
            windowEnd_[static_cast<std::size_t>(group)] = 0.0;
        windowsStartedOver_.clear();
        firstWindowEndS_ = firstEndS;
    }
    double windowEnd(int group) const
    {
        const double stored = windowEnd_[static_cast<std::size_t>(group)];
        return stored != 0.0 ? stored : firstWindowEndS_;
    }
    void startWindowOver(int group, double endS)
    {
        double& stored = windowEnd_[static_cast<std::size_t>(group)];
        if (stored == 0.0)
            windowsStartedOver_.push_back(group);
        stored = endS;
    }

    double nextFiringS() const { return std::min(clocks_.earliest(), domains_.earliest()); }
    // Of a group clock and a domain clock due at the same instant, the group clock goes first.
    bool domainFiresFirst() const { return domains_.earliest() < clocks_.earliest(); }

    // Global restart: every group waits out a window of T_r; under extend_on_failure a failure inside
    // a group's window starts it over (clock renewed at the failure instant) and the restart ends with
    // the last window; under fixed it ends after T_r (failures inside only renew their clocks).
    // Failures are emitted as they are found (nothing is kept per failure), so the restart's length is
    // known only at its RestartEnd. A limit reached inside the window stops the run there.
    void globalRestart(RestartCause cause)
    {
        const double start = t_;
        ledger_.restartStarted();
        // Clocks fired since the last check point: live groups are noticed by the restart itself.
        while (nextFiringS() <= start) {
            if (domainFiresFirst()) {
                takeDomainFiring(
                    [this](int g, double timeS, const std::shared_ptr<const FailureOrigin>& origin, int nodes) {
                        failLiveGroup(g, timeS, origin, nodes);
                    });
                continue;
            }
            const FailureClocks::Firing firing = clocks_.pop();
            const auto origin = groupOrigin(firing);
            const bool alive = alive_[static_cast<std::size_t>(firing.group)] != 0;
            clocks_.renew(firing.group, alive ? start : firing.timeS);
            if (alive)
                failLiveGroup(firing.group, firing.timeS, origin, 1);
        }
        settleBeforeRestart(start);
        ++m_.restarts;
        evictSlowHosts(start);
        emit(EventKind::RestartStart, start, 0.0, -1, static_cast<int>(cause));
        restartStartS_ = start;
        restarting_ = true;
        maybeSnapshot(start);

        const bool extend = sc_.restartRule == RestartRule::ExtendOnFailure;
        const bool serialized = sc_.restartRule == RestartRule::Serialized;
        // detect, diagnose and queue come first; the restart windows of T_r follow. Under serialized each
        // failure inside queues one more whole stall.
        const double stallS = sc_.detectS + sc_.diagnoseS + sc_.queueS + sc_.restartS;
        int stalls = 1;
        double end = start + stallS;
        double windowsEnd = end;  // end without the wait for spares
        const auto extendTo = [&](double windowEnd) {
            windowsEnd = std::max(windowsEnd, windowEnd);
            end = std::max(end, windowEnd);
        };
        if (extend) {
            startWindows(end);
            deferred_.clear();
            deferredHits_.clear();
        }
        // A domain firing inside the restart hits each of its groups as if its own clock had fired there.
        const auto hitInRestart = [&](int g, double timeS, const std::shared_ptr<const FailureOrigin>& origin,
                                      int nodes) {
            if (extend) {
                if (timeS >= windowEnd(g)) {
                    deferredHits_.push_back({timeS, g, origin, nodes});
                    return;
                }
                startWindowOver(g, timeS + sc_.restartS);
                extendTo(timeS + sc_.restartS);
            }
            ++m_.failures;
            ++m_.restartFailures;
            sendToRepair(g, nodes, timeS);
            emitFailure(timeS, g, origin);
        };
        const double limitS = std::min(limits_.untilS, capS_);
        // Under a repair model the restart also lasts until every group is complete again; failures in
        // that wait are handled like those in the window, so the two are iterated to a fixed point.
        for (;;) {
            while (nextFiringS() < end) {
                if (nextFiringS() >= limitS || limitReached(t_) != StopReason::None)
                    break;
                if (domainFiresFirst()) {
                    t_ = domains_.earliest();
                    takeDomainFiring(hitInRestart);
                    if (serialized) {
                        end += stallS;
                        windowsEnd += stallS;
                        ++stalls;
                    }
                    maybeSnapshot(t_);
                    continue;
                }
                const FailureClocks::Firing firing = clocks_.pop();
                if (extend) {
                    if (firing.timeS >= windowEnd(firing.group)) {
                        // Fired after its own window while others still wait: it surfaces at the first
                        // check point after the restart.
                        deferred_.push_back(firing);
                        continue;
                    }
                    startWindowOver(firing.group, firing.timeS + sc_.restartS);
                    extendTo(firing.timeS + sc_.restartS);
                } else if (serialized) {
                    end += stallS;
                    windowsEnd += stallS;
                    ++stalls;
                }
                const auto origin = groupOrigin(firing);
                clocks_.renew(firing.group, firing.timeS);
                ++m_.failures;
                ++m_.restartFailures;
                t_ = firing.timeS;
                sendToRepair(firing.group, 1, firing.timeS);
                emitFailure(firing.timeS, firing.group, origin);
                maybeSnapshot(t_);
            }
            if (!pool_ || (nextFiringS() < end && nextFiringS() < limitS))
                break;  // no repair model, or stopped by a cancel or the failure limit
            const double servedS = pool_->allServedBy();
            if (servedS <= end)
                break;
            end = servedS;
        }
        // Stopped inside the window: by a cancel or the failure limit at t_, or by a time limit the
        // window reaches.
        m_.stopReason = limitReached(t_);
        if (m_.stopReason == StopReason::None && end > limitS) {
            m_.stopReason = limitReached(limitS);
            t_ = limitS;
        }
        if (m_.stopReason != StopReason::None) {
            ledger_.restart(t_ - start, stalls * sc_.detectS, stalls * sc_.diagnoseS, stalls * sc_.queueS);
            return;
        }
        for (const auto& firing : deferred_)
            clocks_.restore(firing);
        deferred_.clear();

        t_ = end;
        ledger_.restart(end - start, stalls * sc_.detectS, stalls * sc_.diagnoseS, stalls * sc_.queueS);
        restarting_ = false;
        if (pool_ && end > windowsEnd) {
            ++m_.repair->spareWaits;
            m_.repair->spareWaitS += end - windowsEnd;
        }
        allGroupsBack(end);
        const int rework = stepsDone_ - lastCheckpointStep_;
        m_.reworkSteps += rework;
        ledger_.rolledBack();
        stepsDone_ = lastCheckpointStep_;
        emit(EventKind::Rollback, t_, 0.0, -1, rework);
    }

    void countDecision(const ReorderDecision& decision)
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

    void countStepPhase()
    {
        switch (stepPhase_) {
        case StepPhase::NoDecision: ++m_.stepsWithoutDecision; break;
        case StepPhase::FixedCheckOnly: ++m_.stepsFixedCheckOnly; break;
        case StepPhase::Reordered: ++m_.stepsReordered; break;
        }
    }

    void emit(EventKind kind, double time, double duration = 0.0, int group = -1, int value = 0, int gpu = -1,
              int step = -1)
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
        event.stackNumber = policy_->stackNumber();
        event.value = value;
        report(event);
    }

    void emitFailure(double timeS, int group, const std::shared_ptr<const FailureOrigin>& origin)
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
        event.stackNumber = policy_->stackNumber();
        event.origin = origin;
        report(event);
    }

    // Hands an event to the observer; runs that take snapshots also fold it into the replayed state.
    void report(const Event& event)
    {
        if (replay_)
            replay_->apply(event);
        observer_->onEvent(event);
    }

    // The category of a per-group clock's failure (observed runs with gpu-level categories), else none.
    std::shared_ptr<const FailureOrigin> groupOrigin(const FailureClocks::Firing& firing) const
    {
        if (!observer_ || !categories_.labelsGroupFailures())
            return nullptr;
        return categoryOrigins_[static_cast<std::size_t>(categories_.categoryOf(firing.group, firing.lifetime))];
    }

    std::shared_ptr<const FailureOrigin> domainOrigin(const DomainFailureClocks::Firing& firing) const
    {
        return observer_ ? domains_.origin(firing) : nullptr;
    }

    void emitDecision(ReorderDecision&& decision)
    {
        Event event;
        event.time = t_;
        event.kind = EventKind::Decision;
        event.step = stepsDone_;
        event.stackNumber = decision.stackNumber;
        event.value = static_cast<int>(decision.phase);
        event.decision = std::make_shared<const ReorderDecision>(std::move(decision));
        report(event);
    }

    // Called only where the state equals the replay of the events emitted so far (between steps and
    // inside a restart), so a snapshot never holds anything its event index has not yet reported.
    void maybeSnapshot(double now)
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

    double t0S() const { return sc_.steps * (sc_.computeS + sc_.allReduceS); }

    RunMetrics finish()
    {
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
        m_.productiveS = b.usefulComputeS + (b.redundantComputeS - m_.patchS) + b.barrierWaitS + b.allReduceS;
        m_.ettr = m_.tttS > 0.0 ? m_.productiveS / m_.tttS : 0.0;
        m_.availability = m_.tttS > 0.0 ? (m_.tttS - m_.downS) / m_.tttS : 1.0;
        m_.meanRestartS = m_.restarts > 0 ? m_.restartS / static_cast<double>(m_.restarts) : 0.0;
        m_.meanStackNumber = m_.executedSteps > 0 ? stackSum_ / static_cast<double>(m_.executedSteps) : 0.0;
        if (pool_) {
            m_.repair->nodesFailed = pool_->nodesFailedTotal();
            m_.repair->minFreeSpares = pool_->minFreeSpares();
            m_.repair->meanRejoinDelayS =
                m_.repair->rejoins > 0 ? rejoinDelaySumS_ / static_cast<double>(m_.repair->rejoins) : 0.0;
        }
        return m_;
    }

    const Scenario& sc_;
    FailureClocks clocks_;
    DomainFailureClocks domains_;
    FailureCategories categories_;
    std::vector<std::shared_ptr<const FailureOrigin>> categoryOrigins_;  // per category (observed runs)
    ComputeJitter jitter_;
    RandomStream gpuStream_;
    std::unique_ptr<RecoveryPolicy> policy_;
    SimulationObserver* observer_;
    SimulationLimits limits_;
    int checkpointInterval_;
    bool exact_;  // checkpoint.semantics exact (else the paper's)

    std::vector<char> alive_;
    int aliveCount_;
    std::vector<int> wentOut_;  // groups that dropped out since the last global restart (may repeat)
    std::vector<int> noticed_;  // failures noticed in this step, not yet handled
    std::vector<FailureClocks::Firing> deferred_;
    // Domain failures inside a restart that hit a group after its own window: noticed at the first check point.
    struct DomainHit {
        double timeS = 0.0;
        int group = -1;
        std::shared_ptr<const FailureOrigin> origin;
        int nodes = 1;
    };
    std::vector<DomainHit> deferredHits_;
    // Restart windows (extend_on_failure): 0 = ends at firstWindowEndS_.
    ZeroedArray<double> windowEnd_;
    std::vector<int> windowsStartedOver_;
    double firstWindowEndS_ = 0.0;
    // Repair model (scenarios with a repair section).
    std::optional<SparePool> pool_;
    std::vector<double> failedAtS_;  // each group's latest failure
    struct ReadyGroup {
        double timeS = 0.0;
        int group = -1;
        bool operator>(const ReadyGroup& other) const
        {
            return timeS != other.timeS ? timeS > other.timeS : group > other.group;
        }
    };
    std::priority_queue<ReadyGroup, std::vector<ReadyGroup>, std::greater<>> rejoinQueue_;
    std::vector<int> rejoining_;
    double rejoinDelaySumS_ = 0.0;

    double t_ = 0.0;
    int stepsDone_ = 0;
    int lastCheckpointStep_ = 0;
    int pendingWriter_ = -1;  // writer of a checkpoint still being written (writer_only_waits)
    int pendingCheckpointStep_ = 0;
    double pendingCheckpointEndS_ = 0.0;
    // A written checkpoint waiting for its persist stage (or, under exact semantics, for the check that no
    // group failed during its write), and the earliest live-group failure since its write (or persist)
    // began: one at or before persistEndS_ voids it.
    bool persisting_ = false;
    int persistWriter_ = -1;
    double persistEndS_ = 0.0;
    double firstFailureSinceWriteS_ = infinity;
    double nextMaintenanceS_ = infinity;
    // Groups holding a slow node (hosts section), until evicted.
    std::vector<int> slowGroups_;
    int slowNodes_ = 0;
    bool slowEvicted_ = false;
    double stackSum_ = 0.0;
    double capS_ = 0.0;  // maxTttRatio x T0
    double snapshotIntervalS_ = 0.0;
    double nextSnapshotS_ = 0.0;
    bool restarting_ = false;
    double restartStartS_ = 0.0;
    // The events so far, replayed (runs that take snapshots only).
    std::optional<ReplayState> replay_;
    // The reorder controller's most demanding phase in the step in progress (RunMetrics::stepsReordered).
    enum class StepPhase { NoDecision, FixedCheckOnly, Reordered };
    StepPhase stepPhase_ = StepPhase::NoDecision;
    TimeLedger ledger_;
    RunMetrics m_;
};

}  // namespace

Simulator::Simulator(PreparedRun run) : run_(std::move(run))
{
    if (run_.trace)
        run_.scenario.failureModel = FailureModel::Trace;
}

Simulator::Simulator(const Scenario& scenario) : Simulator(prepareRun(scenario)) {}

Simulator::Simulator(const Scenario& scenario, std::vector<TraceFailure> trace)
    : Simulator(prepareRun(scenario, {std::move(trace)}))
{
}

RunMetrics Simulator::run(SimulationObserver* observer, const SimulationLimits& limits) const
{
    const Scenario& scenario = run_.scenario;
    FailureClocks clocks = run_.trace ? FailureClocks(scenario.groups, *run_.trace) : FailureClocks(scenario);
    const HostPopulation hosts(scenario);
    DomainFailureClocks domains(scenario, run_.trace ? nullptr : run_.placement, hosts);
    SimulationRun simulation(scenario, run_.layout.get(), std::move(clocks), std::move(domains), hosts,
                             run_.checkpointIntervalSteps, observer, limits);
    return simulation.run();
}

}  // namespace spare
