#include "analysis/ClosedForms.h"
#include "analysis/MonteCarlo.h"
#include "analysis/Philox.h"
#include "analysis/TrialKernel.h"
#include "analysis/TrialWorkspaceBuffer.h"
#include "analysis/FlatLayout.h"
#include "io/InputError.h"
#include "layout/Layout.h"

#include <QtTest/QtTest>

#include <tbb/global_control.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <vector>

using namespace spare;

namespace {

// Independent oracle: max flow source -> type (1) -> live holder (inf) -> group (capacity S) -> sink,
// by Ford-Fulkerson with DFS on a dense residual matrix.
class MaxFlowOracle {
public:
    MaxFlowOracle(const Layout& layout, const std::vector<bool>& alive) : layout_(layout), alive_(alive) {}

    bool wipedOut() const
    {
        for (int t = 0; t < layout_.groups(); ++t) {
            bool any = false;
            for (const int g : layout_.holders(t))
                any = any || alive_[static_cast<std::size_t>(g)];
            if (!any)
                return true;
        }
        return false;
    }

    // Smallest S with a perfect b-matching (the caller checks wipedOut() first).
    int smallestCapacity() const
    {
        for (int s = 1; s <= layout_.redundancy(); ++s) {
            if (maxFlow(s) == layout_.groups())
                return s;
        }
        return -1;
    }

private:
    int maxFlow(int capacity) const
    {
        const int n = layout_.groups();
        const int nodes = 2 * n + 2;
        const int source = 2 * n;
        const int sink = 2 * n + 1;
        std::vector<std::vector<int>> residual(static_cast<std::size_t>(nodes), std::vector<int>(nodes, 0));
        for (int t = 0; t < n; ++t) {
            residual[source][t] = 1;
            for (const int g : layout_.holders(t))
                if (alive_[static_cast<std::size_t>(g)])
                    residual[t][n + g] = n;
        }
        for (int g = 0; g < n; ++g)
            if (alive_[static_cast<std::size_t>(g)])
                residual[n + g][sink] = capacity;
        int flow = 0;
        for (;;) {
            std::vector<int> parent(static_cast<std::size_t>(nodes), -1);
            std::vector<int> stack{source};
            parent[source] = source;
            while (!stack.empty() && parent[sink] < 0) {
                const int u = stack.back();
                stack.pop_back();
                for (int v = 0; v < nodes; ++v) {
                    if (parent[v] < 0 && residual[u][v] > 0) {
                        parent[v] = u;
                        stack.push_back(v);
                    }
                }
            }
            if (parent[sink] < 0)
                return flow;
            for (int v = sink; v != source; v = parent[v]) {
                --residual[parent[v]][v];
                ++residual[v][parent[v]];
            }
            ++flow;
        }
    }

    const Layout& layout_;
    const std::vector<bool>& alive_;
};

// A random r-regular layout: r random permutations, rejecting groups with repeated types.
Layout randomLayout(int n, int r, std::mt19937& rng)
{
    for (;;) {
        std::vector<std::vector<int>> stacks(static_cast<std::size_t>(n));
        for (int j = 0; j < r; ++j) {
            std::vector<int> perm(static_cast<std::size_t>(n));
            std::iota(perm.begin(), perm.end(), 0);
            std::shuffle(perm.begin(), perm.end(), rng);
            for (int g = 0; g < n; ++g)
                stacks[static_cast<std::size_t>(g)].push_back(perm[static_cast<std::size_t>(g)]);
        }
        bool distinct = true;
        for (auto s : stacks) {
            std::sort(s.begin(), s.end());
            distinct = distinct && std::adjacent_find(s.begin(), s.end()) == s.end();
        }
        if (distinct)
            return Layout::fromStacks(std::move(stacks), "random");
    }
}

std::vector<Layout> smallLayouts(std::mt19937& rng)
{
    std::vector<Layout> layouts;
    for (int n = 3; n <= 11; ++n) {
        for (int r = 1; r <= std::min(n, 4); ++r) {
            layouts.push_back(Layout::consecutive(n, r));
            layouts.push_back(randomLayout(n, r, rng));
            layouts.push_back(randomLayout(n, r, rng));
        }
    }
    layouts.push_back(Layout::golomb(13, 4));
    layouts.push_back(Layout::golomb(16, 3));
    return layouts;
}

bool sameResult(const MonteCarloResult& a, const MonteCarloResult& b)
{
    return a.mu == b.mu && a.muCi95.low == b.muCi95.low && a.muCi95.high == b.muCi95.high && a.sbar == b.sbar
           && a.sbarCi95.low == b.sbarCi95.low && a.sbarCi95.high == b.sbarCi95.high
           && a.sbarLowerBound == b.sbarLowerBound && a.failuresHistogram == b.failuresHistogram;
}

}  // namespace

