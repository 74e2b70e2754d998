// The hosts section (docs/simulator-model.md, "Failure-prone and slow hosts"): failure-prone nodes add
// their extra rate and are removed after k failures; slow nodes stretch every step until evicted; and
// maintenance at listed instants.
#include "engine/base/InputError.h"
#include "engine/sim/HostPopulation.h"
#include "engine/sim/RestartCause.h"
#include "engine/sim/ScenarioJson.h"
#include "engine/sim/Simulator.h"
#include "tests/support/ScenarioRefusal.h"
#include "tests/support/TinyScenario.h"

#include <QtTest/QtTest>
#include <nlohmann/json.hpp>

#include <array>
#include <cmath>
#include <limits>
#include <set>
#include <vector>

using namespace spare;

namespace {

// CKPT-only with 1-second steps, free failure handling and exponential failures: a failure count over a
// window is the clocks' count.
Scenario plainCkpt(int groups, int gpusPerGroup)
{
    Scenario s = renewalCkptScenario(groups, 10'000'000);
    s.gpusPerGroup = gpusPerGroup;
    s.checkpointIntervalSteps = 1;
    s.restartS = 0.0;
    return s;
}

class OriginCounter final : public SimulationObserver {
public:
    void onEvent(const Event& e) override
    {
        if (e.kind == EventKind::Failure && e.origin && e.origin->category == "failure-prone node") {
            ++proneFailures;
            proneNodes.insert(e.origin->domain);
        }
        if (e.kind == EventKind::RestartStart)
            restartStarts.push_back(e.time);
    }
    int proneFailures = 0;
    std::set<int> proneNodes;
    std::vector<double> restartStarts;
};

class EventLog final : public SimulationObserver {
public:
    void onEvent(const Event& e) override { events.push_back({e.time, static_cast<double>(e.kind), double(e.group), double(e.value)}); }
    std::vector<std::array<double, 4>> events;
};

}  // namespace

class TestHostHeterogeneity : public QObject {
    Q_OBJECT

private slots:
    void drawsAreDistinctAndSeeded()
    {
        Scenario s = plainCkpt(100, 64);  // 8 nodes a group
        s.hosts = HostHeterogeneity{};
        s.hosts->proneShare = 0.1;
        s.hosts->slowShare = 0.25;
        const HostPopulation a(s);
        QCOMPARE(HostPopulation::nodesPerGroup(s), 8);
        QCOMPARE(a.proneNodes().size(), std::size_t(80));
        QCOMPARE(std::set<int>(a.proneNodes().begin(), a.proneNodes().end()).size(), std::size_t(80));
        QCOMPARE(a.slowNodeCount(), 200);
        for (std::size_t i = 0; i < a.proneNodes().size(); ++i)
            QCOMPARE(a.proneGroups()[i], a.proneNodes()[i] / 8);
        QCOMPARE(HostPopulation(s).proneNodes(), a.proneNodes());
        s.seed = 2;
        QVERIFY(HostPopulation(s).proneNodes() != a.proneNodes());
    }

