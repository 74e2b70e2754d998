#include "engine/sim/FailureClocks.h"
#include "engine/sim/RecoveryPolicy.h"
#include "engine/sim/RunMetricsJson.h"
#include "engine/sim/ScenarioJson.h"
#include "engine/sim/Simulator.h"
#include "tests/support/TinyScenario.h"

#include <nlohmann/json.hpp>
#include <tbb/task_arena.h>  // before Qt, whose emit macro breaks oneTBB's headers

#include <QtTest/QtTest>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <limits>
#include <vector>

using namespace spare;

Q_DECLARE_METATYPE(spare::Policy)
Q_DECLARE_METATYPE(spare::FailureModel)
Q_DECLARE_METATYPE(spare::RestartRule)
Q_DECLARE_METATYPE(std::vector<spare::TraceFailure>)

namespace {

class RecordingObserver : public SimulationObserver {
public:
    void onEvent(const Event& event) override { events.push_back(event); }
    bool stopRequested() const override { return stopAfter >= 0 && static_cast<int>(events.size()) >= stopAfter; }
    int count(EventKind kind) const
    {
        return static_cast<int>(std::count_if(events.begin(), events.end(), [kind](const Event& e) { return e.kind == kind; }));
    }
    std::vector<Event> events;
    int stopAfter = -1;
};

// Pops `count` firings from each clock set (renewing each at its firing): true when both pop the same.
bool samePops(FailureClocks& a, FailureClocks& b, int count)
{
    for (int i = 0; i < count; ++i) {
        const FailureClocks::Firing x = a.pop();
        const FailureClocks::Firing y = b.pop();
        if (x.group != y.group || x.timeS != y.timeS || x.lifetime != y.lifetime)
            return false;
        a.renew(x.group, x.timeS);
        b.renew(y.group, y.timeS);
    }
    return true;
}

bool sameEvents(const std::vector<Event>& a, const std::vector<Event>& b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        const Event& x = a[i];
        const Event& y = b[i];
        if (x.time != y.time || x.duration != y.duration || x.kind != y.kind || x.group != y.group || x.gpu != y.gpu ||
            x.step != y.step || x.stackNumber != y.stackNumber || x.value != y.value ||
            (x.decision == nullptr) != (y.decision == nullptr))
            return false;
    }
    return true;
}

bool sameMetrics(const RunMetrics& a, const RunMetrics& b)
{
    const auto x = runMetricsFields(a);
    const auto y = runMetricsFields(b);
    for (std::size_t i = 0; i < x.size(); ++i)
        if (std::memcmp(&x[i].second, &y[i].second, sizeof(double)) != 0)
            return false;
    return a.completed == b.completed;
}

// The authors' checkpoint convention (checkpoint.semantics paper), which the hand-computed runs below follow.
Scenario withPaperCheckpoints(Scenario s)
{
    s.checkpointSemantics = CheckpointSemantics::Paper;
    return s;
}

Scenario paperLike(Policy policy, int steps)
{
    Scenario s;
    s.groups = 200;
    s.redundancy = policy == Policy::Rep ? 3 : 9;
    s.steps = steps;
    s.policy = policy;
    s.seed = 7;
    return s;
}

// An independent replay of the event stream under the rules of SimulationSnapshot's contract
// (sim/Event.h), for the fields a snapshot carries.
class SnapshotReplay {
public:
    SnapshotReplay(const SimulationSnapshot& initial, bool writerOnlyWaits)
        : state_(initial),
          baseStacks_(initial.stacks),
          groups_(static_cast<int>(initial.groupStates.size())),
          writerOnlyWaits_(writerOnlyWaits)
    {
    }

    void apply(const Event& e)
    {
        SimulationSnapshot& s = state_;
        s.time = std::max(s.time, e.time);
        s.stackNumber = e.stackNumber;
        const auto g = static_cast<std::size_t>(e.group);
        switch (e.kind) {
        case EventKind::StepStart: s.step = e.step; break;
        case EventKind::StepEnd:
            s.stepsDone = e.step + 1;
            s.step = e.step + 1;
            break;
        case EventKind::Rollback:
            s.stepsDone = e.step;
            s.step = e.step;
            break;
        case EventKind::CheckpointStart:
            for (std::size_t h = 0; h < s.groupStates.size(); ++h)
                if ((!writerOnlyWaits_ || static_cast<int>(h) == e.group) && s.groupStates[h] != GroupState::MaskedOut &&
                    s.groupStates[h] != GroupState::Failed)
                    s.groupStates[h] = GroupState::Checkpointing;
            break;
        case EventKind::CheckpointEnd:
            s.lastCheckpointStep = e.step;
            std::replace(s.groupStates.begin(), s.groupStates.end(), GroupState::Checkpointing, GroupState::Idle);
            break;
        case EventKind::CheckpointVoided:
            std::replace(s.groupStates.begin(), s.groupStates.end(), GroupState::Checkpointing, GroupState::Idle);
            break;
        case EventKind::Failure:
            ++s.failures;
            s.failedGpus[g] = e.gpu;
            if (!s.restarting) {
                if (s.groupStates[g] != GroupState::Failed && s.groupStates[g] != GroupState::MaskedOut)
                    --s.aliveGroups;
                s.groupStates[g] = GroupState::Failed;
            } else if (e.value == 1) {
                outAfterRestart_.push_back(e);
            }
            break;
        case EventKind::Decision:
            s.lastDecision = e.decision;
            for (const StackUpdate& u : e.decision->changedStacks)
                std::copy(u.stack.begin(), u.stack.end(), s.stacks.begin() + static_cast<std::ptrdiff_t>(u.group) * static_cast<std::ptrdiff_t>(u.stack.size()));
            if (e.decision->wipeout)
                s.lostTypes = e.decision->lostTypes;
            else if (e.decision->phase != ReorderDecision::Phase::Readmit)
                for (int f : e.decision->failedGroups)
                    s.groupStates[static_cast<std::size_t>(f)] = GroupState::MaskedOut;
            break;
        case EventKind::Shrink:
            s.shrinkTimeS += e.duration;
            std::replace(s.groupStates.begin(), s.groupStates.end(), GroupState::Failed, GroupState::MaskedOut);
            break;
        case EventKind::RestartStart:
            ++s.restarts;
            s.restarting = true;
            s.restartStartS = e.time;
            std::fill(s.groupStates.begin(), s.groupStates.end(), GroupState::Restarting);
            break;
        case EventKind::RestartEnd:
            s.restartTimeS += e.time - s.restartStartS;
            s.restarting = false;
            s.restartStartS = 0.0;
            s.aliveGroups = groups_;
            std::fill(s.groupStates.begin(), s.groupStates.end(), GroupState::Idle);
            std::fill(s.failedGpus.begin(), s.failedGpus.end(), -1);
            s.stacks = baseStacks_;
            s.lastDecision.reset();
            s.lostTypes.clear();
            for (const Event& failure : outAfterRestart_) {
                const auto out = static_cast<std::size_t>(failure.group);
                if (s.groupStates[out] != GroupState::Failed)
                    --s.aliveGroups;
                s.groupStates[out] = GroupState::Failed;
                s.failedGpus[out] = failure.gpu;
            }
            outAfterRestart_.clear();
            break;
        case EventKind::Rejoin:
            ++s.rejoins;
            ++s.aliveGroups;
            s.groupStates[g] = GroupState::Idle;
            s.failedGpus[g] = -1;
            break;
        default: break;
        }
    }

