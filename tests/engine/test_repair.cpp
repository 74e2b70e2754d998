// The repair model: the hot-spare pool against a closed-form oracle, the repair-time distributions,
// exact hand-computed runs (a restart waiting for spares, a Rep member rejoining), the limits that must
// match the model without repair, node counts of domain failures, and SPARe's re-admission.
#include "engine/reorder/ReorderDecision.h"
#include "engine/sim/RunMetricsJson.h"
#include "engine/sim/Simulator.h"
#include "engine/sim/SparePool.h"

#include "tests/support/EventCollector.h"
#include "tests/support/TinyScenario.h"

#include <QtTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <random>

using namespace spare;

Q_DECLARE_METATYPE(spare::Policy)

namespace {

RepairModel fixedRepair(int spares, double repairS, double swapS, double transferS, RejoinRule rejoin)
{
    RepairModel r;
    r.spareNodes = spares;
    r.repairDistribution = RepairDistribution::Fixed;
    r.repairMeanS = repairS;
    r.swapS = swapS;
    r.stateTransferS = transferS;
    r.rejoin = rejoin;
    return r;
}

// 64 groups of 12 GPUs on 8-GPU nodes, 4 nodes per rack, racks failing at a tenth of the group rate.
Scenario rackScenario(Policy policy, std::uint64_t seed)
{
    Scenario s;
    s.groups = 64;
    s.gpusPerGroup = 12;
    s.redundancy = policy == Policy::Rep ? 2 : 4;
    s.steps = 400;
    s.computeS = 20.0;
    s.systemMtbfS = 400.0;
    s.restartS = 600.0;
    s.checkpointWriteS = 10.0;
    s.policy = policy;
    s.seed = seed;
    Topology topology;
    topology.gpusPerNode = 8;
    topology.nodesPerRack = 4;
    topology.racksPerPod = 4;
    s.topology = topology;
    DomainFailureProcess racks;
    racks.level = DomainLevel::Rack;
    racks.mtbfS = 400.0 * 64 / 10.0 * 2.0;
    s.domainFailures.push_back(racks);
    return s;
}

bool sameRuns(const Scenario& a, const Scenario& b)
{
    EventCollector ea;
    EventCollector eb;
    const RunMetrics ma = Simulator(a).run(&ea);
    const RunMetrics mb = Simulator(b).run(&eb);
    if (runMetricsToJson(ma) != runMetricsToJson(mb) || ea.events.size() != eb.events.size())
        return false;
    for (std::size_t i = 0; i < ea.events.size(); ++i) {
        const Event& x = ea.events[i];
        const Event& y = eb.events[i];
        if (x.time != y.time || x.kind != y.kind || x.group != y.group || x.gpu != y.gpu || x.value != y.value ||
            x.stackNumber != y.stackNumber || x.duration != y.duration)
            return false;
    }
    return true;
}

}  // namespace

class TestRepair : public QObject {
    Q_OBJECT

private slots:
    // First come, first served: request i (in time order) gets the i-th spare to become available, the
    // initial spares first and then the repaired nodes in return order, so it is served at
    // max(request time, i-th availability). Each group fails once here, so it is served at its last node's time.
    void poolMatchesFirstComeFirstServed()
    {
        std::mt19937_64 rng(11);
        for (int instance = 0; instance < 300; ++instance) {
            const int spares = static_cast<int>(rng() % 6);
            const double repairS = 10.0 + static_cast<double>(rng() % 200);
            const int groups = 1 + static_cast<int>(rng() % 30);
            SparePool pool(fixedRepair(spares, repairS, 0.0, 0.0, RejoinRule::AtStep), groups, 1);
            std::vector<double> requestTimes;
            std::vector<int> requestGroup;
            double t = 0.0;
            for (int g = 0; g < groups; ++g) {
                t += static_cast<double>(rng() % 40);
                const int nodes = 1 + static_cast<int>(rng() % 3);
                pool.nodesFailed(g, nodes, t);
                for (int k = 0; k < nodes; ++k) {
                    requestTimes.push_back(t);
                    requestGroup.push_back(g);
                }
            }
            std::vector<double> available(static_cast<std::size_t>(spares), -std::numeric_limits<double>::infinity());
            for (const double q : requestTimes)
                available.push_back(q + repairS);
            std::sort(available.begin(), available.end());
            std::map<int, double> expected;
            double last = -std::numeric_limits<double>::infinity();
            for (std::size_t i = 0; i < requestTimes.size(); ++i) {
                const double served = std::max(requestTimes[i], available[i]);
                expected[requestGroup[i]] = std::max(expected.count(requestGroup[i]) ? expected[requestGroup[i]] : served, served);
                last = std::max(last, served);
            }
            if (std::any_of(requestTimes.begin(), requestTimes.end(), [&](double q) { return q + repairS > t; }) &&
                last > t)
                QCOMPARE(pool.allServedBy(), last);
            pool.advance(std::numeric_limits<double>::max());
            const auto served = pool.takeServed();
            QCOMPARE(served.size(), expected.size());
            double previous = -std::numeric_limits<double>::infinity();
            for (const SparePool::Served& s : served) {
                QCOMPARE(s.timeS, expected.at(s.group));
                QVERIFY(s.timeS >= previous);
                previous = s.timeS;
            }
            QVERIFY(pool.allServedBy() < 0.0);
            QCOMPARE(pool.nodesFailedTotal(), static_cast<std::int64_t>(requestTimes.size()));
        }
    }