    // A prone node fails prone_factor times as often as a healthy one: over a window W the count is
    // W / m x (1 + share x (factor - 1)) on average.
    void proneNodesAddTheirRate_data()
    {
        QTest::addColumn<double>("share");
        QTest::addColumn<double>("factor");
        QTest::newRow("5% at 10x") << 0.05 << 10.0;
        QTest::newRow("1% at 50x") << 0.01 << 50.0;
        QTest::newRow("none") << 0.0 << 10.0;
    }
    void proneNodesAddTheirRate()
    {
        QFETCH(double, share);
        QFETCH(double, factor);
        Scenario s = plainCkpt(100, 16);  // 2 nodes a group, 200 nodes
        s.systemMtbfS = 100.0;
        s.hosts = HostHeterogeneity{};
        s.hosts->proneShare = share;
        s.hosts->proneFactor = factor;
        const double windowS = 20'000.0;
        SimulationLimits limits;
        limits.untilS = windowS;
        limits.maxTttRatio = 1e6;
        const int seeds = 40;
        double sum = 0.0;
        for (int seed = 1; seed <= seeds; ++seed) {
            s.seed = static_cast<std::uint64_t>(seed);
            sum += static_cast<double>(Simulator(s).run(nullptr, limits).failures);
        }
        const double expected = windowS / s.systemMtbfS * (1.0 + share * (factor - 1.0));
        // Poisson: 95% interval of the mean of 40 seeds is about 1.96 sqrt(expected / 40).
        QVERIFY2(std::abs(sum / seeds - expected) < 3.0 * std::sqrt(expected / seeds) + 0.01 * expected,
                 qPrintable(QStringLiteral("mean %1, expected %2").arg(sum / seeds).arg(expected)));
    }

    void removalStopsAProneNode()
    {
        Scenario s = plainCkpt(50, 8);  // one node a group
        s.systemMtbfS = 1e6;  // prone extra failures every 5e7 / 999 s, healthy ones every 1e6 s
        s.hosts = HostHeterogeneity{};
        s.hosts->proneShare = 0.1;
        s.hosts->proneFactor = 1000.0;
        s.hosts->removeAfter = 3;
        s.repair = RepairModel{};
        s.repair->spareNodes = 10;
        s.repair->repairDistribution = RepairDistribution::Fixed;
        s.repair->repairMeanS = 1.0;
        s.repair->swapS = 0.0;
        OriginCounter counter;
        SimulationLimits limits;
        limits.untilS = 1e9;
        limits.maxTttRatio = 1e6;
        const RunMetrics m = Simulator(s).run(&counter, limits);
        QCOMPARE(m.proneNodesRemoved, std::int64_t(5));
        QVERIFY(counter.proneFailures <= 15);
        QCOMPARE(counter.proneNodes.size(), std::size_t(5));
        QVERIFY(m.repair->minFreeSpares <= 5);  // five nodes short for good
    }

    // Slow nodes in every group: each step takes slow_factor times as long, booked as barrier wait.
    void slowHostsStretchEveryStep()
    {
        Scenario s = tinyScenario(Policy::Ckpt, 4, 1, 20, 20);
        s.systemMtbfS = 1e12;
        s.hosts = HostHeterogeneity{};
        s.hosts->slowShare = 1.0;
        s.hosts->slowFactor = 1.5;
        const RunMetrics m = Simulator(s).run();
        QCOMPARE(m.tttS, 20 * (15.0 + 1.0));
        QCOMPARE(m.slowHostS, 20 * 5.0);
        QCOMPARE(m.timeBreakdown.barrierWaitS, 20 * 5.0);
        QCOMPARE(m.ettr, 1.0);
        QCOMPARE(m.slowHostsEvicted, std::int64_t(0));
    }

    // Found after evict_after_s, replaced at the next planned stop: later steps are healthy.
    void evictionAtTheNextStop()
    {
        Scenario s = tinyScenario(Policy::Ckpt, 4, 1, 20, 20);
        s.systemMtbfS = 1e12;
        s.checkpointWriteS = 0.0;
        s.hosts = HostHeterogeneity{};
        s.hosts->slowShare = 1.0;
        s.hosts->slowFactor = 2.0;
        s.hosts->evictAfterS = 0.0;
        s.maintenance = MaintenanceSchedule{};
        s.maintenance->durationS = 10.0;
        s.maintenance->atS = {100.0};
        const RunMetrics m = Simulator(s).run();
        // 5 steps of 21 s reach 105 s; the stop takes 10 s; 15 steps of 11 s follow.
        QCOMPARE(m.slowHostsEvicted, std::int64_t(4));
        QCOMPARE(m.maintenanceStops, std::int64_t(1));
        QCOMPARE(m.tttS, 5 * 21.0 + 10.0 + 15 * 11.0);
    }