    // Compares with a snapshot taken at this point; between steps live groups are Idle.
    void compare(const SimulationSnapshot& snapshot) const
    {
        const SimulationSnapshot& s = state_;
        QCOMPARE(snapshot.time, s.time);
        QCOMPARE(snapshot.step, s.step);
        QCOMPARE(snapshot.stepsDone, s.stepsDone);
        QCOMPARE(snapshot.lastCheckpointStep, s.lastCheckpointStep);
        QCOMPARE(snapshot.stackNumber, s.stackNumber);
        QCOMPARE(snapshot.aliveGroups, s.aliveGroups);
        QCOMPARE(snapshot.restarts, s.restarts);
        QCOMPARE(snapshot.failures, s.failures);
        QCOMPARE(snapshot.rejoins, s.rejoins);
        QCOMPARE(snapshot.downTimeS(), s.downTimeS());
        QCOMPARE(snapshot.shrinkTimeS, s.shrinkTimeS);
        QCOMPARE(snapshot.restartTimeS, s.restartTimeS);
        QCOMPARE(snapshot.restarting, s.restarting);
        QCOMPARE(snapshot.restartStartS, s.restartStartS);
        for (std::size_t g = 0; g < s.groupStates.size(); ++g) {
            const GroupState replayed = s.groupStates[g] == GroupState::Computing ? GroupState::Idle : s.groupStates[g];
            QCOMPARE(snapshot.groupStates[g], replayed);
        }
        QVERIFY(snapshot.failedGpus == s.failedGpus);
        QVERIFY(snapshot.stacks == s.stacks);
        QCOMPARE(snapshot.lastDecision, s.lastDecision);
        QVERIFY(snapshot.lostTypes == s.lostTypes);
    }

private:
    SimulationSnapshot state_;
    std::vector<int> baseStacks_;
    int groups_;
    bool writerOnlyWaits_;
    std::vector<Event> outAfterRestart_;
};

// Records events and snapshots with the number of events before each snapshot.
class SnapshotRecorder final : public SimulationObserver {
public:
    explicit SnapshotRecorder(double intervalS) : intervalS_(intervalS) {}
    void onEvent(const Event& event) override { events.push_back(event); }
    void onSnapshot(const SimulationSnapshot& snapshot) override { snapshots.emplace_back(events.size(), snapshot); }
    double snapshotIntervalS() const override { return intervalS_; }
    std::vector<Event> events;
    std::vector<std::pair<std::size_t, SimulationSnapshot>> snapshots;

private:
    double intervalS_;
};

}  // namespace

class TestSimulator : public QObject {
    Q_OBJECT

private slots:
    void hitchlessRun()
    {
        const RunMetrics m = Simulator(tinyScenario(Policy::Spare, 7, 2, 3, 3), {}).run();
        QVERIFY(m.completed);
        QCOMPARE(m.tttS, 33.0);
        QCOMPARE(m.t0S, 33.0);
        QCOMPARE(m.tttRatio, 1.0);
        QCOMPARE(m.availability, 1.0);
        QCOMPARE(m.meanStackNumber, 1.0);
    }

    // Group 3 fails during step 0's compute: noticed at the all-reduce (t = 10), failed all-reduce
    // (10.5), Phase 2 grows S to 2, 6 survivors patch one stack (20.5), shrink (20.6), retried
    // all-reduce (21.6); then two steps of 2 stacks: 21.6 + 2 x 21 = 63.6.
    void maskedFailureGrowsStackNumber()
    {
        RecordingObserver observer;
        const RunMetrics m = Simulator(tinyScenario(Policy::Spare, 7, 2, 3, 3), {{5.0, 3}}).run(&observer);
        QCOMPARE(m.tttS, 63.6);
        QCOMPARE(m.failures, 1);
        QCOMPARE(m.maskedFailures, 1);
        QCOMPARE(m.phase2Decisions, 1);
        QCOMPARE(m.patchComputes, 1);
        QCOMPARE(m.meanStackNumber, 2.0);
        QCOMPARE(m.restarts, 0);
        QVERIFY(std::abs(m.shrinkS - 0.1) < 1e-12);
        QVERIFY(std::abs(m.availability - (63.6 - 0.1) / 63.6) < 1e-12);
        QCOMPARE(observer.count(EventKind::PatchCompute), 1);
        for (const Event& e : observer.events)
            if (e.kind == EventKind::Decision) {
                QVERIFY(e.decision != nullptr);
                QCOMPARE(e.decision->previousStackNumber, 1);
                QCOMPARE(e.decision->stackNumber, 2);
                QCOMPARE(e.decision->patchComputes, 6LL);
            }
    }