    // One node, no spare: the group is served when that node is repaired, so the served time is a sample
    // of the repair time. Means over 20,000 seeds within 5 standard errors.
    void repairTimeDistributions_data()
    {
        QTest::addColumn<int>("distribution");
        QTest::addColumn<double>("escalationShare");
        QTest::newRow("exponential") << static_cast<int>(RepairDistribution::Exponential) << 0.0;
        QTest::newRow("lognormal") << static_cast<int>(RepairDistribution::Lognormal) << 0.0;
        QTest::newRow("fixed") << static_cast<int>(RepairDistribution::Fixed) << 0.0;
        QTest::newRow("lognormal, 10% escalated") << static_cast<int>(RepairDistribution::Lognormal) << 0.1;
    }
    void repairTimeDistributions()
    {
        QFETCH(int, distribution);
        QFETCH(double, escalationShare);
        RepairModel model;
        model.spareNodes = 0;
        model.repairDistribution = static_cast<RepairDistribution>(distribution);
        model.repairMeanS = 3600.0;
        model.repairSigma = 1.0;
        model.escalationShare = escalationShare;
        model.escalationMeanS = 36000.0;
        const int samples = 20000;
        double sum = 0.0;
        double sumSq = 0.0;
        for (int seed = 0; seed < samples; ++seed) {
            SparePool pool(model, 1, static_cast<std::uint64_t>(seed));
            pool.nodesFailed(0, 1, 0.0);
            const double x = pool.allServedBy();
            sum += x;
            sumSq += x * x;
        }
        const double mean = sum / samples;
        const double expected = (1.0 - escalationShare) * 3600.0 + escalationShare * 36000.0;
        const double sd = std::sqrt(std::max(0.0, sumSq / samples - mean * mean));
        if (model.repairDistribution == RepairDistribution::Fixed)
            QCOMPARE(mean, 3600.0);
        else
            QVERIFY2(std::abs(mean - expected) < 5.0 * sd / std::sqrt(double(samples)),
                     qPrintable(QStringLiteral("mean %1, expected %2").arg(mean).arg(expected)));
    }

    // CKPT-only, failure at 5 s noticed at the all-reduce (10 s), restart from 10.5 s. With a spare the
    // restart ends after T_r (110.5 s); with none it waits for the node's repair (5 + 500 = 505 s): 394.5 s
    // of waiting for spares. Then three steps of 11 s.
    void restartWaitsForSpares()
    {
        Scenario s = tinyScenario(Policy::Ckpt, 3, 1, 3, 3);
        s.repair = fixedRepair(1, 500.0, 60.0, 0.0, RejoinRule::None);
        const RunMetrics withSpare = Simulator(s, {{5.0, 1}}).run();
        QCOMPARE(withSpare.tttS, 143.5);
        QCOMPARE(withSpare.repair->spareWaits, std::int64_t{0});
        QCOMPARE(withSpare.repair->minFreeSpares, 0);
        s.repair->spareNodes = 0;
        const RunMetrics waiting = Simulator(s, {{5.0, 1}}).run();
        QCOMPARE(waiting.tttS, 538.0);
        QCOMPARE(waiting.restartS, 494.5);
        QCOMPARE(waiting.repair->spareWaits, std::int64_t{1});
        QCOMPARE(waiting.repair->spareWaitS, 394.5);
        QCOMPARE(waiting.repair->nodesFailed, std::int64_t{1});
    }

