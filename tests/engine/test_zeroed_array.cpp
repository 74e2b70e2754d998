#include "engine/memory/SparseZeroedArray.h"
#include "engine/memory/ZeroedArray.h"
#include "tests/support/ChildPeakMemory.h"

#include <QtTest/QtTest>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

using namespace spare;

class TestZeroedArray : public QObject {
    Q_OBJECT

private slots:
    // Below and above the size where the block becomes a mapping.
    void readsZeroWritesAndClears_data()
    {
        QTest::addColumn<int>("size");
        QTest::newRow("calloc") << 1000;
        QTest::newRow("mapped") << 1'000'000;
    }

    void readsZeroWritesAndClears()
    {
        QFETCH(int, size);
        const auto n = static_cast<std::size_t>(size);
        ZeroedArray<std::uint64_t> a(n);
        QCOMPARE(a.size(), n);
        QVERIFY(std::all_of(a.data(), a.data() + n, [](std::uint64_t v) { return v == 0; }));
        for (std::size_t i = 0; i < n; i += 97)
            a[i] = i + 1;
        ZeroedArray<std::uint64_t> copy = a;
        for (std::size_t i = 0; i < n; ++i)
            QCOMPARE(copy[i], i % 97 == 0 ? i + 1 : 0);
        a.clear();
        QVERIFY(std::all_of(a.data(), a.data() + n, [](std::uint64_t v) { return v == 0; }));
        QCOMPARE(copy[n - 1 - (n - 1) % 97], n - (n - 1) % 97);
        ZeroedArray<std::uint64_t> moved = std::move(copy);
        QCOMPARE(moved[0], std::uint64_t{1});
        QCOMPARE(copy.size(), std::size_t{0});
    }

    // Scattered writes, reads everywhere, clear, copies: against a plain vector.
    void sparseArrayMatchesAVector_data()
    {
        QTest::addColumn<int>("size");
        QTest::newRow("small") << 1000;
        QTest::newRow("mapped") << 3'000'001;
    }

    void sparseArrayMatchesAVector()
    {
        QFETCH(int, size);
        const auto n = static_cast<std::size_t>(size);
        SparseZeroedArray<std::int32_t> sparse(n);
        std::vector<std::int32_t> dense(n, 0);
        std::mt19937_64 rng(7);
        std::uniform_int_distribution<std::size_t> index(0, n - 1);
        for (int round = 0; round < 3; ++round) {
            for (int i = 0; i < 5000; ++i) {
                const std::size_t at = index(rng);
                const auto value = static_cast<std::int32_t>(rng());
                sparse.write(at) = value;
                dense[at] = value;
                sparse.write(at) += 1;  // a reference from write() stays valid across other writes
                ++dense[at];
            }
            const SparseZeroedArray<std::int32_t> copy = sparse;
            for (std::size_t i = 0; i < n; ++i) {
                if (sparse[i] != dense[i] || copy[i] != dense[i])
                    QFAIL(qPrintable(QStringLiteral("entry %1 differs").arg(i)));
            }
            sparse.clear();
            std::fill(dense.begin(), dense.end(), 0);
            for (std::size_t i = 0; i < n; i += 997)
                QCOMPARE(sparse[i], 0);
        }
    }

    // The point of the class: a 512 MB array with one entry written per MB costs a few pages.
    void untouchedPagesCostNoResidentMemory()
    {
#if defined(__SANITIZE_ADDRESS__)
        QSKIP("AddressSanitizer's shadow memory changes the footprint");
#endif
        constexpr std::size_t n = std::size_t{64} << 20;  // 512 MB of 8-byte entries
        const std::uint64_t sparse = childPeakMemory([] {
            ZeroedArray<std::uint64_t> a(n);
            for (std::size_t i = 0; i < n; i += 131072)
                a[i] = 1;
        }).residentBytes;
        if (sparse == 0)
            QSKIP("peak memory of a child process is not readable here");
        QVERIFY2(sparse < (std::uint64_t{64} << 20), QByteArray::number(static_cast<qulonglong>(sparse)).constData());
        // The sparse array packs 100,000 scattered writes into chunks of 16 entries (13 MB, and 16 MB of
        // chunk index) where the pages they fall on would be 400 MB.
        const std::uint64_t packed = childPeakMemory([] {
            SparseZeroedArray<std::uint64_t> a(n);
            std::mt19937_64 rng(3);
            for (int i = 0; i < 100'000; ++i)
                a.write(rng() % n) = 1;
        }).residentBytes;
        QVERIFY2(packed < (std::uint64_t{64} << 20), QByteArray::number(static_cast<qulonglong>(packed)).constData());
    }
};

QTEST_APPLESS_MAIN(TestZeroedArray)
#include "test_zeroed_array.moc"