    // A second failure (group 5 at 30) once S = 2 is still covered: Phase 0, failed all-reduce + shrink.
    void phaseZeroCommits()
    {
        const RunMetrics m = Simulator(tinyScenario(Policy::Spare, 7, 2, 3, 3), {{5.0, 3}, {30.0, 5}}).run();
        QCOMPARE(m.phase0Decisions, 1);
        QCOMPARE(m.phase2Decisions, 1);
        QCOMPARE(m.maskedFailures, 2);
        QVERIFY(std::abs(m.tttS - 63.2) < 1e-9);
    }

    // Groups 2 and 3 (both holders of type 3) fail at 40, in step 3: noticed at 48, failed all-reduce
    // 48.5, wipe-out, restart to 148.5, rollback to the checkpoint of step 1 (written after step 1,
    // at 22-27), re-execute steps 1..3 with the checkpoint again: 148.5 + 11 + 5 + 11 + 11 = 186.5 (the
    // paper's checkpoint semantics).
    void wipeoutRestartsAndRollsBack()
    {
        RecordingObserver observer;
        const RunMetrics m =
            Simulator(withPaperCheckpoints(tinyScenario(Policy::Spare, 7, 2, 4, 2)), {{40.0, 2}, {40.0, 3}}).run(&observer);
        QVERIFY(std::abs(m.tttS - 186.5) < 1e-9);
        QCOMPARE(m.wipeouts, 1);
        QCOMPARE(m.restarts, 1);
        QCOMPARE(m.restartS, 100.0);
        QCOMPARE(m.reworkSteps, 2);
        QCOMPARE(m.executedSteps, 6);
        QCOMPARE(m.checkpointsWritten, 2);
        QCOMPARE(m.meanStackNumber, 1.0);
        QCOMPARE(observer.count(EventKind::RestartStart), 1);
        for (const Event& e : observer.events) {
            if (e.kind == EventKind::RestartStart)
                QCOMPARE(e.value, static_cast<int>(RestartCause::Wipeout));
            if (e.kind == EventKind::Rollback) {
                QCOMPARE(e.step, 1);
                QCOMPARE(e.value, 2);
            }
        }
    }

    void restartRules_data()
    {
        QTest::addColumn<RestartRule>("rule");
        QTest::addColumn<std::vector<TraceFailure>>("trace");
        QTest::addColumn<double>("ttt");
        QTest::addColumn<int>("restarts");
        // CKPT-only, 3 steps: group 0 fails at 5 -> restart from 10.5.
        QTest::newRow("quiet extend") << RestartRule::ExtendOnFailure << std::vector<TraceFailure>{{5.0, 0}} << 143.5 << 1;
        // Group 1 fails at 50 inside its window: its window restarts, the restart ends at 150.
        QTest::newRow("extended") << RestartRule::ExtendOnFailure << std::vector<TraceFailure>{{5.0, 0}, {50.0, 1}}
                                  << 183.0 << 1;
        // Fixed rule: the restart lasts exactly T_r whatever fails inside.
        QTest::newRow("fixed") << RestartRule::Fixed << std::vector<TraceFailure>{{5.0, 0}, {50.0, 1}} << 143.5 << 1;
        // Group 2 fails at 120, after its own window (110.5) while group 1 still waits (to 150): it
        // surfaces at the first check point after the restart: a second restart 160.5 -> 260.5.
        QTest::newRow("after own window") << RestartRule::ExtendOnFailure
                                          << std::vector<TraceFailure>{{5.0, 0}, {50.0, 1}, {120.0, 2}} << 293.5 << 2;
    }

    void restartRules()
    {
        QFETCH(RestartRule, rule);
        QFETCH(std::vector<TraceFailure>, trace);
        QFETCH(double, ttt);
        QFETCH(int, restarts);
        Scenario s = tinyScenario(Policy::Ckpt, 3, 1, 3, 3);
        s.restartRule = rule;
        const RunMetrics m = Simulator(s, trace).run();
        QVERIFY2(std::abs(m.tttS - ttt) < 1e-9, qPrintable(QString::number(m.tttS)));
        QCOMPARE(m.restarts, restarts);
        QCOMPARE(m.failures, static_cast<std::int64_t>(trace.size()));
    }

    // CKPT-only, checkpoint every 2 steps: the writer (group 0) fails at 21.5, after step 1's all-reduce
    // check; the checkpoint at 22 is voided, the failure surfaces at step 2's start (22), compute to
    // 32, failed all-reduce 32.5, restart to 132.5, rollback to step 0: 4 x 11 + 5 = 49 -> 181.5.
    void checkpointWriterFailure()
    {
        RecordingObserver observer;
        const RunMetrics m = Simulator(tinyScenario(Policy::Ckpt, 3, 1, 4, 2), {{21.5, 0}}).run(&observer);
        QCOMPARE(m.checkpointsVoided, 1);
        QCOMPARE(m.checkpointsWritten, 1);
        QCOMPARE(m.restarts, 1);
        QCOMPARE(m.reworkSteps, 2);
        QVERIFY(std::abs(m.tttS - 181.5) < 1e-9);
        QCOMPARE(observer.count(EventKind::CheckpointVoided), 1);
    }

