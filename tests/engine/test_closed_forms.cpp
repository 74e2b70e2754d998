#include "engine/analysis/ClosedForms.h"
#include "engine/base/ScenarioLimits.h"

#include <QtTest/QtTest>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <numeric>
#include <random>
#include <vector>

using namespace spare;

namespace {

// Wipe-out test for a set of failed groups: consecutive layout (r circularly consecutive failed groups).
bool consecutiveWipedOut(const std::vector<char>& failed, int r)
{
    const int n = static_cast<int>(failed.size());
    for (int start = 0; start < n; ++start) {
        int run = 0;
        while (run < r && failed[static_cast<size_t>((start + run) % n)])
            ++run;
        if (run == r)
            return true;
    }
    return false;
}

// Replica sets group / r: some set entirely failed.
bool replicaSetWipedOut(const std::vector<char>& failed, int r)
{
    const int n = static_cast<int>(failed.size());
    for (int first = 0; first < n; first += r) {
        bool all = true;
        for (int g = first; g < std::min(n, first + r); ++g)
            all = all && failed[static_cast<size_t>(g)];
        if (all)
            return true;
    }
    return false;
}

// Failures endured before the wipe-out for one failure order.
template <class WipedOut>
int enduredFailures(const std::vector<int>& order, int r, WipedOut wipedOut)
{
    std::vector<char> failed(order.size(), 0);
    for (size_t i = 0; i < order.size(); ++i) {
        failed[static_cast<size_t>(order[i])] = 1;
        if (wipedOut(failed, r))
            return static_cast<int>(i);
    }
    return static_cast<int>(order.size());
}

// Mean over all N! failure orders.
template <class WipedOut>
double bruteForceMu(int n, int r, WipedOut wipedOut)
{
    std::vector<int> order(static_cast<size_t>(n));
    std::iota(order.begin(), order.end(), 0);
    double sum = 0.0;
    long long count = 0;
    do {
        sum += enduredFailures(order, r, wipedOut);
        ++count;
    } while (std::next_permutation(order.begin(), order.end()));
    return sum / static_cast<double>(count);
}

// Consecutive layout by counting: P_k = W(k, N-k) / C(N-1, k) with W the number of compositions of k into
// N - k parts each < r (positive DP; exact in long double for small N).
double countingMuConsecutive(int n, int r)
{
    long double expected = 0.0L;
    for (int k = 0; k < n; ++k) {
        const int m = n - k;
        std::vector<long double> w(static_cast<size_t>(k) + 1, 0.0L);
        w[0] = 1.0L;
        for (int part = 0; part < m; ++part) {
            std::vector<long double> next(w.size(), 0.0L);
            for (int total = 0; total <= k; ++total)
                for (int j = 0; j < r && j <= total; ++j)
                    next[static_cast<size_t>(total)] += w[static_cast<size_t>(total - j)];
            w.swap(next);
        }
        long double compositions = 1.0L;  // C(k + m - 1, m - 1)
        for (int i = 1; i <= k; ++i)
            compositions = compositions * static_cast<long double>(m - 1 + i) / static_cast<long double>(i);
        expected += w[static_cast<size_t>(k)] / compositions;
    }
    return static_cast<double>(expected - 1.0L);
}

}  // namespace

class TestClosedForms : public QObject {
    Q_OBJECT

private slots:
    void coverLowerBoundSteps()
    {
        QCOMPARE(coverLowerBound(600, 0), 1);
        QCOMPARE(coverLowerBound(600, 1), 2);
        QCOMPARE(coverLowerBound(600, 300), 2);
        QCOMPARE(coverLowerBound(600, 301), 3);
        QCOMPARE(coverLowerBound(600, 400), 3);
        QCOMPARE(coverLowerBound(600, 401), 4);
        QCOMPARE(coverLowerBound(600, 599), 600);
    }

    void muAsymptoticForm()
    {
        QVERIFY(std::fabs(muAsymptotic(600, 1) - 1.0) < 1e-12);
        QVERIFY(std::fabs(muAsymptotic(600, 2) - std::sqrt(std::numbers::pi * 600.0) / 2.0) < 1e-9);
        QVERIFY(std::fabs(muAsymptotic(200, 9) - std::tgamma(1.0 / 9.0) / 9.0 * std::pow(200.0, 8.0 / 9.0)) < 1e-9);
    }

    void exactMuMatchesBruteForce_data()
    {
        QTest::addColumn<int>("groups");
        QTest::addColumn<int>("redundancy");
        for (int n = 2; n <= 8; ++n)
            for (int r = 1; r <= n; ++r)
                QTest::addRow("N%d r%d", n, r) << n << r;
    }

