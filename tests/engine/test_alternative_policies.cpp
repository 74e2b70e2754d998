// The policies practitioners run beside SPARe (docs/policies/): elastic data parallelism, fixed-batch
// re-balancing, the in-memory checkpoint tier, and the progress measures of a shrinking batch.
#include "engine/analysis/ClosedForms.h"
#include "engine/base/InputError.h"
#include "engine/planning/RegimeContender.h"
#include "engine/sim/ElasticPolicy.h"
#include "engine/sim/MemoryCheckpointTier.h"
#include "engine/sim/PreparedRun.h"
#include "engine/sim/ProgressReplay.h"
#include "engine/sim/RebalancePolicy.h"
#include "engine/sim/ScenarioJson.h"
#include "engine/sim/Simulator.h"
#include "engine/sim/TrainingProgress.h"
#include "tests/support/EventCollector.h"
#include "tests/support/ScenarioRefusal.h"
#include "tests/support/SeedEstimate.h"
#include "tests/support/TinyScenario.h"

#include <QtTest/QtTest>
#include <nlohmann/json.hpp>

#include <cmath>
#include <limits>
#include <map>
#include <set>
#include <numeric>
#include <random>
#include <vector>

using namespace spare;

namespace {

// The paper's N = 600 workload (T_comp 64 s, T_a 6 s) with exponential failures (m = 300 s), no jitter,
// and groups that come back 720 s after they fail (10-minute swap, 2-minute state transfer).
Scenario elasticN600(double detectS)
{
    Scenario s = tinyScenario(Policy::Elastic, 600, 1, 3000, 3000);
    s.computeS = 64.0;
    s.allReduceS = 6.0;
    s.failedAllReduceFactor = 0.5;
    s.shrinkS = 0.0;
    s.failureModel = FailureModel::Exponential;
    s.systemMtbfS = 300.0;
    s.checkpointWriteS = 0.0;
    s.elastic = ElasticSettings{detectS, 1, 0};
    s.repair = RepairModel{};
    s.repair->spareNodes = 100'000;
    s.repair->swapS = 600.0;
    s.repair->stateTransferS = 120.0;
    s.repair->rejoin = RejoinRule::AtStep;
    s.progress = ProgressModel{ProgressMeasure::Steps, 1.0};
    return s;
}

// Per step attempt: the failures seen before it started and the compute it took in units of T_comp
// (stack computes; a SPARe patch compute is failure handling, not the step's compute path), up to the
// first global restart.
class ComputePath final : public SimulationObserver {
public:
    explicit ComputePath(double computeS) : computeS_(computeS) {}
    void onEvent(const Event& e) override
    {
        restarted_ = restarted_ || e.kind == EventKind::RestartStart;
        if (restarted_)
            return;
        if (e.kind == EventKind::Failure)
            ++failures_;
        else if (e.kind == EventKind::StepStart)
            steps.push_back({failures_, 0.0});
        else if (e.kind == EventKind::StackCompute && !steps.empty())
            steps.back().second += e.duration / computeS_;
    }
    std::vector<std::pair<int, double>> steps;

private:
    double computeS_;
    int failures_ = 0;
    bool restarted_ = false;
};


}  // namespace

class TestAlternativePolicies : public QObject {
    Q_OBJECT

private slots:
    // Without failures every policy takes T0 exactly, whatever its detection or re-planning time.
    void failureFreeRunsTakeT0_data()
    {
        QTest::addColumn<int>("policy");
        QTest::newRow("elastic") << static_cast<int>(Policy::Elastic);
        QTest::newRow("rebalance") << static_cast<int>(Policy::Rebalance);
        QTest::newRow("ckpt with memory tier") << static_cast<int>(Policy::Ckpt);
    }
    void failureFreeRunsTakeT0()
    {
        QFETCH(int, policy);
        Scenario s = tinyScenario(static_cast<Policy>(policy), 8, 1, 50, 50);
        s.systemMtbfS = 1e12;
        s.checkpointWriteS = 0.0;
        s.elastic = ElasticSettings{0.0, 1, 0};
        s.rebalance = RebalanceSettings{0.0, false};
        if (s.policy == Policy::Ckpt)
            s.memoryCheckpoint = MemoryCheckpoint{};
        const RunMetrics m = Simulator(s).run();
        QCOMPARE(m.tttS, m.t0S);
        QCOMPARE(m.samplesCommitted, 50.0);
        QCOMPARE(m.effectiveProgress, 50.0);
        QCOMPARE(m.meanBatchFraction, 1.0);
        QCOMPARE(m.discardedSteps, std::int64_t(0));
    }