    // CKPT-only, 4 steps, checkpoint every 2: steps 0, 1 take 11 each, the checkpoint of step 1 is
    // written 22..27, group 1 fails at 30 during step 2's compute (27..37): failed all-reduce to 37.5,
    // restart to 137.5, rollback re-executes step 1. Rework = step 1 (11) + step 2's compute (10);
    // then steps 1..3 (33) and the checkpoint again (5): TTT 175.5 (the paper's checkpoint semantics).
    void timeBreakdownOfARollback()
    {
        const RunMetrics m = Simulator(withPaperCheckpoints(tinyScenario(Policy::Ckpt, 3, 1, 4, 2)), {{30.0, 1}}).run();
        QVERIFY(std::abs(m.tttS - 175.5) < 1e-9);
        const TimeBreakdown& b = m.timeBreakdown;
        QCOMPARE(b.usefulComputeS, 40.0);
        QCOMPARE(b.redundantComputeS, 0.0);
        QCOMPARE(b.barrierWaitS, 0.0);
        QCOMPARE(b.allReduceS, 4.0);
        QCOMPARE(b.failedAllReduceS, 0.5);
        QCOMPARE(b.shrinkS, 0.0);
        QCOMPARE(b.checkpointS, 10.0);
        QCOMPARE(b.restartS, 100.0);
        QCOMPARE(b.reworkS, 21.0);
        QCOMPARE(m.reworkSteps, 1);
    }

    // The paper's semantics check only the writer: group 1 failing before the checkpoint does not void it.
    void checkpointChecksOnlyWriter()
    {
        const RunMetrics m = Simulator(withPaperCheckpoints(tinyScenario(Policy::Ckpt, 3, 1, 4, 2)), {{21.5, 1}}).run();
        QCOMPARE(m.checkpointsVoided, 0);
        QCOMPARE(m.checkpointsWritten, 2);
        QCOMPARE(m.reworkSteps, 1);  // rollback re-executes step 1, the checkpoint's step
    }

    // Rep+CKPT N = 4, r = 2: sets {0,1}, {2,3}; a step is 2 x 10 + 1 = 21.
    void replicaSets()
    {
        // Different sets: both masked (failed all-reduce + shrink each).
        const RunMetrics masked = Simulator(tinyScenario(Policy::Rep, 4, 2, 3, 3), {{5.0, 0}, {30.0, 2}}).run();
        QCOMPARE(masked.maskedFailures, 2);
        QCOMPARE(masked.restarts, 0);
        QCOMPARE(masked.meanStackNumber, 2.0);
        QVERIFY(std::abs(masked.tttS - (63.0 - 2 * 0.4)) < 1e-9);  // failed all-reduce + shrink: 0.6 < T_a
        // Same set: the set dies in step 1 (noticed at 40.6, failed all-reduce 41.1), restart to
        // 141.1, rollback to step 0 (rework 1), 3 x 21 -> 204.1.
        RecordingObserver observer;
        const RunMetrics dead = Simulator(tinyScenario(Policy::Rep, 4, 2, 3, 3), {{5.0, 0}, {30.0, 1}}).run(&observer);
        QCOMPARE(dead.maskedFailures, 1);
        QCOMPARE(dead.restarts, 1);
        QCOMPARE(dead.reworkSteps, 1);
        QVERIFY(std::abs(dead.tttS - 204.1) < 1e-9);
        for (const Event& e : observer.events)
            if (e.kind == EventKind::RestartStart)
                QCOMPARE(e.value, static_cast<int>(RestartCause::ReplicaSetLost));
    }

    // CKPT-only restarts on every failure: 5 -> restart 10.5..110.5; 115 -> noticed at 120.5, restart
    // 121..221; 3 x 11 -> 254.
    void checkpointOnlyRestartsEveryFailure()
    {
        const RunMetrics m = Simulator(tinyScenario(Policy::Ckpt, 3, 1, 3, 3), {{5.0, 1}, {115.0, 2}}).run();
        QCOMPARE(m.restarts, 2);
        QCOMPARE(m.failures, 2);
        QCOMPARE(m.maskedFailures, 0);
        QVERIFY(std::abs(m.tttS - 254.0) < 1e-9);
    }

    // Common random numbers: the failure clocks depend on the seed only, so every policy meets
    // the same first failure, and the jitter setting does not move it.
    void commonRandomNumbers()
    {
        std::vector<Event> firsts;
        for (const Policy policy : {Policy::Spare, Policy::Rep, Policy::Ckpt})
            for (const double sd : {0.0, 0.05}) {
                Scenario s = paperLike(policy, 20);
                s.jitterSd = sd;
                RecordingObserver observer;
                Simulator(s).run(&observer);
                const auto it = std::find_if(observer.events.begin(), observer.events.end(),
                                             [](const Event& e) { return e.kind == EventKind::Failure; });
                QVERIFY(it != observer.events.end());
                firsts.push_back(*it);
            }
        for (const Event& e : firsts) {
            QCOMPARE(e.time, firsts.front().time);
            QCOMPARE(e.group, firsts.front().group);
        }
        FailureClocks a(paperLike(Policy::Spare, 10));
        FailureClocks b(paperLike(Policy::Rep, 10));
        QVERIFY(samePops(a, b, 500));
    }