    void exactMuMatchesBruteForce()
    {
        QFETCH(int, groups);
        QFETCH(int, redundancy);
        const auto consecutive = muExactConsecutive(groups, redundancy);
        QVERIFY(consecutive.has_value());
        QVERIFY2(std::fabs(*consecutive - bruteForceMu(groups, redundancy, consecutiveWipedOut)) < 1e-10,
                 qPrintable(QString::number(*consecutive, 'g', 15)));
        const auto sets = muExactReplicaSets(groups, redundancy);
        QVERIFY(sets.has_value());
        QVERIFY2(std::fabs(*sets - bruteForceMu(groups, redundancy, replicaSetWipedOut)) < 1e-10,
                 qPrintable(QString::number(*sets, 'g', 15)));
    }

    void exactMuMatchesCounting_data()
    {
        QTest::addColumn<int>("groups");
        QTest::addColumn<int>("redundancy");
        for (int r : {2, 3, 5, 9, 20})
            QTest::addRow("N60 r%d", r) << 60 << r;
        QTest::addRow("N45 r45") << 45 << 45;
    }

    void exactMuMatchesCounting()
    {
        QFETCH(int, groups);
        QFETCH(int, redundancy);
        const auto mu = muExactConsecutive(groups, redundancy);
        QVERIFY(mu.has_value());
        const double counted = countingMuConsecutive(groups, redundancy);
        QVERIFY2(std::fabs(*mu - counted) < 1e-9 * counted + 1e-12,
                 qPrintable(QStringLiteral("%1 vs %2").arg(*mu, 0, 'g', 15).arg(counted, 0, 'g', 15)));
    }

    void exactMuMatchesMonteCarlo_data()
    {
        QTest::addColumn<int>("groups");
        QTest::addColumn<int>("redundancy");
        QTest::addRow("N200 r3") << 200 << 3;
        QTest::addRow("N150 r8") << 150 << 8;
    }

    void exactMuMatchesMonteCarlo()
    {
        QFETCH(int, groups);
        QFETCH(int, redundancy);
        std::mt19937_64 rng(12345);
        std::vector<int> order(static_cast<size_t>(groups));
        std::iota(order.begin(), order.end(), 0);
        const int trials = 2000;
        double sum = 0.0;
        double sumSq = 0.0;
        double setsSum = 0.0;
        double setsSumSq = 0.0;
        for (int t = 0; t < trials; ++t) {
            std::shuffle(order.begin(), order.end(), rng);
            const double x = enduredFailures(order, redundancy, consecutiveWipedOut);
            const double y = enduredFailures(order, redundancy, replicaSetWipedOut);
            sum += x;
            sumSq += x * x;
            setsSum += y;
            setsSumSq += y * y;
        }
        const auto check = [trials](double s, double sq, double exact) {
            const double mean = s / trials;
            const double stderrMean = std::sqrt((sq / trials - mean * mean) / trials);
            return std::fabs(mean - exact) < 4.0 * stderrMean;
        };
        QVERIFY(check(sum, sumSq, *muExactConsecutive(groups, redundancy)));
        QVERIFY(check(setsSum, setsSumSq, *muExactReplicaSets(groups, redundancy)));
    }

    void exactMuLargeN()
    {
        // Stable for large N: close to the asymptotic form where it applies (r = 2) and ordered in r.
        const auto mu2 = muExactConsecutive(20000, 2);
        QVERIFY(mu2.has_value());
        QVERIFY(std::fabs(*mu2 / muAsymptotic(20000, 2) - 1.0) < 0.01);
        const auto mu9 = muExactConsecutive(20000, 9);
        QVERIFY(mu9.has_value());
        QVERIFY(*mu9 > *mu2 && *mu9 < 20000.0);
        QCOMPARE(*muExactConsecutive(500, 1), 0.0);
        QVERIFY(std::fabs(*muExactConsecutive(500, 500) - 499.0) < 1e-6);
        QVERIFY(!muExactConsecutive(10, 11).has_value());
        QVERIFY(!muExactReplicaSets(10, 0).has_value());
    }

    void sbarBound()
    {
        QCOMPARE(sbarLowerBound(600, 0.5), 1.0);
        // floor(mu) = 4: c = 1, 2, 2, 2.
        QVERIFY(std::fabs(sbarLowerBound(600, 4.7) - 7.0 / 4.0) < 1e-12);
        // mu = N/2 + 1 = 301: c(0) = 1, 299 x 2 for k = 1..299... up to k = 300 (c = 2).
        QVERIFY(std::fabs(sbarLowerBound(600, 301.0) - (1.0 + 300.0 * 2.0) / 301.0) < 1e-12);
    }

    void availabilityOptimum()
    {
        const double ts = 59.0;
        const double tr = 3600.0;
        const double m = 30000.0;
        const double best = optimalCheckpointPeriod(ts, tr, m);
        QVERIFY(std::fabs(best - (ts + std::sqrt(ts * ts + 2.0 * ts * (m + tr)))) < 1e-9);
        QVERIFY(optimalAvailability(ts, tr, m) >= availability(best * 0.99, ts, tr, m));
        QVERIFY(optimalAvailability(ts, tr, m) >= availability(best * 1.01, ts, tr, m));
        QVERIFY(std::fabs(availability(1000.0, ts, tr, m) - (1.0 - 0.059) / (1.0 + 4100.0 / 30000.0)) < 1e-12);
    }