    // A failure in a step: the step is lost, the group leaves, the batch shrinks to 7 / 8 and the step is
    // computed again after the detection wait.
    void elasticLosesTheStepAndShrinks()
    {
        Scenario s = tinyScenario(Policy::Elastic, 8, 1, 10, 10);
        s.checkpointWriteS = 0.0;
        s.elastic = ElasticSettings{30.0, 1, 0};
        s.progress = ProgressModel{ProgressMeasure::Steps, 1.0};
        const RunMetrics m = Simulator(s, {{15.0, 3}}).run();
        QCOMPARE(m.discardedSteps, std::int64_t(1));
        QCOMPARE(m.restarts, std::int64_t(0));
        // Step 0: 11 s; step 1 fails at its all-reduce (10 s compute + 0.5 s) and waits 30 s; then 9 steps.
        QCOMPARE(m.tttS, 11.0 + 10.5 + 30.0 + 9 * 11.0);
        QCOMPARE(m.reconfigureS, 30.0);
        QCOMPARE(m.samplesCommitted, 1.0 + 9 * 7.0 / 8.0);
        QCOMPARE(m.effectiveProgress, 1.0 + 9 * TrainingProgress::stepWorth(7.0 / 8.0, 1.0));
        QCOMPARE(m.minBatchFraction, 7.0 / 8.0);
        QCOMPARE(m.stepsBelowFullBatch, std::int64_t(9));
        QCOMPARE(m.timeBreakdown.totalS(), m.tttS);
    }

    // Counting samples, the run goes on until the shrunken steps add up to workload.steps.
    void progressMeasuresDecideWhenTheRunEnds_data()
    {
        QTest::addColumn<int>("measure");
        QTest::addColumn<int>("steps");
        QTest::newRow("steps") << static_cast<int>(ProgressMeasure::Steps) << 10;
        // The first step is lost; then steps at b = 3/4: w(3/4) = 6/7, so 12 effective steps, 14 samples.
        QTest::newRow("effective") << static_cast<int>(ProgressMeasure::Effective) << 12;
        QTest::newRow("samples") << static_cast<int>(ProgressMeasure::Samples) << 14;
    }
    void progressMeasuresDecideWhenTheRunEnds()
    {
        QFETCH(int, measure);
        QFETCH(int, steps);
        Scenario s = tinyScenario(Policy::Elastic, 8, 1, 10, 100);
        s.checkpointWriteS = 0.0;
        s.elastic = ElasticSettings{0.0, 1, 0};
        s.progress = ProgressModel{static_cast<ProgressMeasure>(measure), 1.0};
        // Two groups fail in the first step: the batch is 3/4 from then on.
        const RunMetrics m = Simulator(s, {{5.0, 1}, {5.0, 2}}).run();
        QVERIFY(m.completed);
        QCOMPARE(m.stepsDone, steps);
    }

    void fixedBatchKeepsTheBatchWhileSparesLast()
    {
        Scenario s = tinyScenario(Policy::Elastic, 8, 1, 10, 10);
        s.checkpointWriteS = 0.0;
        s.elastic = ElasticSettings{0.0, 1, 2};  // 6 contributors, 2 spares
        s.progress = ProgressModel{ProgressMeasure::Steps, 1.0};
        const RunMetrics m = Simulator(s, {{5.0, 1}, {25.0, 2}, {45.0, 3}}).run();
        // Two failures use up the spares; the third shrinks the batch to 5 / 6.
        QCOMPARE(m.minBatchFraction, 5.0 / 6.0);
        QCOMPARE(m.discardedSteps, std::int64_t(3));
    }