    // All n first lifetimes, popped before any renewal: each clock exactly once, in increasing time (ties by
    // clock id), distributed as n iid draws of the model (one-sample Kolmogorov-Smirnov at alpha = 0.001),
    // with the model's mean.
    void firstLifetimesAreIidDrawsInOrder_data()
    {
        QTest::addColumn<FailureModel>("model");
        QTest::newRow("weibull") << FailureModel::Weibull;
        QTest::newRow("exponential") << FailureModel::Exponential;
    }
    void firstLifetimesAreIidDrawsInOrder()
    {
        QFETCH(FailureModel, model);
        const int n = 20'000;
        const double meanS = 3.6e9;
        const double shape = 0.78;
        FailureClocks clocks(n, model, meanS, shape, 11, StreamPurpose::FailureClock, 0);
        const double scale = model == FailureModel::Weibull ? meanS / std::tgamma(1.0 + 1.0 / shape) : meanS;
        const auto cdf = [&](double t) {
            return 1.0 - std::exp(-std::pow(t / scale, model == FailureModel::Weibull ? shape : 1.0));
        };
        std::vector<char> seen(static_cast<std::size_t>(n), 0);
        FailureClocks::Firing previous;
        previous.timeS = 0.0;
        double sum = 0.0;
        double ks = 0.0;
        for (int i = 0; i < n; ++i) {
            const FailureClocks::Firing firing = clocks.pop();
            QCOMPARE(firing.lifetime, std::uint64_t{0});
            QVERIFY(!seen[static_cast<std::size_t>(firing.group)]);
            seen[static_cast<std::size_t>(firing.group)] = 1;
            QVERIFY(firing.timeS > previous.timeS || (firing.timeS == previous.timeS && firing.group > previous.group));
            previous = firing;
            sum += firing.timeS;
            const double f = cdf(firing.timeS);
            ks = std::max({ks, f - static_cast<double>(i) / n, static_cast<double>(i + 1) / n - f});
        }
        QCOMPARE(clocks.earliest(), std::numeric_limits<double>::infinity());
        const double ksCritical = 1.9495 / std::sqrt(static_cast<double>(n));  // alpha = 0.001
        QVERIFY2(ks < ksCritical, qPrintable(QStringLiteral("KS D = %1").arg(ks)));
        QVERIFY2(std::abs(sum / n / meanS - 1.0) < 0.05, qPrintable(QString::number(sum / n)));
    }

    // The clock that fails first is uniform over the clocks: chi-square over many seeds (alpha = 0.001).
    void firstFailingClockIsUniform()
    {
        const int clocks = 10;
        const int seeds = 20'000;
        std::vector<int> counts(clocks, 0);
        for (int seed = 0; seed < seeds; ++seed)
            ++counts[static_cast<std::size_t>(
                FailureClocks(clocks, FailureModel::Weibull, 1e6, 0.78, static_cast<std::uint64_t>(seed),
                              StreamPurpose::FailureClock, 0)
                    .pop()
                    .group)];
        const double expected = static_cast<double>(seeds) / clocks;
        double chiSquare = 0.0;
        for (const int count : counts)
            chiSquare += (count - expected) * (count - expected) / expected;
        QVERIFY2(chiSquare < 27.877, qPrintable(QString::number(chiSquare)));  // 9 degrees of freedom
    }

    // Group g's n-th lifetime (n >= 1) is the Weibull inverse CDF of draw n of counter-based stream g,
    // whatever the other groups drew in between: a pure function of (seed, group, n).
    void renewalsComeFromCounterBasedStreams()
    {
        Scenario s = paperLike(Policy::Spare, 10);
        s.groups = 50;
        const double scale = s.groups * s.systemMtbfS / std::tgamma(1.0 + 1.0 / s.weibullShape);
        const RandomStreams streams(s.seed, StreamPurpose::FailureClock);
        const auto lifetime = [&](int group, std::uint64_t draw) {
            return scale * std::pow(-std::log(streams.uniformOpenZero(static_cast<std::uint64_t>(group), draw)),
                                    1.0 / s.weibullShape);
        };
        FailureClocks clocks(s);
        std::vector<std::uint64_t> lifetimes(static_cast<std::size_t>(s.groups), 0);
        std::vector<double> renewedAt(static_cast<std::size_t>(s.groups), 0.0);
        int renewals = 0;
        for (int i = 0; i < 400; ++i) {
            const FailureClocks::Firing firing = clocks.pop();
            const auto g = static_cast<std::size_t>(firing.group);
            QCOMPARE(firing.lifetime, lifetimes[g]);
            if (firing.lifetime > 0) {
                QCOMPARE(firing.timeS, renewedAt[g] + lifetime(firing.group, firing.lifetime));
                ++renewals;
            }
            ++lifetimes[g];
            renewedAt[g] = firing.timeS + i;
            clocks.renew(firing.group, renewedAt[g]);
        }
        QVERIFY(renewals > 100);
        const RandomStreams otherSeed(s.seed + 1, StreamPurpose::FailureClock);
        const RandomStreams otherPurpose(s.seed, StreamPurpose::Jitter);
        QVERIFY(otherSeed.bits(0, 0) != streams.bits(0, 0));
        QVERIFY(otherPurpose.bits(0, 0) != streams.bits(0, 0));
        QVERIFY(streams.bits(1, 0) != streams.bits(0, 1));
    }

    // When first lifetimes are revealed does not change anything: a clock set asked firedBy() at many
    // instants pops what one never asked pops, and firedBy() agrees with the pops.
    void revealsDoNotChangeResults()
    {
        Scenario s = paperLike(Policy::Spare, 10);
        s.groups = 1000;
        FailureClocks quiet(s);
        FailureClocks asked(s);
        std::vector<double> pending(static_cast<std::size_t>(s.groups), std::numeric_limits<double>::infinity());
        for (int i = 0; i < 3000; ++i) {
            const int group = (i * 7919) % s.groups;
            const double at = asked.earliest() * (1.0 + 0.001 * (i % 5));
            const bool fired = asked.firedBy(group, at);
            const FailureClocks::Firing a = quiet.pop();
            const FailureClocks::Firing b = asked.pop();
            QCOMPARE(a.group, b.group);
            QCOMPARE(a.timeS, b.timeS);
            QCOMPARE(a.lifetime, b.lifetime);
            if (b.group == group && b.timeS <= at)
                QVERIFY(fired);
            quiet.renew(a.group, a.timeS + 1.0);
            asked.renew(b.group, b.timeS + 1.0);
        }
    }