    // Rep, r = 2, sets {0,1} and {2,3}; steps of 21 s. Group 0 fails at 5 s (noticed 20 s, failed
    // all-reduce and shrink: step 0 ends 20.6 s). Its spare is swapped in by 5 + 10 + 5 = 20 s, so it
    // rejoins at the next step boundary (20.6 s) and group 1's failure at 60 s is masked. With a 100 s
    // swap it is still out at 61.6 s: the set is lost and the run restarts, as it does without rejoin.
    void repMemberRejoins()
    {
        Scenario s = tinyScenario(Policy::Rep, 4, 2, 6, 6);
        s.repair = fixedRepair(1, 3600.0, 10.0, 5.0, RejoinRule::AtStep);
        EventCollector observer;
        const RunMetrics back = Simulator(s, {{5.0, 0}, {60.0, 1}}).run(&observer);
        QCOMPARE(back.restarts, std::int64_t{0});
        QCOMPARE(back.maskedFailures, std::int64_t{2});
        QCOMPARE(back.repair->rejoins, std::int64_t{1});
        QVERIFY(std::abs(back.repair->meanRejoinDelayS - 15.6) < 1e-9);
        const auto rejoin = std::find_if(observer.events.begin(), observer.events.end(),
                                         [](const Event& e) { return e.kind == EventKind::Rejoin; });
        QVERIFY(rejoin != observer.events.end());
        QCOMPARE(rejoin->group, 0);
        QVERIFY(std::abs(rejoin->time - 20.6) < 1e-9);
        QCOMPARE(std::next(rejoin)->kind, EventKind::StepStart);

        s.repair->swapS = 100.0;
        const RunMetrics late = Simulator(s, {{5.0, 0}, {60.0, 1}}).run();
        QCOMPARE(late.restarts, std::int64_t{1});
        s.repair->rejoin = RejoinRule::None;
        s.repair->swapS = 10.0;
        QCOMPARE(Simulator(s, {{5.0, 0}, {60.0, 1}}).run().restarts, std::int64_t{1});
    }

    // A group's clock that fires while it is out is ignored, also when the run finds the firing only after
    // the group rejoined: group 0 (out since 5 s) fires again at 20.55 s, during the shrink; the next check
    // point is the step boundary at 20.6 s where it rejoins. The run is the one without that firing.
    void firingBeforeRejoinIsNoFailure()
    {
        Scenario s = tinyScenario(Policy::Rep, 4, 2, 6, 6);
        s.repair = fixedRepair(1, 3600.0, 10.0, 5.0, RejoinRule::AtStep);
        EventCollector observer;
        const RunMetrics m = Simulator(s, {{5.0, 0}, {20.55, 0}, {60.0, 1}}).run(&observer);
        const RunMetrics without = Simulator(s, {{5.0, 0}, {60.0, 1}}).run();
        QCOMPARE(m.failures, std::int64_t{2});
        QCOMPARE(m.maskedFailures, without.maskedFailures);
        QCOMPARE(m.repair->rejoins, without.repair->rejoins);
        QCOMPARE(m.tttS, without.tttS);
        QVERIFY(std::none_of(observer.events.begin(), observer.events.end(), [](const Event& e) {
            return e.kind == EventKind::Failure && e.time > 20.0 && e.time < 21.0;
        }));
    }

