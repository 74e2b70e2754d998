#include "engine/analysis/MonteCarlo.h"
#include "engine/layout/Layout.h"
#include "engine/topology/ClusterPlacement.h"

#include <QtTest/QtTest>

#include <random>
#include <vector>

using namespace spare;

// CPU and CUDA must agree trial for trial (the same kernel code, integer results).
class TestMonteCarloCuda : public QObject {
    Q_OBJECT

private slots:
    void init();
    void trialsIdentical_data();
    void trialsIdentical();
    void burstTrialsIdentical_data();
    void burstTrialsIdentical();
    void runIdentical_data();
    void runIdentical();
    void whatIfIdentical();
};

void TestMonteCarloCuda::init()
{
    const std::string why = MonteCarlo::cudaUnavailableReason();
    if (!why.empty())
        QSKIP(qPrintable(QStringLiteral("no CUDA device: %1").arg(QString::fromStdString(why))));
}

void TestMonteCarloCuda::trialsIdentical_data()
{
    QTest::addColumn<QString>("layout");
    QTest::addColumn<int>("groups");
    QTest::addColumn<int>("redundancy");
    QTest::addColumn<int>("trials");
    QTest::newRow("golomb N1000 r9") << QStringLiteral("golomb") << 1000 << 9 << 20000;
    QTest::newRow("golomb N600 r8") << QStringLiteral("golomb") << 600 << 8 << 20000;
    QTest::newRow("consecutive N50 r3") << QStringLiteral("consecutive") << 50 << 3 << 50000;
    QTest::newRow("consecutive N24 r5 (S* above c(k): the backward search)") << QStringLiteral("consecutive") << 24
                                                                             << 5 << 50000;
    QTest::newRow("golomb N7 r3") << QStringLiteral("golomb") << 7 << 3 << 10000;
    QTest::newRow("consecutive N70000 r3 (32-bit workspaces)") << QStringLiteral("consecutive") << 70000 << 3 << 64;
}

void TestMonteCarloCuda::trialsIdentical()
{
    QFETCH(QString, layout);
    QFETCH(int, groups);
    QFETCH(int, redundancy);
    QFETCH(int, trials);
    const Layout built = Layout::byName(layout.toStdString(), groups, redundancy);
    const auto cpu = MonteCarlo::trialOutcomes(built, 17, 12345, static_cast<std::size_t>(trials), Device::Cpu);
    const auto gpu = MonteCarlo::trialOutcomes(built, 17, 12345, static_cast<std::size_t>(trials), Device::Cuda);
    QCOMPARE(gpu.size(), cpu.size());
    for (std::size_t i = 0; i < cpu.size(); ++i) {
        QCOMPARE(gpu[i].failuresEndured, cpu[i].failuresEndured);
        QCOMPARE(gpu[i].sumCapacity, cpu[i].sumCapacity);
        QCOMPARE(gpu[i].sumLowerBound, cpu[i].sumLowerBound);
    }
}

void TestMonteCarloCuda::burstTrialsIdentical_data()
{
    QTest::addColumn<QString>("layout");
    QTest::addColumn<int>("groups");
    QTest::addColumn<int>("nodesPerRack");
    QTest::addColumn<double>("share");
    QTest::newRow("golomb-domain N128 r3, racks of 8, 0.3") << QStringLiteral("golomb-domain") << 128 << 8 << 0.3;
    QTest::newRow("golomb N600 r3, racks of 4, 0.1") << QStringLiteral("golomb") << 600 << 4 << 0.1;
    QTest::newRow("golomb-domain N70000 r3, racks of 16, 1 (32-bit workspaces)") << QStringLiteral("golomb-domain")
                                                                                 << 70000 << 16 << 1.0;
}