    // A run's results do not depend on the number of worker threads.
    void sameResultsAtAnyThreadCount()
    {
        Scenario s = paperLike(Policy::Spare, 300);
        s.groups = 20'000;
        const auto reportOn = [&s](int threads) {
            tbb::task_arena arena(threads);
            return arena.execute([&s] {
                const Simulator simulator(s);
                return runReportJson(simulator.scenario(), simulator.run()).dump();
            });
        };
        QCOMPARE(reportOn(1), reportOn(4));
    }

    void determinismAndObserverFree_data()
    {
        QTest::addColumn<Policy>("policy");
        QTest::newRow("spare") << Policy::Spare;
        QTest::newRow("rep") << Policy::Rep;
        QTest::newRow("ckpt") << Policy::Ckpt;
    }

    void determinismAndObserverFree()
    {
        QFETCH(Policy, policy);
        const Simulator simulator(paperLike(policy, 400));
        RecordingObserver first;
        RecordingObserver second;
        const RunMetrics a = simulator.run(&first);
        const RunMetrics b = simulator.run(&second);
        const RunMetrics bare = simulator.run();
        QVERIFY(sameMetrics(a, b));
        QVERIFY(sameMetrics(a, bare));
        QVERIFY(sameEvents(first.events, second.events));
        QCOMPARE(static_cast<std::int64_t>(first.events.size()), a.events);
    }

    // Event stream sanity on a paper-like SPARe run with failures, reorders, a restart and checkpoints.
    void eventStreamSanity()
    {
        Scenario s = paperLike(Policy::Spare, 2000);
        RecordingObserver observer;
        const RunMetrics m = Simulator(s).run(&observer);
        QVERIFY(m.completed);
        QVERIFY(m.restarts > 0);
        QCOMPARE(observer.events.back().kind, EventKind::RunEnd);
        QCOMPARE(observer.count(EventKind::Failure), static_cast<int>(m.failures));
        QCOMPARE(observer.count(EventKind::StepEnd), static_cast<int>(m.executedSteps));
        QCOMPARE(observer.count(EventKind::RestartStart), static_cast<int>(m.restarts));
        QCOMPARE(observer.count(EventKind::RestartEnd), static_cast<int>(m.restarts));
        QCOMPARE(observer.count(EventKind::Decision),
                 static_cast<int>(m.phase0Decisions + m.phase2Decisions + m.wipeouts));
        // Every write started ends or is voided (exact semantics void writes a failure meets).
        QCOMPARE(observer.count(EventKind::CheckpointStart), static_cast<int>(m.checkpointsWritten));
        QVERIFY(observer.count(EventKind::CheckpointEnd) <= static_cast<int>(m.checkpointsWritten));
        QVERIFY(observer.count(EventKind::CheckpointEnd) + observer.count(EventKind::CheckpointVoided) >=
                static_cast<int>(m.checkpointsWritten));
        double last = 0.0;
        for (const Event& e : observer.events) {
            if (e.kind == EventKind::Failure) {
                QVERIFY(e.gpu >= 0 && e.gpu < s.gpusPerGroup);
                QVERIFY(e.group >= 0 && e.group < s.groups);
            }
            QVERIFY(e.time >= last);
            last = e.time;
            if (e.kind == EventKind::Decision)
                QVERIFY(e.decision != nullptr);
        }
    }