class TestMonteCarlo : public QObject {
    Q_OBJECT

private slots:
    void philoxKnownAnswers_data();
    void philoxKnownAnswers();
    void uniformStaysInRange();
    void capacityMatchesMaxFlow();
    void whatIfMatchesMaxFlow();
    void whatIfRejectsBadGroups();
    void trialMatchesReplayedOrder();
    void resultsIgnoreThreadCount();
    void seedsDiffer();
    void muMatchesExactConsecutive_data();
    void muMatchesExactConsecutive();
    void muNearAsymptoticGolomb();
    void rejectsZeroTrials();
    void cancelStopsAfterTheChunkInProgress();
};

void TestMonteCarlo::philoxKnownAnswers_data()
{
    QTest::addColumn<QList<quint32>>("counter");
    QTest::addColumn<QList<quint32>>("key");
    QTest::addColumn<QList<quint32>>("expected");
    QTest::newRow("zeros") << QList<quint32>{0, 0, 0, 0} << QList<quint32>{0, 0}
                           << QList<quint32>{0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8};
    QTest::newRow("ones") << QList<quint32>{0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff}
                          << QList<quint32>{0xffffffff, 0xffffffff}
                          << QList<quint32>{0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd};
    QTest::newRow("pi") << QList<quint32>{0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344}
                        << QList<quint32>{0xa4093822, 0x299f31d0}
                        << QList<quint32>{0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1};
}

void TestMonteCarlo::philoxKnownAnswers()
{
    QFETCH(QList<quint32>, counter);
    QFETCH(QList<quint32>, key);
    QFETCH(QList<quint32>, expected);
    const PhiloxBlock in{{counter[0], counter[1], counter[2], counter[3]}};
    const PhiloxBlock out = philox4x32_10(in, key[0], key[1]);
    for (int i = 0; i < 4; ++i)
        QCOMPARE(out.v[i], expected[i]);
}

void TestMonteCarlo::uniformStaysInRange()
{
    PhiloxStream stream(42, 7);
    std::vector<int> counts(6, 0);
    for (int i = 0; i < 60000; ++i)
        ++counts[stream.uniform(6)];
    for (const int c : counts)
        QVERIFY2(std::abs(c - 10000) < 500, qPrintable(QString::number(c)));
    for (const std::uint32_t range : {1u, 2u, 3u, 1000u, 0x80000001u, 0xffffffffu})
        for (int i = 0; i < 1000; ++i)
            QVERIFY(stream.uniform(range) < range);
}

void TestMonteCarlo::capacityMatchesMaxFlow()
{
    std::mt19937 rng(2024);
    for (const Layout& layout : smallLayouts(rng)) {
        const int n = layout.groups();
        const FlatLayout flat(layout);
        const LayoutArrays arrays = flat.arrays();
        TrialWorkspaceBuffer<std::uint16_t> buffer(n);
        for (int order = 0; order < 12; ++order) {
            std::vector<int> failures(static_cast<std::size_t>(n));
            std::iota(failures.begin(), failures.end(), 0);
            std::shuffle(failures.begin(), failures.end(), rng);
            std::vector<bool> alive(static_cast<std::size_t>(n), true);
            TrialKernel<std::uint16_t>::State state;
            TrialKernel<std::uint16_t>::reset(arrays, buffer.view(), state);
            QCOMPARE(state.capacity, 1);
            int previous = 1;
            for (const int g : failures) {
                alive[static_cast<std::size_t>(g)] = false;
                const MaxFlowOracle oracle(layout, alive);
                const bool survived = TrialKernel<std::uint16_t>::failGroup(arrays, buffer.view(), state, g);
                QCOMPARE(survived, !oracle.wipedOut());
                if (!survived)
                    break;
                QCOMPARE(state.capacity, oracle.smallestCapacity());
                QVERIFY(state.capacity >= previous);
                previous = state.capacity;
            }
        }
    }
}