    void belowMinReplicasRestarts()
    {
        Scenario s = tinyScenario(Policy::Elastic, 4, 1, 10, 2);
        s.checkpointWriteS = 0.0;
        s.elastic = ElasticSettings{10.0, 3, 0};
        const RunMetrics m = Simulator(s, {{15.0, 1}, {40.0, 2}}).run();
        QCOMPARE(m.restarts, std::int64_t(1));
        QCOMPARE(m.discardedSteps, std::int64_t(1));
    }

    // First principles (exponential, no jitter): an attempt fails when a live group fails during its
    // compute, with probability 1 - e^(-T_comp / m'), m' the MTBF of the live groups, and a failed attempt
    // costs T_comp + the failed all-reduce + the detection wait d, so a committed step takes
    // T + (e^(T_comp / m') - 1)(T_comp + 0.5 T_a + d). (The simulator notices failures at the all-reduce's
    // start, for every policy, so a failure during T_a is left out by the next step's quorum: with an
    // exposure of the whole T, as a coarser estimate has it, the estimate is 2-3% higher.) Little's law:
    // the mean batch fraction is 1 - R / (N m), R the time a group is out (720 s plus half a step to the
    // next boundary).
    void elasticMatchesFirstPrinciples_data()
    {
        QTest::addColumn<double>("detectS");
        QTest::newRow("heartbeat abort 5 s") << 5.0;
        QTest::newRow("collective timeout 60 s") << 60.0;
    }
    void elasticMatchesFirstPrinciples()
    {
        QFETCH(double, detectS);
        const Scenario s = elasticN600(detectS);
        const double stepS = s.computeS + s.allReduceS;
        const double outS = 720.0 + stepS / 2.0;
        const double batch = 1.0 - outS / (s.groups * s.systemMtbfS);
        const double liveMtbf = s.systemMtbfS / batch;
        const double lossS = s.computeS + 0.5 * s.allReduceS + detectS;
        const double estimate = (stepS + (std::exp(s.computeS / liveMtbf) - 1.0) * lossS) / stepS;
        const double coarse = (stepS + (std::exp(stepS / liveMtbf) - 1.0) * lossS) / stepS;
        const SeedEstimate factor = overSeeds(s, 6, [](const RunMetrics& m) { return m.tttRatio; });
        const SeedEstimate meanBatch = overSeeds(s, 6, [](const RunMetrics& m) { return m.meanBatchFraction; });
        qInfo("TTT/T0 simulated %.4f +- %.4f, first principles %.4f (whole-step exposure %.4f); mean batch %.5f, "
              "Little's law %.5f",
              factor.mean, factor.halfWidth, estimate, coarse, meanBatch.mean, batch);
        QVERIFY(std::abs(factor.mean - estimate) <= 0.015 * estimate);
        QVERIFY(factor.mean < coarse && coarse - factor.mean <= 0.04 * coarse);
        QVERIFY(std::abs(meanBatch.mean - batch) <= 0.002);
    }

    void rebalanceSpreadsTheWork()
    {
        RebalancePolicy exact(8, 10.0, RebalanceSettings{6.0, false});
        RebalancePolicy whole(8, 10.0, RebalanceSettings{6.0, true});
        const std::vector<int> failed{2, 5, 7};
        QCOMPARE(exact.onFailures(failed).action, FailureResponse::Action::Retry);
        whole.onFailures(failed);
        QCOMPARE(exact.pieceSeconds(), 10.0 * 8.0 / 5.0);
        QCOMPARE(whole.pieceSeconds(), 20.0);
        QCOMPARE(exact.batchFraction(), 1.0);
        const std::vector<int> back{2};
        exact.onRejoin(back);
        QCOMPARE(exact.pieceSeconds(), 10.0 * 8.0 / 6.0);
        exact.reset();
        QCOMPARE(exact.pieceSeconds(), 10.0);
    }

