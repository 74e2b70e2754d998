#include "engine/base/ByteSize.h"
#include "engine/sim/MemoryEstimate.h"
#include "engine/sim/Simulator.h"
#include "engine/sweep/PaperTable.h"
#include "engine/sweep/Sweep.h"
#include "tests/support/ChildPeakMemory.h"

#include <QtTest/QtTest>

using namespace spare;

namespace {

// 16 GPUs per group on nodes of 8 (two nodes per group), racks of 8 nodes, a rack process and a
// node-level category: the domains grow with the groups.
Scenario withFailureDomains(Scenario s)
{
    s.gpusPerGroup = 16;
    s.topology = Topology{8, 8, 32, "contiguous", DomainLevel::Rack};
    DomainFailureProcess rack;
    rack.level = DomainLevel::Rack;
    rack.mtbfS = 1e6;
    s.domainFailures = {rack};
    s.failureCategories = {{"gpu", 0.9, std::nullopt}, {"host", 0.1, DomainLevel::Node}};
    return s;
}

}  // namespace

class TestMemoryEstimate : public QObject {
    Q_OBJECT

private slots:
    void byteSizes_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<qulonglong>("bytes");  // 0: refused
        QTest::newRow("plain") << QStringLiteral("1000") << qulonglong{1000};
        QTest::newRow("K") << QStringLiteral("64K") << qulonglong{64 * 1024};
        QTest::newRow("M") << QStringLiteral("512M") << qulonglong{512ull << 20};
        QTest::newRow("G lower") << QStringLiteral("8g") << qulonglong{8ull << 30};
        QTest::newRow("GiB") << QStringLiteral("8GiB") << qulonglong{8ull << 30};
        QTest::newRow("GB") << QStringLiteral("8GB") << qulonglong{8ull << 30};
        QTest::newRow("fraction") << QStringLiteral("1.5T") << qulonglong{3ull << 39};
        QTest::newRow("empty") << QString() << qulonglong{0};
        QTest::newRow("zero") << QStringLiteral("0") << qulonglong{0};
        QTest::newRow("negative") << QStringLiteral("-1G") << qulonglong{0};
        QTest::newRow("unknown unit") << QStringLiteral("8X") << qulonglong{0};
        QTest::newRow("trailing") << QStringLiteral("8G8") << qulonglong{0};
        QTest::newRow("too large") << QStringLiteral("2000P") << qulonglong{0};
        QTest::newRow("nan") << QStringLiteral("nan") << qulonglong{0};
    }

    void byteSizes()
    {
        QFETCH(QString, text);
        QFETCH(qulonglong, bytes);
        const auto parsed = parseByteSize(text.toStdString());
        QCOMPARE(parsed.value_or(0), static_cast<std::uint64_t>(bytes));
    }

    void formats()
    {
        QCOMPARE(formatByteSize(512), std::string("512 B"));
        QCOMPARE(formatByteSize(1536), std::string("1.5 KB"));
        QCOMPARE(formatByteSize(512ull << 20), std::string("512 MB"));
        QCOMPARE(formatByteSize(29ull << 30), std::string("29 GB"));
    }

    // The estimate grows linearly in N, costs SPARe more per unit of r, and multiplies by the runs
    // held at once.
    void estimateScales()
    {
        Scenario s;
        s.policy = Policy::Ckpt;
        s.groups = 1000;
        const MemoryEstimate small = estimateRunMemory(s);
        s.groups = 1'000'000;
        const MemoryEstimate large = estimateRunMemory(s);
        QCOMPARE(large.perRunBytes, 1000 * small.perRunBytes);
        QVERIFY(large.perGroupBytes >= 42 && large.perGroupBytes < 64);
        s.layout = "consecutive";
        s.policy = Policy::Spare;
        s.redundancy = 8;
        const MemoryEstimate cyclic = estimateRunMemory(s);
        s.layout = "stacks.json";
        QCOMPARE(estimateRunMemory(s).perGroupBytes - cyclic.perGroupBytes, std::uint64_t{12 * 8});  // a stored layout
        s.layout = "golomb";
        s.policy = Policy::Spare;
        s.redundancy = 8;
        const MemoryEstimate spare8 = estimateRunMemory(s);
        s.redundancy = 16;
        QVERIFY(estimateRunMemory(s).perGroupBytes > spare8.perGroupBytes);
        QCOMPARE(estimateRunMemory(s, 4).bytes - estimateRunMemory(s, 1).bytes, 3 * estimateRunMemory(s).perRunBytes);
        QVERIFY(!memoryBudgetProblem(spare8, s, spare8.bytes - 1).empty());
        QVERIFY(memoryBudgetProblem(spare8, s, spare8.bytes).empty());
        QVERIFY(defaultMemoryBudget() > 0);
    }

    // Failure domains: the placement and the domain clocks grow with the groups (here two nodes per
    // group, four groups per rack); a repair section adds its per-group state.
    void estimateCountsFailureDomainsAndRepair()
    {
        Scenario s = withFailureDomains(paperScenario(1000));
        s.policy = Policy::Ckpt;
        const MemoryEstimate domains = estimateRunMemory(s);
        QVERIFY(domains.failureDomainBytes > 0);
        QCOMPARE(domains.perRunBytes, s.groups * domains.perGroupBytes + domains.failureDomainBytes);
        QVERIFY(memoryBudgetProblem(domains, s, domains.bytes - 1).find("for the failure domains") !=
                std::string::npos);
        // One more process at the rack level: one clock per rack more.
        s.domainFailures.push_back(s.domainFailures.front());
        QCOMPARE(estimateRunMemory(s).failureDomainBytes - domains.failureDomainBytes,
                 std::uint64_t{40} * static_cast<std::uint64_t>(s.groups / 4));
        // No domain process: no placement is built.
        s.domainFailures.clear();
        s.failureCategories.clear();
        QCOMPARE(estimateRunMemory(s).failureDomainBytes, std::uint64_t{0});
        s.repair = RepairModel{};
        const MemoryEstimate repair = estimateRunMemory(s);
        QCOMPARE(repair.perGroupBytes - domains.perGroupBytes, std::uint64_t{28 + 2 * 16});  // two nodes per group
        s.topology.reset();
        // Without a topology a failure takes one node out.
        QCOMPARE(estimateRunMemory(s).perGroupBytes - domains.perGroupBytes, std::uint64_t{28 + 16});
    }

    // The estimate against real runs, each in a forked child, per added group from 2 x 10^4 to 2 x 10^5
    // groups: it covers the growth of the resident peak and of the address space, and is at most 25%
    // above the address space's growth plus the clocks' heap (16 B per group, counted for every group but
    // filled only as clocks are revealed: a few thousand here).
    void estimateMatchesPeakMemory_data()
    {
        QTest::addColumn<Policy>("policy");
        QTest::addColumn<int>("redundancy");
        QTest::addColumn<bool>("domains");
        QTest::newRow("ckpt") << Policy::Ckpt << 1 << false;
        QTest::newRow("rep r=3") << Policy::Rep << 3 << false;
        QTest::newRow("spare r=8") << Policy::Spare << 8 << false;
        QTest::newRow("ckpt, rack and node failures") << Policy::Ckpt << 1 << true;
    }

    void estimateMatchesPeakMemory()
    {
#if defined(__SANITIZE_ADDRESS__)
        QSKIP("AddressSanitizer's redzones and quarantine change the footprint that the estimate describes");
#endif
        QFETCH(Policy, policy);
        QFETCH(int, redundancy);
        QFETCH(bool, domains);
        Scenario s = paperScenario(1000);
        if (domains)
            s = withFailureDomains(s);
        s.policy = policy;
        s.redundancy = redundancy;
        s.steps = 2000;  // long enough for global restarts (their per-group windows count) at any N
        const auto peakAt = [&s](int groups) {
            Scenario sized = s;
            sized.groups = groups;
            return childPeakMemory([&sized] { Simulator(sized).run(); });
        };
        constexpr int small = 20'000;
        constexpr int large = 200'000;
        const ChildPeakMemory smallPeak = peakAt(small);
        const ChildPeakMemory largePeak = peakAt(large);
        if (smallPeak.residentBytes == 0 || largePeak.residentBytes == 0 || smallPeak.addressSpaceBytes == 0)
            QSKIP("peak memory of a child process is not readable here");
        const auto perGroup = [](std::uint64_t a, std::uint64_t b) {
            return (static_cast<double>(b) - static_cast<double>(a)) / (large - small);
        };
        const double resident = perGroup(smallPeak.residentBytes, largePeak.residentBytes);
        const double addressSpace = perGroup(smallPeak.addressSpaceBytes, largePeak.addressSpaceBytes);
        const auto estimateAt = [&s](int groups) {
            Scenario sized = s;
            sized.groups = groups;
            return estimateRunMemory(sized).perRunBytes;
        };
        const double estimated = perGroup(estimateAt(small), estimateAt(large));
        constexpr double clockHeapBytes = 16.0;
        const QByteArray what = QByteArray::number(resident, 'f', 1) + " B resident, " +
                                QByteArray::number(addressSpace, 'f', 1) + " B address space, " +
                                QByteArray::number(estimated, 'f', 0) + " B estimated per group";
        qInfo("%s", what.constData());
        QVERIFY2(estimated >= resident && estimated >= addressSpace, what.constData());
        QVERIFY2(estimated <= 1.25 * (addressSpace + clockHeapBytes), what.constData());
    }

    // A sweep is costed at its largest cell, once per worker.
    void sweepEstimate()
    {
        SweepSpec spec;
        spec.base.groups = 10000;
        spec.spareRedundancies = {2, 30};
        spec.repRedundancies = {3};
        spec.seeds = 2;
        Scenario largest = spec.base;
        largest.policy = Policy::Spare;
        largest.redundancy = 30;
        QCOMPARE(Sweep::estimateMemory(spec, 3).bytes, estimateRunMemory(largest, 3).bytes);
        QCOMPARE(Sweep::estimateMemory(spec, 1000).concurrentRuns, 2 * 2 + 2 + 2);  // never more than the cells
    }
};

QTEST_APPLESS_MAIN(TestMemoryEstimate)
#include "test_memory_estimate.moc"