void TestMonteCarlo::whatIfMatchesMaxFlow()
{
    std::mt19937 rng(77);
    for (const Layout& layout : smallLayouts(rng)) {
        const int n = layout.groups();
        std::vector<std::vector<int>> sets;
        for (int i = 0; i < 20; ++i) {
            std::vector<int> set;
            for (int g = 0; g < n; ++g)
                if (std::uniform_int_distribution<int>(0, 2)(rng) == 0)
                    set.push_back(g);
            std::shuffle(set.begin(), set.end(), rng);
            if (!set.empty() && i % 5 == 0)
                set.push_back(set.front());  // a repeated id counts once
            sets.push_back(set);
        }
        const std::vector<WhatIfResult> results = MonteCarlo::whatIf(layout, sets, Device::Cpu);
        QCOMPARE(results.size(), sets.size());
        for (std::size_t i = 0; i < sets.size(); ++i) {
            std::vector<bool> alive(static_cast<std::size_t>(n), true);
            for (const int g : sets[i])
                alive[static_cast<std::size_t>(g)] = false;
            const MaxFlowOracle oracle(layout, alive);
            QCOMPARE(results[i].wipedOut, oracle.wipedOut());
            QCOMPARE(results[i].capacity, oracle.wipedOut() ? -1 : oracle.smallestCapacity());
        }
    }
}

void TestMonteCarlo::whatIfRejectsBadGroups()
{
    const Layout layout = Layout::consecutive(10, 3);
    QVERIFY_THROWS_EXCEPTION(InputError, MonteCarlo::whatIf(layout, {{1, 2}, {10}}, Device::Cpu));
    QVERIFY_THROWS_EXCEPTION(InputError, MonteCarlo::whatIf(layout, {{-1}}, Device::Cpu));
    const auto results = MonteCarlo::whatIf(layout, {{}, {7, 8, 9}}, Device::Cpu);
    QCOMPARE(results[0].capacity, 1);
    QVERIFY(results[1].wipedOut);  // type 9 is held by groups 7, 8, 9
}

void TestMonteCarlo::trialMatchesReplayedOrder()
{
    const Layout layout = Layout::golomb(40, 4);
    const std::uint64_t seed = 99;
    const std::uint64_t first = 1000;
    const auto outcomes = MonteCarlo::trialOutcomes(layout, seed, first, 16, Device::Cpu);
    const int n = layout.groups();
    for (std::size_t i = 0; i < outcomes.size(); ++i) {
        PhiloxStream stream(seed, first + i);
        std::vector<int> order(static_cast<std::size_t>(n));
        std::iota(order.begin(), order.end(), 0);
        std::vector<bool> alive(static_cast<std::size_t>(n), true);
        std::uint64_t sumCapacity = 0;
        std::uint64_t sumLowerBound = 0;
        int capacity = 1;
        int endured = 0;
        for (int k = 0; k < n; ++k) {
            const int j = k + static_cast<int>(stream.uniform(static_cast<std::uint32_t>(n - k)));
            std::swap(order[static_cast<std::size_t>(k)], order[static_cast<std::size_t>(j)]);
            alive[static_cast<std::size_t>(order[static_cast<std::size_t>(k)])] = false;
            const MaxFlowOracle oracle(layout, alive);
            if (oracle.wipedOut()) {
                endured = k;
                break;
            }
            sumCapacity += static_cast<std::uint64_t>(capacity);
            sumLowerBound += static_cast<std::uint64_t>(coverLowerBound(n, k));
            capacity = oracle.smallestCapacity();
        }
        QCOMPARE(outcomes[i].failuresEndured, static_cast<std::uint32_t>(endured));
        QCOMPARE(outcomes[i].sumCapacity, sumCapacity);
        QCOMPARE(outcomes[i].sumLowerBound, sumLowerBound);
    }
}

void TestMonteCarlo::resultsIgnoreThreadCount()
{
    const Layout layout = Layout::golomb(200, 6);
    MonteCarloOptions options;
    options.trials = 3000;
    options.seed = 5;
    options.device = Device::Cpu;
    MonteCarloResult one;
    MonteCarloResult two;
    {
        tbb::global_control limit(tbb::global_control::max_allowed_parallelism, 1);
        one = MonteCarlo::run(layout, options);
    }
    {
        tbb::global_control limit(tbb::global_control::max_allowed_parallelism, 2);
        two = MonteCarlo::run(layout, options);
    }
    QVERIFY(sameResult(one, two));
    QCOMPARE(one.trials, options.trials);
    QCOMPARE(one.device, Device::Cpu);
    QVERIFY(one.sbarLowerBound <= one.sbar);
    QVERIFY(one.sbarCi95.low <= one.sbar && one.sbar <= one.sbarCi95.high);
    QVERIFY(one.muCi95.low < one.mu && one.mu < one.muCi95.high);
    std::uint64_t histogramTotal = 0;
    for (const auto count : one.failuresHistogram)
        histogramTotal += count;
    QCOMPARE(histogramTotal, options.trials);
}