    // Re-balancing: the lost step, the failed all-reduce and the pause, then steps N / L slower.
    void rebalanceRunOnATrace()
    {
        Scenario s = tinyScenario(Policy::Rebalance, 8, 1, 10, 10);
        s.checkpointWriteS = 0.0;
        s.rebalance = RebalanceSettings{6.0, false};
        const RunMetrics m = Simulator(s, {{15.0, 3}}).run();
        QCOMPARE(m.discardedSteps, std::int64_t(1));
        QCOMPARE(m.tttS, 11.0 + 10.5 + 6.0 + 9 * (10.0 * 8.0 / 7.0 + 1.0));
        QCOMPARE(m.samplesCommitted, 10.0);
    }

    // Re-balancing in whole stacks is SPARe's compute path: with every group holding every shard
    // (r = N) SPARe's controller reaches ceil(N / L) stacks, the factor rebalance.integer_factor
    // computes, so on the same failures every step attempt after k failures takes the same compute in
    // both runs. With r < N SPARe may need more stacks than ceil(N / L); never fewer.
    void rebalanceInWholeStacksIsSparesComputePath_data()
    {
        QTest::addColumn<int>("redundancy");
        QTest::addColumn<QString>("layout");
        QTest::newRow("r = N, consecutive") << 12 << "consecutive";
        QTest::newRow("r = 3, golomb") << 3 << "golomb";
        QTest::newRow("r = 4, consecutive") << 4 << "consecutive";
    }
    void rebalanceInWholeStacksIsSparesComputePath()
    {
        QFETCH(int, redundancy);
        QFETCH(QString, layout);
        const int groups = 12;
        std::vector<TraceFailure> trace;
        for (int k = 0; k < groups - 2; ++k)
            trace.push_back({100.0 + 150.0 * k, (5 * k + 1) % groups});
        Scenario spare = tinyScenario(Policy::Spare, groups, redundancy, 200, 1000);
        spare.layout = layout.toStdString();
        spare.checkpointSemantics = CheckpointSemantics::Exact;
        Scenario rebalance = tinyScenario(Policy::Rebalance, groups, 1, 200, 1000);
        rebalance.layout = "consecutive";
        rebalance.checkpointSemantics = CheckpointSemantics::Exact;
        rebalance.rebalance = RebalanceSettings{0.1, true};
        ComputePath sparePath(spare.computeS);
        ComputePath rebalancePath(rebalance.computeS);
        const RunMetrics sm = Simulator(spare, trace).run(&sparePath);
        const RunMetrics rm = Simulator(rebalance, trace).run(&rebalancePath);
        QVERIFY(sm.completed && rm.completed);
        QCOMPARE(rm.restarts, std::int64_t(0));
        if (redundancy == groups)
            QCOMPARE(sm.restarts, std::int64_t(0));
        std::map<int, double> spareFactor;
        for (const auto& [failures, factor] : sparePath.steps)
            if (factor > 0.0)
                spareFactor[failures] = std::max(spareFactor[failures], factor);
        std::set<int> compared;  // failure counts seen in both runs
        for (const auto& [failures, factor] : rebalancePath.steps) {
            QCOMPARE(factor, std::ceil(double(groups) / double(groups - failures)));
            const auto seen = spareFactor.find(failures);
            if (seen == spareFactor.end())
                continue;
            compared.insert(failures);
            if (redundancy == groups)
                QCOMPARE(seen->second, factor);
            else
                QVERIFY2(seen->second >= factor, qPrintable(QStringLiteral("%1 failures: SPARe %2 stacks, ceil(N / L) %3")
                                                                 .arg(failures).arg(seen->second).arg(factor)));
        }
        QVERIFY(int(compared.size()) >= (redundancy == groups ? groups - 1 : 3));
    }

