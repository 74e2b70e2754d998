#include "engine/analysis/DomainBursts.h"
#include "engine/analysis/MonteCarlo.h"
#include "engine/base/InputError.h"
#include "engine/layout/Layout.h"
#include "engine/topology/ClusterPlacement.h"

#include <QtTest/QtTest>

#include <bit>
#include <cmath>
#include <cstdint>
#include <vector>

using namespace spare;

namespace {

// Groups of `gpusPerGroup` one-GPU nodes, contiguous, `nodesPerRack` nodes a rack: a group spans two
// racks when a rack boundary falls inside it.
ClusterPlacement rackPlacement(int groups, int nodesPerRack, int gpusPerGroup)
{
    Topology topology;
    topology.gpusPerNode = 1;
    topology.nodesPerRack = nodesPerRack;
    topology.racksPerPod = 64;
    return ClusterPlacement::fromTopology(topology, groups, gpusPerGroup);
}

MonteCarloOptions burstOptions(std::uint64_t trials, std::uint64_t seed, const DomainBursts& bursts)
{
    MonteCarloOptions options;
    options.trials = trials;
    options.seed = seed;
    options.device = Device::Cpu;
    options.bursts = bursts;
    return options;
}

// The exact law of the burst process, by dynamic programming over the sets of dead groups (each event
// kills at least one alive group, so a set is visited at most once and supersets come later in numeric
// order). Independent of the trial kernel; S*(set) comes from MonteCarlo::whatIf (itself checked against
// max flow in test_montecarlo).
struct ExactBurstLaw {
    std::vector<double> failuresEndured;  // P(K = k)
    double mu = 0.0;
    double burstsEndured = 0.0;
    double sbar = 0.0;  // E[sum_{k<K} S*(k)] / E[K]
};

ExactBurstLaw exactBurstLaw(const Layout& layout, const DomainBursts& bursts)
{
    const int n = layout.groups();
    const std::uint32_t sets = 1u << n;
    auto wipedOut = [&](std::uint32_t dead) {
        for (int t = 0; t < n; ++t) {
            bool alive = false;
            for (const int g : layout.holders(t))
                alive = alive || (dead >> g & 1u) == 0;
            if (!alive)
                return true;
        }
        return false;
    };
    std::vector<std::vector<int>> deadSets(sets);
    for (std::uint32_t s = 0; s < sets; ++s)
        for (int g = 0; g < n; ++g)
            if (s >> g & 1u)
                deadSets[s].push_back(g);
    const std::vector<WhatIfResult> capacities = MonteCarlo::whatIf(layout, deadSets, Device::Cpu);

    // An event from `dead`: the groups it kills, in the order the kernel kills them, and its probability.
    struct Event {
        std::vector<int> groups;
        double probability;
        bool burst;
    };
    const double share = bursts.share();
    auto eventsFrom = [&](std::uint32_t dead) {
        std::vector<Event> events;
        const int alive = n - std::popcount(dead);
        for (int g = 0; g < n; ++g)
            if ((dead >> g & 1u) == 0)
                events.push_back({{g}, (1.0 - share) / alive, false});
        std::vector<std::vector<int>> hit;
        for (int d = 0; d < bursts.domains(); ++d) {
            std::vector<int> groups;
            for (int i = bursts.domainBegin()[d]; i < bursts.domainBegin()[d + 1]; ++i)
                if ((dead >> bursts.domainGroups()[i] & 1u) == 0)
                    groups.push_back(bursts.domainGroups()[i]);
            if (!groups.empty())
                hit.push_back(groups);
        }
        for (auto& groups : hit)
            events.push_back({groups, share / static_cast<double>(hit.size()), true});
        return events;
    };

    ExactBurstLaw law;
    law.failuresEndured.assign(static_cast<std::size_t>(n) + 1, 0.0);
    std::vector<double> reach(sets, 0.0);
    reach[0] = 1.0;
    double capacitySum = 0.0;
    for (std::uint32_t dead = 0; dead < sets; ++dead) {
        if (reach[dead] == 0.0)
            continue;
        for (const Event& e : eventsFrom(dead)) {
            std::uint32_t after = dead;
            for (const int g : e.groups)
                after |= 1u << g;
            const double p = reach[dead] * e.probability;
            if (wipedOut(after)) {
                law.failuresEndured[static_cast<std::size_t>(std::popcount(dead))] += p;
                continue;
            }
            reach[after] += p;
            law.burstsEndured += e.burst ? p : 0.0;
            // The event's states before its last kill: its start and the prefixes inside a burst.
            std::uint32_t prefix = dead;
            for (const int g : e.groups) {
                capacitySum += p * capacities[prefix].capacity;
                prefix |= 1u << g;
            }
        }
    }
    for (int k = 0; k <= n; ++k)
        law.mu += k * law.failuresEndured[static_cast<std::size_t>(k)];
    law.sbar = capacitySum / law.mu;
    return law;
}

bool sameOutcomes(const std::vector<TrialOutcome>& a, const std::vector<TrialOutcome>& b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i].failuresEndured != b[i].failuresEndured || a[i].sumCapacity != b[i].sumCapacity
            || a[i].sumLowerBound != b[i].sumLowerBound || a[i].burstsEndured != b[i].burstsEndured)
            return false;
    return true;
}

}  // namespace

