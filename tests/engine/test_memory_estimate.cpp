#include "sim/MemoryEstimate.h"
#include "sweep/Sweep.h"

#include <QtTest/QtTest>

using namespace spare;

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
        QVERIFY(large.perGroupBytes >= 2536 && large.perGroupBytes < 3000);  // measured 2,536 B
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