    // Inclusion-exclusion against a Monte-Carlo of the tier itself (k groups lost uniformly at random).
    void memoryRecoveryProbabilities_data()
    {
        QTest::addColumn<int>("groups");
        QTest::addColumn<int>("copies");
        QTest::addColumn<int>("lost");
        QTest::addColumn<double>("published");
        QTest::newRow("N 16, m 2, k 2") << 16 << 2 << 2 << 0.93333;
        QTest::newRow("N 16, m 2, k 3") << 16 << 2 << 3 << 0.80000;
        QTest::newRow("N 16, m 2, k 4") << 16 << 2 << 4 << 0.61538;
        QTest::newRow("N 128, m 2, k 4") << 128 << 2 << 4 << 0.95295;
    }
    void memoryRecoveryProbabilities()
    {
        QFETCH(int, groups);
        QFETCH(int, copies);
        QFETCH(int, lost);
        QFETCH(double, published);
        // The published figures are rounded to 5 digits (0.952945 for N = 128 reads 0.95295).
        QVERIFY(std::abs(memoryRecoveryProbability(groups, copies, lost) - published) <= 1e-5);
        MemoryCheckpoint settings;
        settings.copies = copies;
        const GroupRoster everyone(groups);
        std::mt19937_64 random(7);
        const int trials = 40'000;
        int usable = 0;
        std::vector<int> order(static_cast<std::size_t>(groups));
        for (int t = 0; t < trials; ++t) {
            MemoryCheckpointTier tier(settings, groups, static_cast<std::uint64_t>(t));
            tier.taken(1, {}, everyone);
            std::iota(order.begin(), order.end(), 0);
            std::shuffle(order.begin(), order.end(), random);
            for (int k = 0; k < lost; ++k)
                tier.groupFailed(order[static_cast<std::size_t>(k)]);
            usable += tier.usable() ? 1 : 0;
        }
        const double p = static_cast<double>(usable) / trials;
        const double sigma = std::sqrt(published * (1.0 - published) / trials);
        QVERIFY2(std::abs(p - published) <= 2.576 * sigma, qPrintable(QStringLiteral("Monte-Carlo %1").arg(p)));
    }

    // Racks of two consecutive groups hold both copies under contiguous placement: a rack failure loses
    // them; domain-separated placement puts the copies N / m apart.
    void domainSeparatedPlacementSurvivesARack()
    {
        MemoryCheckpoint settings;
        const GroupRoster everyone(16);
        for (const MemoryPlacement placement : {MemoryPlacement::Contiguous, MemoryPlacement::DomainSeparated}) {
            settings.placement = placement;
            MemoryCheckpointTier tier(settings, 16, 1);
            tier.taken(1, {}, everyone);
            tier.groupFailed(4);
            tier.groupFailed(5);
            QCOMPARE(tier.usable(), placement == MemoryPlacement::DomainSeparated);
        }
    }