class TestMonteCarloBursts : public QObject {
    Q_OBJECT
private slots:
    void matchesExactLaw_data();
    void matchesExactLaw();
    void shareZeroIsThePlainOrder();
    void shareOneFailsWholeDomains();
    void rejectsBadBursts();
};

void TestMonteCarloBursts::matchesExactLaw_data()
{
    QTest::addColumn<QString>("layoutName");
    QTest::addColumn<int>("groups");
    QTest::addColumn<int>("redundancy");
    QTest::addColumn<int>("nodesPerRack");
    QTest::addColumn<int>("gpusPerGroup");
    QTest::addColumn<double>("share");
    QTest::newRow("golomb N8 r2, 4 racks, 0.3") << "golomb" << 8 << 2 << 2 << 1 << 0.3;
    QTest::newRow("golomb-domain N8 r2, 4 racks, 0.3") << "golomb-domain" << 8 << 2 << 2 << 1 << 0.3;
    QTest::newRow("golomb N9 r3, 3 racks, 0.5") << "golomb" << 9 << 3 << 3 << 1 << 0.5;
    QTest::newRow("golomb-domain N9 r3, 3 racks, 0.5") << "golomb-domain" << 9 << 3 << 3 << 1 << 0.5;
    QTest::newRow("consecutive N10 r2, 2 racks, 0.6") << "consecutive" << 10 << 2 << 5 << 1 << 0.6;
    QTest::newRow("golomb-domain N10 r2, 2 racks, 1") << "golomb-domain" << 10 << 2 << 5 << 1 << 1.0;
    QTest::newRow("golomb N12 r3, 3 racks, 0.1") << "golomb" << 12 << 3 << 4 << 1 << 0.1;
    QTest::newRow("golomb-domain N12 r3, 4 racks, 0.2") << "golomb-domain" << 12 << 3 << 3 << 1 << 0.2;
    QTest::newRow("golomb N11 r3, groups spanning racks, 0.4") << "golomb" << 11 << 3 << 6 << 2 << 0.4;
}