    // A failure is found at a check point after it happened; the observer still sees it before every
    // event stamped later. Every shipped scenario, every policy it can run, two seeds.
    void eventsArriveInTimeOrder_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<Policy>("policy");
        QTest::addColumn<std::uint64_t>("seed");
        for (const auto& entry : std::filesystem::directory_iterator(std::string(SPARE_SOURCE_DIR) + "/scenarios")) {
            if (entry.path().extension() != ".json")
                continue;
            const QString file = QString::fromStdString(entry.path().string());
            for (const Policy policy : kPolicies)
                for (const std::uint64_t seed : {1u, 2u})
                    QTest::addRow("%s %s seed %d", qPrintable(QString::fromStdString(entry.path().stem().string())),
                                  policyName(policy), int(seed))
                        << file << policy << seed;
        }
    }

    void eventsArriveInTimeOrder()
    {
        QFETCH(QString, file);
        QFETCH(Policy, policy);
        QFETCH(std::uint64_t, seed);
        Scenario s = loadScenarioFile(file.toStdString());
        if (policyNeedsExactSemantics(policy))
            s.checkpointSemantics = CheckpointSemantics::Exact;
        if (!validateUnderPolicy(s, policy).empty())
            QSKIP("the scenario does not run under this policy");
        s.policy = policy;
        if (!policyUsesRedundancy(policy))
            s.redundancy = 1;
        s.seed = seed;
        RecordingObserver observer;
        SimulationLimits limits;
        limits.untilS = 50'000.0;
        const RunMetrics m = Simulator(s).run(&observer, limits);
        QCOMPARE(observer.count(EventKind::Failure), static_cast<int>(m.failures));
        for (std::size_t i = 1; i < observer.events.size(); ++i)
            if (observer.events[i].time < observer.events[i - 1].time)
                QFAIL(qPrintable(QStringLiteral("event %1 (%2 at %3 s) after one at %4 s")
                                     .arg(i)
                                     .arg(QString::fromUtf8(eventKindName(observer.events[i].kind)))
                                     .arg(observer.events[i].time, 0, 'f', 6)
                                     .arg(observer.events[i - 1].time, 0, 'f', 6)));
    }

    void snapshots()
    {
        class SnapshotObserver final : public SimulationObserver {
        public:
            void onEvent(const Event&) override {}
            void onSnapshot(const SimulationSnapshot& snapshot) override { snapshots.push_back(snapshot); }
            double snapshotIntervalS() const override { return 3600.0; }
            std::vector<SimulationSnapshot> snapshots;
        };
        const Scenario s = paperLike(Policy::Spare, 1000);
        SnapshotObserver observer;
        const RunMetrics m = Simulator(s).run(&observer);
        QVERIFY(observer.snapshots.size() >= static_cast<std::size_t>(m.tttS / 3600.0 / 2));
        double last = -1.0;
        for (const auto& snapshot : observer.snapshots) {
            QVERIFY(snapshot.time > last);
            last = snapshot.time;
            QCOMPARE(snapshot.groupStates.size(), std::size_t{200});
            QCOMPARE(snapshot.stacks.size(), std::size_t{200 * 9});
            const auto out = std::count(snapshot.groupStates.begin(), snapshot.groupStates.end(), GroupState::MaskedOut);
            QVERIFY(snapshot.aliveGroups == 200 - out || snapshot.groupStates.front() == GroupState::Restarting);
        }
    }

    void cancellation()
    {
        const Simulator simulator(paperLike(Policy::Spare, 2000));
        RecordingObserver observer;
        observer.stopAfter = 100;
        const RunMetrics stopped = simulator.run(&observer);
        QVERIFY(!stopped.completed);
        QVERIFY(stopped.stepsDone < 2000);

        SimulationLimits until;
        until.untilS = 5000.0;
        const RunMetrics early = simulator.run(nullptr, until);
        QVERIFY(!early.completed);
        QVERIFY(early.tttS >= 5000.0 && early.tttS < 5000.0 + 3600.0 * 10);

        SimulationLimits failures;
        failures.maxFailures = 3;
        QVERIFY(simulator.run(nullptr, failures).failures >= 3);

        std::atomic<bool> cancel{true};
        SimulationLimits cancelled;
        cancelled.cancel = &cancel;
        QCOMPARE(simulator.run(nullptr, cancelled).stepsDone, 0);
    }

    // The snapshot contract: a snapshot taken after i events equals the replay of those i events.
    void snapshotsEqualReplay_data()
    {
        QTest::addColumn<Policy>("policy");
        QTest::addColumn<double>("mtbfS");
        QTest::addColumn<RestartRule>("rule");
        QTest::addColumn<bool>("writerOnlyWaits");
        QTest::addColumn<bool>("rejoin");
        QTest::newRow("spare") << Policy::Spare << 300.0 << RestartRule::ExtendOnFailure << false << false;
        QTest::newRow("rep") << Policy::Rep << 300.0 << RestartRule::ExtendOnFailure << false << false;
        QTest::newRow("ckpt") << Policy::Ckpt << 300.0 << RestartRule::ExtendOnFailure << false << false;
        QTest::newRow("spare many restarts") << Policy::Spare << 30.0 << RestartRule::ExtendOnFailure << false << false;
        QTest::newRow("rep fixed restarts") << Policy::Rep << 30.0 << RestartRule::Fixed << false << false;
        QTest::newRow("spare writer only waits") << Policy::Spare << 300.0 << RestartRule::ExtendOnFailure << true
                                                 << false;
        QTest::newRow("spare rejoin") << Policy::Spare << 30.0 << RestartRule::ExtendOnFailure << false << true;
        QTest::newRow("rep rejoin") << Policy::Rep << 100.0 << RestartRule::ExtendOnFailure << false << true;
    }

    void snapshotsEqualReplay()
    {
        QFETCH(Policy, policy);
        QFETCH(double, mtbfS);
        QFETCH(RestartRule, rule);
        QFETCH(bool, writerOnlyWaits);
        QFETCH(bool, rejoin);
        Scenario s = paperLike(policy, 600);
        s.systemMtbfS = mtbfS;
        s.restartRule = rule;
        s.writerOnlyWaits = writerOnlyWaits;
        if (rejoin) {
            RepairModel repair;
            repair.spareNodes = 4;
            repair.swapS = 300.0;
            repair.stateTransferS = 60.0;
            repair.repairMeanS = 3600.0;
            repair.rejoin = RejoinRule::AtStep;
            s.repair = repair;
        }
        SnapshotRecorder recorder(600.0);
        SimulationLimits limits;
        limits.maxTttRatio = 20.0;
        const RunMetrics m = Simulator(s).run(&recorder, limits);
        QVERIFY(m.restarts > 0);
        QVERIFY(recorder.snapshots.size() > 20);
        QCOMPARE(recorder.snapshots.front().first, std::size_t{0});
        SnapshotReplay replay(recorder.snapshots.front().second, writerOnlyWaits);
        std::size_t applied = 0;
        int inRestart = 0;
        for (const auto& [index, snapshot] : recorder.snapshots) {
            while (applied < index)
                replay.apply(recorder.events[applied++]);
            replay.compare(snapshot);
            if (QTest::currentTestFailed())
                QFAIL(qPrintable(QStringLiteral("snapshot at event %1").arg(index)));
            inRestart += snapshot.restarting ? 1 : 0;
        }
        QVERIFY(inRestart > 0);
        if (rejoin)
            QVERIFY(std::any_of(recorder.events.begin(), recorder.events.end(),
                                [](const Event& e) { return e.kind == EventKind::Rejoin; }));
        if (writerOnlyWaits)
            QVERIFY(std::any_of(recorder.snapshots.begin(), recorder.snapshots.end(), [](const auto& entry) {
                return std::count(entry.second.groupStates.begin(), entry.second.groupStates.end(),
                                  GroupState::Checkpointing) == 1;
            }));
    }

    // checkpoint.writer_only_waits: the writer spends T_s, the others start the next step, and that
    // step's all-reduce waits for the writer. Without jitter every group computes T_comp, so the
    // all-reduce starts T_s late exactly as when everyone waits: TTT 4 x 11 + 5 = 49 either way, and
    // the write ends inside the next step's compute.
    void writerOnlyWaitsAtTheNextAllReduce()
    {
        for (const bool writerOnly : {false, true}) {
            Scenario s = tinyScenario(Policy::Ckpt, 4, 1, 4, 2);
            s.writerOnlyWaits = writerOnly;
            RecordingObserver observer;
            const RunMetrics m = Simulator(s, {}).run(&observer);
            QCOMPARE(m.tttS, 49.0);
            QCOMPARE(m.checkpointS, 5.0);
            QCOMPARE(m.checkpointsWritten, std::int64_t{1});
            std::vector<std::pair<EventKind, double>> around;
            for (const Event& e : observer.events)
                if (e.time >= 22.0 && e.time < 38.0)
                    around.emplace_back(e.kind, e.time);
            using K = EventKind;
            const std::vector<std::pair<EventKind, double>> expected =
                writerOnly ? std::vector<std::pair<EventKind, double>>{{K::StepEnd, 22}, {K::CheckpointStart, 22}, {K::StepStart, 22},
                                                                        {K::StackCompute, 22}, {K::CheckpointEnd, 27},
                                                                        {K::AllReduce, 37}}
                           : std::vector<std::pair<EventKind, double>>{{K::StepEnd, 22}, {K::CheckpointStart, 22}, {K::CheckpointEnd, 27},
                                                                        {K::StepStart, 27}, {K::StackCompute, 27},
                                                                        {K::AllReduce, 37}};
            QVERIFY(around == expected);
        }
    }

    // With jitter the writer (one group) finishes its compute before the slowest of the others, so
    // the all-reduce waits less than T_s per checkpoint; everything else being equal, TTT drops.
    void writerOnlyWaitsLessWithJitter()
    {
        Scenario s = paperLike(Policy::Spare, 400);
        s.systemMtbfS = 1e9;  // no failures: the two runs differ only by the checkpoint waits
        s.jitterSd = 0.2;
        s.checkpointIntervalSteps = 20;
        const RunMetrics everyone = Simulator(s).run();
        s.writerOnlyWaits = true;
        const RunMetrics writer = Simulator(s).run();
        QVERIFY(everyone.checkpointsWritten > 5);
        QCOMPARE(writer.checkpointsWritten, everyone.checkpointsWritten);
        QCOMPARE(everyone.checkpointS, s.checkpointWriteS * static_cast<double>(everyone.checkpointsWritten));
        QVERIFY(writer.checkpointS > 0.0);
        QVERIFY(writer.checkpointS < everyone.checkpointS);
        QVERIFY(writer.tttS < everyone.tttS);
    }

    // A restart that failures keep extending (group MTBF below T_r) stops at the time limit, the TTT
    // cap or a cancel, reports which, and keeps no per-failure memory.
    void endlessRestartStopsAtLimits()
    {
        Scenario s = paperLike(Policy::Spare, 10000);
        s.systemMtbfS = 0.1;  // group MTBF 20 s against T_r = 3600 s
        const Simulator simulator(s);

        SimulationLimits until;
        until.untilS = 1000.0;
        const RunMetrics a = simulator.run(nullptr, until);
        QVERIFY(!a.completed);
        QCOMPARE(a.stopReason, StopReason::Until);
        QCOMPARE(a.tttS, 1000.0);
        QVERIFY(a.failures > 1000);

        SimulationLimits cap;
        cap.maxTttRatio = 0.01;
        const RunMetrics b = simulator.run(nullptr, cap);
        QCOMPARE(b.stopReason, StopReason::MaxTttRatio);
        QCOMPARE(b.tttS, 0.01 * b.t0S);

        std::atomic<bool> cancel{false};
        class CancelAfter final : public SimulationObserver {
        public:
            explicit CancelAfter(std::atomic<bool>& flag) : flag_(flag) {}
            void onEvent(const Event&) override
            {
                if (++seen_ == 5000)
                    flag_ = true;
            }

        private:
            std::atomic<bool>& flag_;
            int seen_ = 0;
        } observer(cancel);
        SimulationLimits cancelled;
        cancelled.cancel = &cancel;
        const RunMetrics c = simulator.run(&observer, cancelled);
        QCOMPARE(c.stopReason, StopReason::Cancelled);
        QCOMPARE(c.events, std::int64_t{5000});

        SimulationLimits noCap;
        noCap.maxTttRatio = 0.0;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, simulator.run(nullptr, noCap));
        QCOMPARE(stopReasonName(a.stopReason), "until");
    }

    // The paper's rule (checkpoint.auto_rule paper); the renewal rule is held in test_real_runs.
    void autoCheckpointInterval()
    {
        Scenario s = paperLike(Policy::Spare, 10000);
        s.checkpointAutoRule = CheckpointAutoRule::Paper;
        s.checkpointIntervalSteps.reset();
        QVERIFY(std::abs(Simulator(s).checkpointIntervalSteps() - 15.75) <= 1.0);
        s.policy = Policy::Ckpt;
        s.steps = 100;
        QCOMPARE(Simulator(s).checkpointIntervalSteps(), 11);  // T_c* = 740 s at M = m, in steps of 66 s
        s.steps = 5;
        QCOMPARE(Simulator(s).checkpointIntervalSteps(), 5);  // at most the run's steps
    }
};

QTEST_APPLESS_MAIN(TestSimulator)
#include "test_simulator.moc"