    void maintenanceAtListedInstants()
    {
        Scenario s = tinyScenario(Policy::Ckpt, 4, 1, 30, 30);
        s.systemMtbfS = 1e12;
        s.checkpointWriteS = 0.0;
        s.maintenance = MaintenanceSchedule{};
        s.maintenance->durationS = 5.0;
        s.maintenance->atS = {20.0, 21.0, 200.0};
        OriginCounter counter;
        const RunMetrics m = Simulator(s).run(&counter);
        // A stop at the first step boundary at or after each instant; 21 s is passed by the first stop.
        QCOMPARE(m.maintenanceStops, std::int64_t(2));
        QCOMPARE(counter.restartStarts, (std::vector<double>{22.0, 27.0 + 11.0 * 16}));
    }

    // A hosts section with nothing in it changes nothing, event for event.
    void emptySectionIsIdentity()
    {
        Scenario s = tinyScenario(Policy::Spare, 12, 3, 200, 10);
        s.failureModel = FailureModel::Weibull;
        s.systemMtbfS = 300.0;
        s.jitterSd = 0.05;
        EventLog plain;
        const RunMetrics a = Simulator(s).run(&plain);
        s.hosts = HostHeterogeneity{};
        EventLog withHosts;
        const RunMetrics b = Simulator(s).run(&withHosts);
        QCOMPARE(a.tttS, b.tttS);
        QCOMPARE(a.failures, b.failures);
        QVERIFY(plain.events.size() > 100);
        QVERIFY(plain.events == withHosts.events);
    }

    void keysRoundTripAndRefuseBadValues_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("key");
        QTest::newRow("factor below 1") << R"({"hosts": {"prone_factor": 0.5}})" << "hosts.prone_factor";
        QTest::newRow("share above 1") << R"({"hosts": {"slow_share": 1.5}})" << "hosts.slow_share";
        QTest::newRow("negative removal") << R"({"hosts": {"remove_after": -1}})" << "hosts.remove_after";
        QTest::newRow("evict word") << R"({"hosts": {"evict_after_s": "never"}})" << "hosts.evict_after_s";
        QTest::newRow("slow factor") << R"({"hosts": {"slow_factor": 101}})" << "hosts.slow_factor";
        QTest::newRow("too many nodes") << R"({"cluster": {"groups": 200000, "redundancy": 2}, "hosts": {}})"
                                        << "hosts";
        QTest::newRow("descending stops") << R"({"maintenance": {"at_s": [10, 5]}})" << "maintenance.at_s[1]";
        QTest::newRow("negative stop") << R"({"maintenance": {"at_s": [-1]}})" << "maintenance.at_s[0]";
        QTest::newRow("stops not a list") << R"({"maintenance": {"at_s": 5}})" << "maintenance.at_s";
    }
    void keysRoundTripAndRefuseBadValues()
    {
        QFETCH(QString, json);
        QFETCH(QString, key);
        const std::string problem = scenarioRefusalAt(json.toStdString(), key.toStdString());
        QVERIFY2(problem.empty(), problem.c_str());
    }

    void roundTrip()
    {
        Scenario s = tinyScenario(Policy::Ckpt, 4, 1, 20, 20);
        s.hosts = HostHeterogeneity{0.02, 8.0, 3, 0.1, 1.2, 7200.0};
        s.maintenance = MaintenanceSchedule{};
        s.maintenance->atS = {10.0, 20.5};
        QCOMPARE(scenarioFromJson(scenarioToJson(s), "round trip", ""), s);
        s.hosts->evictAfterS = std::numeric_limits<double>::infinity();
        QCOMPARE(scenarioFromJson(scenarioToJson(s), "round trip", ""), s);
    }
};

QTEST_GUILESS_MAIN(TestHostHeterogeneity)
#include "test_host_heterogeneity.moc"