    // The limits of the issue: a swap time of infinity is rejoin none, and a pool that never runs dry with
    // rejoin none is the model without repair (byte for byte, apart from the repair counters).
    void limitsMatchTheModelWithoutRepair_data()
    {
        QTest::addColumn<Policy>("policy");
        QTest::addColumn<int>("seed");
        for (const Policy policy : {Policy::Spare, Policy::Rep, Policy::Ckpt})
            for (const int seed : {1, 2, 3})
                QTest::addRow("%s seed %d", policyName(policy), seed) << policy << seed;
    }
    void limitsMatchTheModelWithoutRepair()
    {
        QFETCH(Policy, policy);
        QFETCH(int, seed);
        Scenario plain = rackScenario(policy, static_cast<std::uint64_t>(seed));
        Scenario none = plain;
        none.repair = RepairModel{};
        none.repair->spareNodes = 0;
        none.repair->repairMeanS = 7200.0;
        Scenario infiniteSwap = none;
        infiniteSwap.repair->rejoin = RejoinRule::AtStep;
        infiniteSwap.repair->swapS = std::numeric_limits<double>::infinity();
        QVERIFY(sameRuns(none, infiniteSwap));

        Scenario plenty = none;
        plenty.repair->spareNodes = 10'000'000;
        EventCollector a;
        EventCollector b;
        RunMetrics withPool = Simulator(plenty).run(&a);
        const RunMetrics without = Simulator(plain).run(&b);
        QVERIFY(withPool.repair && !without.repair);
        QCOMPARE(withPool.repair->spareWaits, std::int64_t{0});
        withPool.repair.reset();
        QVERIFY(runMetricsToJson(withPool) == runMetricsToJson(without));
        QCOMPARE(a.events.size(), b.events.size());
        // A dry pool makes restarts wait (the same failures: the clocks do not depend on the pool).
        const RunMetrics dry = Simulator(none).run();
        QCOMPARE(dry.failures > 0, true);
        if (dry.restarts > 0)
            QVERIFY(dry.repair->spareWaitS > 0.0);
    }

    // A rack failure sends each hit group's nodes in that rack to repair: counted here from the GPU
    // numbering alone (group g holds GPUs 12 g .. 12 g + 11, node = GPU / 8, rack = node / 4).
    void domainFailuresSendTheirNodes()
    {
        Scenario s = rackScenario(Policy::Rep, 5);
        s.repair = RepairModel{};
        EventCollector observer;
        const RunMetrics m = Simulator(s).run(&observer);
        std::int64_t expected = 0;
        int rackFailures = 0;
        for (const Event& e : observer.events) {
            if (e.kind != EventKind::Failure)
                continue;
            if (!e.origin || !e.origin->level) {
                ++expected;
                continue;
            }
            ++rackFailures;
            std::vector<int> nodes;
            for (int gpu = 12 * e.group; gpu < 12 * e.group + 12; ++gpu)
                if (gpu / 8 / 4 == e.origin->domain)
                    nodes.push_back(gpu / 8);
            nodes.erase(std::unique(nodes.begin(), nodes.end()), nodes.end());
            expected += static_cast<std::int64_t>(nodes.size());
        }
        QVERIFY(rackFailures > 0);
        QCOMPARE(m.repair->nodesFailed, expected);
    }

    // SPARe re-admits rejoining groups: every Readmit decision lowers S or keeps it, names the rejoined
    // groups, and over a run S averages lower than without rejoin (same failures). At N = 64 one group
    // out forces S >= 2, so failures here are rare enough (system MTBF 4,000 s) that all groups are
    // often back and S returns to 1.
    void spareReadmitsRejoinedGroups()
    {
        Scenario s = rackScenario(Policy::Spare, 3);
        s.systemMtbfS = 4000.0;
        s.domainFailures.front().mtbfS = *s.domainFailures.front().mtbfS * 10.0;
        s.repair = RepairModel{};
        s.repair->spareNodes = 64;
        s.repair->swapS = 120.0;
        s.repair->stateTransferS = 30.0;
        s.repair->rejoin = RejoinRule::AtStep;
        EventCollector observer;
        const RunMetrics back = Simulator(s).run(&observer);
        int readmits = 0;
        for (std::size_t i = 0; i < observer.events.size(); ++i) {
            const Event& e = observer.events[i];
            if (e.kind != EventKind::Decision || e.decision->phase != ReorderDecision::Phase::Readmit)
                continue;
            ++readmits;
            QVERIFY(e.decision->stackNumber <= e.decision->previousStackNumber);
            QVERIFY(e.decision->patches.empty());
            std::vector<int> rejoined;
            for (std::size_t j = i; j-- > 0 && observer.events[j].kind == EventKind::Rejoin;)
                rejoined.insert(rejoined.begin(), observer.events[j].group);
            QVERIFY(rejoined == e.decision->failedGroups);
        }
        QVERIFY(readmits > 0);
        QVERIFY(back.completed);
        s.repair->rejoin = RejoinRule::None;
        const RunMetrics out = Simulator(s).run();
        QVERIFY(back.meanStackNumber < out.meanStackNumber);
        QVERIFY(back.tttS < out.tttS);
    }
};

QTEST_GUILESS_MAIN(TestRepair)
#include "test_repair.moc"