    // Rep+CKPT's model: r computes r stacks a step, a restart every mu_sets m; repBestRedundancy is its
    // minimiser (brute force over the allowed r).
    void repBestRedundancyMinimisesItsModel()
    {
        const double m = 300.0, ts = 59.0, tr = 3600.0, tc = 64.0, ta = 6.0;
        QVERIFY(!repTttRatioModel(600, 1, m, ts, tr, tc, ta));
        const double r3 = *repTttRatioModel(600, 3, m, ts, tr, tc, ta);
        const auto mu3 = muExactReplicaSets(600, 3);
        QVERIFY(std::fabs(r3 - (3 * tc + ta) / (tc + ta) / optimalAvailability(ts, tr, *mu3 * m)) < 1e-12);
        int best = -1;
        double bestRatio = 1e300;
        for (int r = 2; r <= 64; ++r)
            if (const auto ratio = repTttRatioModel(600, r, m, ts, tr, tc, ta); ratio && *ratio < bestRatio) {
                bestRatio = *ratio;
                best = r;
            }
        QCOMPARE(repBestRedundancy(600, 64, m, ts, tr, tc, ta), best);
        QCOMPARE(repBestRedundancy(2, 64, m, ts, tr, tc, ta), 2);
    }

    void optimalRedundancyFromMethodDoc()
    {
        QCOMPARE(optimalRedundancy(200), 8);
        QCOMPARE(optimalRedundancy(600), 10);
        QCOMPARE(optimalRedundancy(1000), 10);
    }

    void availabilityStaysFiniteOverTheScenarioRanges()
    {
        using L = ScenarioLimits;
        for (const double ts : {0.0, 5e-324, 1e-300, 1e-3, 59.0, L::maxDurationS})
            for (const double tr : {0.0, 5e-324, 3600.0, L::maxDurationS})
                for (const double m : {L::minSystemMtbfS, 300.0, L::maxSystemMtbfS * 1e7}) {
                    const double a = optimalAvailability(ts, tr, m);
                    QVERIFY2(std::isfinite(a) && a > 0.0 && a <= 1.0, qPrintable(QStringLiteral("Ts %1 Tr %2 M %3: A* %4")
                                                                             .arg(ts).arg(tr).arg(m).arg(a)));
                    QVERIFY(std::isfinite(optimalCheckpointPeriod(ts, tr, m)));
                }
        // Free checkpoints: the limit of A(T) as T -> 0.
        QCOMPARE(optimalAvailability(0.0, 3600.0, 36000.0), 1.0 / 1.1);
    }

    void tttRatioModelIsMinimalNearRStar()
    {
        const double atStar = tttRatioModel(600, optimalRedundancy(600), 300.0, 59.0, 3600.0);
        QVERIFY(atStar > 1.0);
        QVERIFY(atStar < tttRatioModel(600, 2, 300.0, 59.0, 3600.0));
        QVERIFY(atStar < tttRatioModel(600, 30, 300.0, 59.0, 3600.0));
    }

    void spareCheckpointStepsFromMethodDoc_data()
    {
        QTest::addColumn<int>("groups");
        QTest::addColumn<int>("redundancy");
        QTest::addColumn<double>("allReduceS");
        QTest::addColumn<double>("expected");
        // Method doc section 6 (T_s = 20 TB / 340 GB/s, T_r = 3600 s, m = 300 s, T_comp = 64 s).
        QTest::addRow("N200 r9") << 200 << 9 << 2.0 << 15.75;
        QTest::addRow("N600 r8") << 600 << 8 << 6.0 << 23.31;
        QTest::addRow("N1000 r9") << 1000 << 9 << 10.0 << 29.36;
    }

    void spareCheckpointStepsFromMethodDoc()
    {
        QFETCH(int, groups);
        QFETCH(int, redundancy);
        QFETCH(double, allReduceS);
        QFETCH(double, expected);
        const auto steps = spareCheckpointSteps(groups, redundancy, 300.0, 20000.0 / 340.0, 3600.0, 2 * 64.0 + allReduceS);
        QVERIFY2(std::fabs(steps.exact - expected) < 0.01, qPrintable(QString::number(steps.exact)));
        QCOMPARE(steps.rounded, static_cast<int>(std::lround(steps.exact)));
    }

    void repCheckpointStepsFromMethodDoc()
    {
        // The doc's N = 200 points at r = 2 and r = 6 (8 and 5 steps of r T_comp + T_a).
        const double ts = 20000.0 / 340.0;
        QCOMPARE(repCheckpointSteps(200, 2, 300.0, ts, 3600.0, 2 * 64.0 + 2.0)->rounded, 8);
        QCOMPARE(repCheckpointSteps(200, 6, 300.0, ts, 3600.0, 6 * 64.0 + 2.0)->rounded, 5);
    }
};

QTEST_APPLESS_MAIN(TestClosedForms)
#include "test_closed_forms.moc"