void TestMonteCarlo::seedsDiffer()
{
    const Layout layout = Layout::golomb(200, 6);
    const auto a = MonteCarlo::trialOutcomes(layout, 1, 0, 200, Device::Cpu);
    const auto b = MonteCarlo::trialOutcomes(layout, 2, 0, 200, Device::Cpu);
    int differing = 0;
    for (std::size_t i = 0; i < a.size(); ++i)
        differing += a[i].failuresEndured != b[i].failuresEndured ? 1 : 0;
    QVERIFY(differing > 150);
}

void TestMonteCarlo::muMatchesExactConsecutive_data()
{
    QTest::addColumn<int>("groups");
    QTest::addColumn<int>("redundancy");
    QTest::newRow("N40 r3") << 40 << 3;
    QTest::newRow("N120 r5") << 120 << 5;
}

void TestMonteCarlo::muMatchesExactConsecutive()
{
    QFETCH(int, groups);
    QFETCH(int, redundancy);
    const std::optional<double> exact = muExactConsecutive(groups, redundancy);
    QVERIFY(exact.has_value());
    MonteCarloOptions options;
    options.trials = 20000;
    options.seed = 11;
    options.device = Device::Cpu;
    const MonteCarloResult result = MonteCarlo::run(Layout::consecutive(groups, redundancy), options);
    QVERIFY2(result.muCi95.low <= *exact && *exact <= result.muCi95.high,
             qPrintable(QStringLiteral("exact %1 outside [%2, %3]")
                            .arg(*exact)
                            .arg(result.muCi95.low)
                            .arg(result.muCi95.high)));
}

void TestMonteCarlo::muNearAsymptoticGolomb()
{
    MonteCarloOptions options;
    options.trials = 6000;
    options.seed = 3;
    options.device = Device::Cpu;
    const MonteCarloResult result = MonteCarlo::run(Layout::golomb(600, 8), options);
    const double asymptotic = std::tgamma(1.0 + 1.0 / 8.0) * std::pow(600.0, 1.0 - 1.0 / 8.0);
    const double relative = std::abs(result.mu - asymptotic) / asymptotic;
    QVERIFY2(relative < 0.01, qPrintable(QStringLiteral("mu %1 vs asymptotic %2").arg(result.mu).arg(asymptotic)));
    QVERIFY(result.sbar >= 1.0 && result.sbar <= 8.0);
}

void TestMonteCarlo::rejectsZeroTrials()
{
    MonteCarloOptions options;
    options.trials = 0;
    QVERIFY_THROWS_EXCEPTION(InputError, MonteCarlo::run(Layout::consecutive(10, 2), options));
    options.trials = 1;
    options.device = Device::Cuda;
    if (!MonteCarlo::cudaUnavailableReason().empty())
        QVERIFY_THROWS_EXCEPTION(InputError, MonteCarlo::run(Layout::consecutive(10, 2), options));
}

void TestMonteCarlo::cancelStopsAfterTheChunkInProgress()
{
    // A raised flag stops the run after its first chunk: the summary covers exactly the trials done,
    // and equals an uncancelled run of that many trials (same seed, same first trials).
    const std::atomic<bool> cancel{true};
    MonteCarloOptions options;
    options.trials = 100'000;
    options.device = Device::Cpu;
    options.cancel = &cancel;
    std::uint64_t progressCalls = 0;
    options.progress = [&progressCalls](std::uint64_t, std::uint64_t) { ++progressCalls; };
    const Layout layout = Layout::golomb(50, 4);
    const MonteCarloResult cut = MonteCarlo::run(layout, options);
    QCOMPARE(progressCalls, std::uint64_t(1));
    QVERIFY(cut.trials > 0 && cut.trials < options.trials);
    MonteCarloOptions whole;
    whole.trials = cut.trials;
    whole.device = Device::Cpu;
    const MonteCarloResult same = MonteCarlo::run(layout, whole);
    QCOMPARE(cut.mu, same.mu);
    QCOMPARE(cut.sbar, same.sbar);
}

QTEST_APPLESS_MAIN(TestMonteCarlo)
#include "test_montecarlo.moc"