// Domain bursts: the same outcomes, bursts endured included.
void TestMonteCarloCuda::burstTrialsIdentical()
{
    QFETCH(QString, layout);
    QFETCH(int, groups);
    QFETCH(int, nodesPerRack);
    QFETCH(double, share);
    Topology topology;
    topology.gpusPerNode = 1;
    topology.nodesPerRack = nodesPerRack;
    topology.racksPerPod = 100000;
    const ClusterPlacement placement = ClusterPlacement::fromTopology(topology, groups, 1);
    const Layout built = Layout::byName(layout.toStdString(), groups, 3, "", &placement);
    const DomainBursts bursts = DomainBursts::fromPlacement(placement, DomainLevel::Rack, share);
    const std::size_t trials = groups > 10000 ? 64 : 20000;
    const auto cpu = MonteCarlo::trialOutcomes(built, 19, 777, trials, Device::Cpu, &bursts);
    const auto gpu = MonteCarlo::trialOutcomes(built, 19, 777, trials, Device::Cuda, &bursts);
    QCOMPARE(gpu.size(), cpu.size());
    for (std::size_t i = 0; i < cpu.size(); ++i) {
        QCOMPARE(gpu[i].failuresEndured, cpu[i].failuresEndured);
        QCOMPARE(gpu[i].burstsEndured, cpu[i].burstsEndured);
        QCOMPARE(gpu[i].sumCapacity, cpu[i].sumCapacity);
        QCOMPARE(gpu[i].sumLowerBound, cpu[i].sumLowerBound);
    }
}

void TestMonteCarloCuda::runIdentical_data()
{
    QTest::addColumn<bool>("wipeoutOnly");
    QTest::newRow("exact") << false;
    QTest::newRow("wipe-out only") << true;
}

void TestMonteCarloCuda::runIdentical()
{
    QFETCH(bool, wipeoutOnly);
    const Layout layout = Layout::golomb(1000, 9);
    MonteCarloOptions options;
    options.trials = 50000;
    options.seed = 8;
    options.wipeoutOnly = wipeoutOnly;
    options.device = Device::Cpu;
    const MonteCarloResult cpu = MonteCarlo::run(layout, options);
    options.device = Device::Cuda;
    const MonteCarloResult gpu = MonteCarlo::run(layout, options);
    QCOMPARE(gpu.device, Device::Cuda);
    QCOMPARE(gpu.mu, cpu.mu);
    QCOMPARE(gpu.muCi95.low, cpu.muCi95.low);
    QVERIFY(gpu.failuresHistogram == cpu.failuresHistogram);
    if (wipeoutOnly)
        return;
    QCOMPARE(gpu.sbar, cpu.sbar);
    QCOMPARE(gpu.sbarLowerBound, cpu.sbarLowerBound);
    QCOMPARE(gpu.sbarCi95.high, cpu.sbarCi95.high);
}

void TestMonteCarloCuda::whatIfIdentical()
{
    std::mt19937 rng(5);
    for (const auto& [groups, redundancy] : {std::pair{200, 6}, std::pair{1000, 9}, std::pair{12, 3}}) {
        const Layout layout = Layout::golomb(groups, redundancy);
        std::vector<std::vector<int>> sets(3000);
        for (auto& set : sets) {
            const int size = std::uniform_int_distribution<int>(0, groups - 1)(rng);
            for (int i = 0; i < size; ++i)
                set.push_back(std::uniform_int_distribution<int>(0, groups - 1)(rng));
        }
        const auto cpu = MonteCarlo::whatIf(layout, sets, Device::Cpu);
        const auto gpu = MonteCarlo::whatIf(layout, sets, Device::Cuda);
        QCOMPARE(gpu.size(), cpu.size());
        for (std::size_t i = 0; i < cpu.size(); ++i) {
            QCOMPARE(gpu[i].capacity, cpu[i].capacity);
            QCOMPARE(gpu[i].wipedOut, cpu[i].wipedOut);
        }
    }
}

QTEST_APPLESS_MAIN(TestMonteCarloCuda)
#include "test_montecarlo_cuda.moc"