    // CKPT-only with an in-memory checkpoint after every step and copies that survive single failures:
    // each failure loses at most the step in flight, as the renewal model with a period of one step, no
    // write and a restart of restore_s says.
    void perStepMemoryCheckpointsMatchRenewal()
    {
        Scenario s = renewalCkptScenario(8, 200'000);
        s.checkpointIntervalSteps = 200'000;
        s.systemMtbfS = 600.0;
        s.memoryCheckpoint = MemoryCheckpoint{1, 2, MemoryPlacement::Contiguous, 0.0, 0.0, 30.0};
        const SeedEstimate ettr = overSeeds(s, 6, [](const RunMetrics& m) { return m.ettr; });
        const double exact = renewalEttr(1.0, 0.0, 30.0, 0.0, s.systemMtbfS, RenewalRestart::Fixed);
        QVERIFY2(std::abs(ettr.mean - exact) <= std::max(0.01 * exact, ettr.halfWidth),
                 qPrintable(QStringLiteral("simulated %1 +- %2, renewal %3").arg(ettr.mean).arg(ettr.halfWidth).arg(exact)));
    }

    // Every copy lost: the restart falls back to the persistent checkpoint and T_r.
    void lostCopiesFallBackToStorage()
    {
        Scenario s = tinyScenario(Policy::Ckpt, 4, 1, 20, 10);
        s.checkpointWriteS = 0.0;
        s.memoryCheckpoint = MemoryCheckpoint{1, 2, MemoryPlacement::Contiguous, 0.0, 1.0, 20.0};
        const RunMetrics fromMemory = Simulator(s, {{125.0, 0}}).run();
        QCOMPARE(fromMemory.memoryRestores, std::int64_t(1));
        QCOMPARE(fromMemory.reworkSteps, std::int64_t(0));
        const RunMetrics fromStorage = Simulator(s, {{125.0, 0}, {125.0, 1}}).run();
        QCOMPARE(fromStorage.storageRestores, std::int64_t(1));
        QCOMPARE(fromStorage.reworkSteps, std::int64_t(1));
        QVERIFY(fromStorage.tttS > fromMemory.tttS + 80.0);
    }

    void badValuesAreRefused_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("key");
        QTest::newRow("policy") << R"({"run": {"policy": "torchft"}})" << "run.policy";
        QTest::newRow("detect") << R"({"elastic": {"detect_s": -1}})" << "elastic.detect_s";
        QTest::newRow("min replicas") << R"({"cluster": {"groups": 8, "redundancy": 2}, "elastic": {"min_replicas": 9}})"
                                      << "elastic.min_replicas";
        QTest::newRow("spares") << R"({"cluster": {"groups": 8, "redundancy": 2}, "elastic": {"spare_groups": 8}})"
                                << "elastic.spare_groups";
        QTest::newRow("reconfigure") << R"({"rebalance": {"reconfigure_s": "soon"}})" << "rebalance.reconfigure_s";
        QTest::newRow("copies") << R"({"memory_checkpoint": {"copies": 0}})" << "memory_checkpoint.copies";
        QTest::newRow("placement") << R"({"memory_checkpoint": {"placement": "racks"}})" << "memory_checkpoint.placement";
        QTest::newRow("lost share") << R"({"memory_checkpoint": {"lost_share": 2}})" << "memory_checkpoint.lost_share";
        QTest::newRow("measure") << R"({"progress": {"measure": "tokens"}})" << "progress.measure";
        QTest::newRow("phi") << R"({"progress": {"phi": -1}})" << "progress.phi";
        QTest::newRow("paper semantics") << R"({"run": {"policy": "elastic"}, "checkpoint": {"semantics": "paper"}})"
                                         << "checkpoint.semantics";
    }
    void badValuesAreRefused()
    {
        QFETCH(QString, json);
        QFETCH(QString, key);
        const std::string problem = scenarioRefusalAt(json.toStdString(), key.toStdString());
        QVERIFY2(problem.empty(), problem.c_str());
    }