// The Monte-Carlo's K histogram (the wipe-out probability after k failed groups), mu, bursts endured and
// S_bar against the exact law, within 4.5 standard errors at a fixed seed.
void TestMonteCarloBursts::matchesExactLaw()
{
    QFETCH(QString, layoutName);
    QFETCH(int, groups);
    QFETCH(int, redundancy);
    QFETCH(int, nodesPerRack);
    QFETCH(int, gpusPerGroup);
    QFETCH(double, share);
    const ClusterPlacement placement = rackPlacement(groups, nodesPerRack, gpusPerGroup);
    const Layout layout = Layout::byName(layoutName.toStdString(), groups, redundancy, "", &placement);
    const DomainBursts bursts = DomainBursts::fromPlacement(placement, DomainLevel::Rack, share);
    QVERIFY(bursts.domains() >= 2 && bursts.domains() <= 4);
    const ExactBurstLaw law = exactBurstLaw(layout, bursts);

    constexpr std::uint64_t kTrials = 40'000;
    const MonteCarloResult mc = MonteCarlo::run(layout, burstOptions(kTrials, 7, bursts));
    constexpr double kSigmas = 4.5;
    for (std::size_t k = 0; k < law.failuresEndured.size(); ++k) {
        const double p = law.failuresEndured[k];
        const double seen = k < mc.failuresHistogram.size()
                                ? static_cast<double>(mc.failuresHistogram[k]) / static_cast<double>(kTrials)
                                : 0.0;
        const double se = std::sqrt(p * (1.0 - p) / static_cast<double>(kTrials));
        QVERIFY2(std::abs(seen - p) <= kSigmas * se + 1e-12,
                 qPrintable(QStringLiteral("P(K = %1): exact %2, Monte-Carlo %3").arg(k).arg(p).arg(seen)));
    }
    auto within = [&](double exact, double estimate, const ConfidenceInterval& ci) {
        const double se = (ci.high - ci.low) / (2.0 * 1.96);
        return std::abs(estimate - exact) <= kSigmas * se + 1e-12;
    };
    QVERIFY2(within(law.mu, mc.mu, mc.muCi95), qPrintable(QStringLiteral("mu %1 vs %2").arg(law.mu).arg(mc.mu)));
    QVERIFY2(within(law.burstsEndured, mc.burstsEndured, mc.burstsEnduredCi95),
             qPrintable(QStringLiteral("bursts %1 vs %2").arg(law.burstsEndured).arg(mc.burstsEndured)));
    QVERIFY2(within(law.sbar, mc.sbar, mc.sbarCi95),
             qPrintable(QStringLiteral("S_bar %1 vs %2").arg(law.sbar).arg(mc.sbar)));
}

// Share 0 takes the plain path: the same outcomes as no bursts, trial for trial, and the same result.
void TestMonteCarloBursts::shareZeroIsThePlainOrder()
{
    const ClusterPlacement placement = rackPlacement(96, 8, 1);
    const Layout layout = Layout::golomb(96, 3);
    const DomainBursts none = DomainBursts::fromPlacement(placement, DomainLevel::Rack, 0.0);
    QVERIFY(sameOutcomes(MonteCarlo::trialOutcomes(layout, 3, 0, 500, Device::Cpu),
                         MonteCarlo::trialOutcomes(layout, 3, 0, 500, Device::Cpu, &none)));
    MonteCarloOptions plain = burstOptions(2000, 3, none);
    plain.bursts.reset();
    const MonteCarloResult a = MonteCarlo::run(layout, plain);
    const MonteCarloResult b = MonteCarlo::run(layout, burstOptions(2000, 3, none));
    QCOMPARE(a.mu, b.mu);
    QCOMPARE(a.sbar, b.sbar);
    QVERIFY(a.failuresHistogram == b.failuresHistogram);
    QCOMPARE(b.burstsEndured, 0.0);
}

// Share 1: every event is a burst, so K is a sum of whole domains (racks of 4 here: a multiple of 4).
void TestMonteCarloBursts::shareOneFailsWholeDomains()
{
    const ClusterPlacement placement = rackPlacement(64, 4, 1);
    const Layout layout = Layout::golombDomain(placement, 3);
    const DomainBursts all = DomainBursts::fromPlacement(placement, DomainLevel::Rack, 1.0);
    for (const TrialOutcome& o : MonteCarlo::trialOutcomes(layout, 5, 0, 300, Device::Cpu, &all)) {
        QCOMPARE(o.failuresEndured % 4, 0u);
        QCOMPARE(o.failuresEndured, 4 * o.burstsEndured);
    }
}

void TestMonteCarloBursts::rejectsBadBursts()
{
    const ClusterPlacement placement = rackPlacement(32, 4, 1);
    QVERIFY_THROWS_EXCEPTION(InputError, DomainBursts::fromPlacement(placement, DomainLevel::Rack, 1.5));
    QVERIFY_THROWS_EXCEPTION(InputError, DomainBursts::fromPlacement(placement, DomainLevel::Rack, -0.1));
    const DomainBursts bursts = DomainBursts::fromPlacement(placement, DomainLevel::Rack, 0.2);
    QVERIFY_THROWS_EXCEPTION(InputError, MonteCarlo::run(Layout::golomb(40, 3), burstOptions(10, 1, bursts)));
}

QTEST_GUILESS_MAIN(TestMonteCarloBursts)
#include "test_montecarlo_bursts.moc"