    // The scenario each contender runs in a line-up (a Race lane, a regime-map cell), on a base with
    // SPARe at r = 4 on a golomb layout, Rep's r 3, paper checkpoint rules and no in-memory tier.
    void contenderScenario_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("lineup");
        QTest::addColumn<bool>("sameRedundancy");
        QTest::addColumn<int>("redundancy");
        QTest::addColumn<QString>("layout");
        QTest::addColumn<bool>("memoryTier");
        QTest::addColumn<bool>("exact");
        QTest::addColumn<QString>("displayName");
        QTest::newRow("spare") << "spare" << "ckpt,rep,spare" << false << 4 << "golomb" << false << false << "SPARe+CKPT";
        QTest::newRow("rep at its own r") << "rep" << "ckpt,rep,spare" << false << 3 << "consecutive" << false << false
                                          << "Rep+CKPT";
        QTest::newRow("rep at the same r") << "rep" << "ckpt,rep,spare" << true << 4 << "consecutive" << false << false
                                           << "Rep+CKPT";
        QTest::newRow("ckpt") << "ckpt" << "ckpt,rep,spare" << false << 1 << "consecutive" << false << false << "CKPT-only";
        QTest::newRow("ckpt-memory") << "ckpt-memory" << "ckpt-memory,spare" << false << 1 << "consecutive" << true << true
                                     << "CKPT-only + memory";
        QTest::newRow("spare beside elastic") << "spare" << "spare,elastic" << false << 4 << "golomb" << false << true
                                              << "SPARe+CKPT";
        QTest::newRow("elastic") << "elastic" << "spare,elastic" << false << 1 << "consecutive" << false << true
                                 << "Elastic DP";
        QTest::newRow("rebalance") << "rebalance" << "rebalance,rep" << false << 1 << "consecutive" << false << true
                                   << "Re-balance";
        QTest::newRow("spare-memory") << "spare-memory" << "spare-memory,rep" << false << 4 << "golomb" << true << true
                                      << "SPARe+CKPT + memory";
    }
    void contenderScenario()
    {
        QFETCH(QString, name);
        QFETCH(QString, lineup);
        QFETCH(bool, sameRedundancy);
        QFETCH(int, redundancy);
        QFETCH(QString, layout);
        QFETCH(bool, memoryTier);
        QFETCH(bool, exact);
        QFETCH(QString, displayName);
        Scenario base = tinyScenario(Policy::Spare, 12, 4, 200, 20);
        base.layout = "golomb";
        base.repRedundancy = 3;
        base.checkpointSemantics = CheckpointSemantics::Paper;
        const RegimeContender contender = parseRegimeContender(name.toStdString());
        const std::vector<RegimeContender> contenders = parseRegimeContenders(lineup.toStdString(), "--policies");
        QVERIFY(std::find(contenders.begin(), contenders.end(), contender) != contenders.end());
        const Scenario lane = spare::contenderScenario(base, contender, contenders, sameRedundancy);
        QCOMPARE(lane.policy, contender.policy);
        QCOMPARE(lane.redundancy, redundancy);
        QCOMPARE(QString::fromStdString(lane.layout), layout);
        QCOMPARE(lane.memoryCheckpoint.has_value(), memoryTier);
        QCOMPARE(lane.checkpointSemantics, exact ? CheckpointSemantics::Exact : CheckpointSemantics::Paper);
        QCOMPARE(QString::fromStdString(contenderDisplayName(contender)), displayName);
        QVERIFY(validateScenario(lane).empty());
        // The in-memory tier of the base is kept for a -memory contender and dropped for the others.
        base.memoryCheckpoint = MemoryCheckpoint{3, 2, MemoryPlacement::Contiguous, 0.0, 1.0, 60.0};
        const Scenario withTier = spare::contenderScenario(base, contender, contenders, sameRedundancy);
        QCOMPARE(withTier.memoryCheckpoint.has_value(), memoryTier);
        if (memoryTier)
            QCOMPARE(withTier.memoryCheckpoint->everySteps, 3);
    }

    // Rep's own r is "auto" resolved by the engine when run.rep_redundancy is absent.
    void repContenderResolvesAuto()
    {
        Scenario base = tinyScenario(Policy::Spare, 12, 4, 200, 20);
        base.repRedundancy.reset();
        const std::vector<RegimeContender> lineup = parseRegimeContenders("rep,spare", "--policies");
        QCOMPARE(spare::contenderScenario(base, lineup[0], lineup).redundancy, resolvedRepRedundancy(base));
    }

    void badContendersAreRefused_data()
    {
        QTest::addColumn<QString>("list");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown") << "spare,torchft" << "--race-lanes: \"torchft\" is not a contender; allowed: spare, rep";
        QTest::newRow("one") << "spare" << "--race-lanes spare: 1 contenders; allowed: 2 .. 6";
        QTest::newRow("seven") << "spare,rep,ckpt,elastic,rebalance,spare-memory,rep-memory"
                               << "7 contenders; allowed: 2 .. 6";
        QTest::newRow("empty name") << "spare,,ckpt" << "\"\" is not a contender";
    }
    void badContendersAreRefused()
    {
        QFETCH(QString, list);
        QFETCH(QString, message);
        try {
            parseRegimeContenders(list.toStdString(), "--race-lanes");
            QFAIL("accepted");
        } catch (const InputError& error) {
            QVERIFY2(QString::fromUtf8(error.what()).contains(message), error.what());
        }
    }

    // The Race's progress by measure is a fold of the events: at the end, the engine's sums.
    void progressReplayMatchesTheRun_data()
    {
        QTest::addColumn<int>("policy");
        QTest::addColumn<int>("measure");
        QTest::addColumn<int>("spareGroups");
        QTest::addColumn<bool>("exponentialRepair");
        QTest::newRow("elastic, effective") << int(Policy::Elastic) << int(ProgressMeasure::Effective) << 0 << false;
        QTest::newRow("elastic, samples") << int(Policy::Elastic) << int(ProgressMeasure::Samples) << 0 << false;
        QTest::newRow("elastic, fixed batch") << int(Policy::Elastic) << int(ProgressMeasure::Effective) << 2 << false;
        QTest::newRow("elastic, random repairs") << int(Policy::Elastic) << int(ProgressMeasure::Samples) << 0 << true;
        QTest::newRow("spare, effective") << int(Policy::Spare) << int(ProgressMeasure::Effective) << 0 << false;
    }
    void progressReplayMatchesTheRun()
    {
        QFETCH(int, policy);
        QFETCH(int, measure);
        QFETCH(int, spareGroups);
        QFETCH(bool, exponentialRepair);
        Scenario s = elasticN600(60.0);
        s.policy = static_cast<Policy>(policy);
        s.steps = 400;
        s.redundancy = s.policy == Policy::Spare ? 4 : 1;
        s.layout = s.policy == Policy::Spare ? "golomb" : "consecutive";
        s.checkpointIntervalSteps = 20;
        s.checkpointWriteS = 30.0;
        s.elastic->spareGroups = spareGroups;
        s.elastic->minReplicas = 580;  // some global restarts and rollbacks too
        if (exponentialRepair)
            s.repair->repairDistribution = RepairDistribution::Exponential;
        s.progress = ProgressModel{static_cast<ProgressMeasure>(measure), 1.0};
        QVERIFY(validateScenario(s).empty());
        EventCollector events;
        const RunMetrics m = Simulator(s).run(&events);
        ProgressReplay replay(s);
        for (const Event& e : events.events)
            replay.apply(e);
        QCOMPARE(replay.applied(), events.events.size());
        QCOMPARE(replay.progress().samples, m.samplesCommitted);
        QCOMPARE(replay.progress().effective, m.effectiveProgress);
        QCOMPARE(replay.measured(), measure == int(ProgressMeasure::Samples) ? m.samplesCommitted : m.effectiveProgress);
        if (s.policy == Policy::Elastic)
            QVERIFY(m.stepsBelowFullBatch > 0);
    }

    void sectionsRoundTrip()
    {
        Scenario s = tinyScenario(Policy::Elastic, 8, 1, 20, 20);
        s.elastic = ElasticSettings{5.0, 4, 1};
        s.rebalance = RebalanceSettings{3.0, true};
        s.memoryCheckpoint = MemoryCheckpoint{2, 3, MemoryPlacement::DomainSeparated, 0.5, 0.7, 45.0};
        s.progress = ProgressModel{ProgressMeasure::Samples, std::numeric_limits<double>::infinity()};
        QCOMPARE(scenarioFromJson(scenarioToJson(s), "round trip", ""), s);
    }
};

QTEST_GUILESS_MAIN(TestAlternativePolicies)
#include "test_alternative_policies.moc"
