// Calibration to real runs (docs/simulator-model.md, "Real clusters"): stationary clocks, the renewal
// checkpoint period, exact checkpoint semantics against the renewal-reward ETTR, restart parts, the
// serialized restart rule, maintenance stops, two-stage checkpoints and ETTR.
#include "engine/analysis/ClosedForms.h"
#include "engine/analysis/IncompleteGamma.h"
#include "engine/sim/FailureClocks.h"
#include "engine/sim/RestartCause.h"
#include "engine/sim/Simulator.h"
#include "tests/support/SeedEstimate.h"
#include "tests/support/TinyScenario.h"

#include <QtTest/QtTest>

#include <cmath>
#include <vector>

using namespace spare;

Q_DECLARE_METATYPE(spare::RestartRule)

namespace {

// A step of 10 s per group, a trace of failures.
Scenario tracedCkpt(int steps, int interval)
{
    Scenario s = renewalCkptScenario(4, steps);
    s.computeS = 10.0;
    s.checkpointIntervalSteps = interval;
    return s;
}

struct Recorded {
    EventKind kind;
    double time;
    int step;
    int value;
};

class EventRecorder final : public SimulationObserver {
public:
    void onEvent(const Event& e) override { events.push_back({e.kind, e.time, e.step, e.value}); }
    std::vector<int> stepsOf(EventKind kind) const
    {
        std::vector<int> out;
        for (const Recorded& e : events)
            if (e.kind == kind)
                out.push_back(e.step);
        return out;
    }
    const Recorded* first(EventKind kind) const
    {
        for (const Recorded& e : events)
            if (e.kind == kind)
                return &e;
        return nullptr;
    }
    std::vector<Recorded> events;
};


}  // namespace

class TestRealRuns : public QObject {
    Q_OBJECT

private slots:
    // The Gamma quantile behind the stationary start, checked against its own CDF in both tails.
    void gammaQuantileInvertsItsCdf()
    {
        for (const double a : {0.05, 0.5, 1.0, 1.0 / 0.78, 2.0, 20.0})
            for (const double e : {1e-12, 1e-6, 0.01, 0.3, 0.7, 1.0, 3.0, 10.0, 40.0, 200.0}) {
                const double x = gammaQuantileOfExponential(a, e);
                const double error = e > std::log(2.0) ? std::abs(logRegularizedGammaQ(a, x) + e) / e
                                                       : std::abs(logRegularizedGammaP(a, x) - std::log(-std::expm1(-e)));
                QVERIFY2(error < 1e-9, qPrintable(QStringLiteral("a %1 e %2 error %3").arg(a).arg(e).arg(error)));
            }
        QCOMPARE(gammaQuantileOfExponential(1.0, 2.5), 2.5);  // Gamma(1) is the exponential
    }

    // A cluster met mid-life: over any window the mean count is window / MTBF (400 seeds, 128 clocks at
    // the Llama 3 rate of 419 per window); a new start over-counts when k < 1.
    void stationaryCountMatchesWindow_data()
    {
        QTest::addColumn<double>("shape");
        QTest::addColumn<double>("windowDays");
        for (const double shape : {0.5, 0.78, 1.5})
            for (const double days : {1.0, 54.0, 365.0})
                QTest::addRow("k %g, %g days", shape, days) << shape << days;
    }
    void stationaryCountMatchesWindow()
    {
        QFETCH(double, shape);
        QFETCH(double, windowDays);
        const int clocks = 128;
        const double window = windowDays * 86400.0;
        const double expected = 419.0;
        const double systemMtbf = window / expected;
        const auto meanCount = [&](ClockStart start) {
            double total = 0.0;
            for (std::uint64_t seed = 1; seed <= 400; ++seed) {
                FailureClocks c(clocks, FailureModel::Weibull, clocks * systemMtbf, shape, seed,
                                StreamPurpose::FailureClock, 0, start);
                while (c.earliest() <= window) {
                    const FailureClocks::Firing f = c.pop();
                    c.renew(f.group, f.timeS);
                    total += 1.0;
                }
            }
            return total / 400.0;
        };
        const double stationary = meanCount(ClockStart::Stationary);
        QVERIFY2(std::abs(stationary / expected - 1.0) < 0.015, qPrintable(QString::number(stationary)));
        if (shape < 1.0)
            QVERIFY2(meanCount(ClockStart::New) > expected * 1.03, "a new start crowds failures into the first days");
    }

    // Exponential clocks: both starts draw the same stream.
    void exponentialStartsAreIdentical()
    {
        FailureClocks a(16, FailureModel::Exponential, 1000.0, 1.0, 7, StreamPurpose::FailureClock, 0, ClockStart::New);
        FailureClocks b(16, FailureModel::Exponential, 1000.0, 1.0, 7, StreamPurpose::FailureClock, 0,
                        ClockStart::Stationary);
        for (int i = 0; i < 200; ++i) {
            const auto fa = a.pop();
            const auto fb = b.pop();
            QCOMPARE(fa.timeS, fb.timeS);
            QCOMPARE(fa.group, fb.group);
            a.renew(fa.group, fa.timeS);
            b.renew(fb.group, fb.timeS);
        }
    }

    // Daly's published optima (5-min write): 9.17, 56.7, 116.7 min at MTBF 15 min, 6 h, 24 h; "auto" follows.
    void autoFollowsTheRenewalOptimum_data()
    {
        QTest::addColumn<double>("mtbfS");
        QTest::addColumn<double>("optimumMin");
        QTest::newRow("15 min") << 900.0 << 9.17;
        QTest::newRow("6 h") << 21600.0 << 56.7;
        QTest::newRow("24 h") << 86400.0 << 116.7;
    }
    void autoFollowsTheRenewalOptimum()
    {
        QFETCH(double, mtbfS);
        QFETCH(double, optimumMin);
        QVERIFY(std::abs(renewalOptimalCheckpointPeriod(300.0, mtbfS) / 60.0 / optimumMin - 1.0) < 0.005);
        Scenario s = renewalCkptScenario(8, 1'000'000);
        s.systemMtbfS = mtbfS;
        s.checkpointWriteS = 300.0;
        s.restartS = 600.0;
        const double steps = autoCheckpointIntervalSteps(s);
        QVERIFY2(std::abs(steps / 60.0 / optimumMin - 1.0) < 0.02, qPrintable(QString::number(steps)));
        s.checkpointAutoRule = CheckpointAutoRule::Paper;
        QVERIFY(autoCheckpointIntervalSteps(s) > steps);  // the paper's form adds the restart to M
    }

    // The simulated ETTR at "auto" is within the interval of the best of a grid of periods.
    void autoIsAsGoodAsTheBestOfAGrid()
    {
        Scenario s = renewalCkptScenario(8, 100'000);
        s.systemMtbfS = 900.0;
        s.checkpointWriteS = 300.0;
        s.restartS = 600.0;
        const int autoSteps = autoCheckpointIntervalSteps(s);
        SeedEstimate best;
        for (const double factor : {0.5, 0.75, 1.5, 2.0}) {
            s.checkpointIntervalSteps = static_cast<int>(std::lround(autoSteps * factor));
            const SeedEstimate e = overSeeds(s, 16, [](const RunMetrics& m) { return m.ettr; });
            if (e.mean > best.mean)
                best = e;
        }
        s.checkpointIntervalSteps.reset();
        const SeedEstimate atAuto = overSeeds(s, 16, [](const RunMetrics& m) { return m.ettr; });
        QVERIFY2(atAuto.mean >= best.mean - best.halfWidth - atAuto.halfWidth,
                 qPrintable(QStringLiteral("auto %1, best %2 +- %3").arg(atAuto.mean).arg(best.mean).arg(best.halfWidth)));
    }

    // CKPT-only under exponential failures against the exact renewal-reward ETTR: both restart rules,
    // writes of 0 to 5 min, periods of 0.25x to 4x the optimum, a detection part per failure.
    void ckptAgreesWithRenewalEttr_data()
    {
        QTest::addColumn<RestartRule>("rule");
        QTest::addColumn<double>("writeS");
        QTest::addColumn<double>("factor");
        QTest::addColumn<double>("detectS");
        for (const RestartRule rule : {RestartRule::Fixed, RestartRule::ExtendOnFailure})
            for (const double write : {0.0, 60.0, 300.0})
                for (const double factor : {0.25, 1.0, 4.0})
                    QTest::addRow("%s, write %g s, %gx", restartRuleName(rule), write, factor)
                        << rule << write << factor << (write == 60.0 ? 120.0 : 0.0);
    }
    void ckptAgreesWithRenewalEttr()
    {
        QFETCH(RestartRule, rule);
        QFETCH(double, writeS);
        QFETCH(double, factor);
        QFETCH(double, detectS);
        const double mtbf = 3600.0;
        Scenario s = renewalCkptScenario(8, 200'000);
        s.systemMtbfS = mtbf;
        s.restartS = 600.0;
        s.restartRule = rule;
        s.detectS = detectS;
        s.checkpointWriteS = writeS;
        const double optimum = renewalOptimalCheckpointPeriod(std::max(writeS, 60.0), mtbf);
        const int period = static_cast<int>(std::lround(factor * optimum));
        s.checkpointIntervalSteps = period;
        const double exact = renewalEttr(period, writeS, s.restartS, detectS, mtbf,
                                         rule == RestartRule::Fixed ? RenewalRestart::Fixed
                                                                    : RenewalRestart::ExtendOnFailure);
        const SeedEstimate simulated = overSeeds(s, 8, [](const RunMetrics& m) { return m.ettr; });
        const double gap = std::abs(simulated.mean - exact);
        QVERIFY2(gap <= 0.01 * exact || gap <= simulated.halfWidth,
                 qPrintable(QStringLiteral("simulated %1 +- %2, exact %3").arg(simulated.mean).arg(simulated.halfWidth).arg(exact)));
    }

    // A rollback resumes after the checkpoint and does not write it again; the paper's rule executes the
    // checkpointed step and writes it again.
    void rollbackResumesAfterTheCheckpoint_data()
    {
        QTest::addColumn<bool>("paper");
        QTest::newRow("exact") << false;
        QTest::newRow("paper") << true;
    }
    void rollbackResumesAfterTheCheckpoint()
    {
        QFETCH(bool, paper);
        Scenario s = tracedCkpt(10, 1);
        if (paper)
            s.checkpointSemantics = CheckpointSemantics::Paper;
        EventRecorder recorder;
        const RunMetrics m = Simulator(s, {{45.0, 2}}).run(&recorder);  // inside step 4 (40 .. 50 s)
        const Recorded* rollback = recorder.first(EventKind::Rollback);
        QVERIFY(rollback);
        QCOMPARE(rollback->step, paper ? 3 : 4);
        QCOMPARE(rollback->value, paper ? 1 : 0);
        const std::vector<int> written = recorder.stepsOf(EventKind::CheckpointStart);
        QCOMPARE(std::adjacent_find(written.begin(), written.end()) != written.end(), paper);
        QCOMPARE(m.tttS, 100.0 + 100.0 + (paper ? 20.0 : 10.0));  // steps, the restart, the lost work
    }

    // A failure of a group that is not the writer, during the write, voids the checkpoint (exact only).
    void anyFailureDuringAWriteVoidsIt()
    {
        for (const bool paper : {false, true}) {
            Scenario s = tracedCkpt(6, 2);
            s.checkpointWriteS = 20.0;
            if (paper)
                s.checkpointSemantics = CheckpointSemantics::Paper;
            EventRecorder recorder;
            const RunMetrics m = Simulator(s, {{30.0, 3}}).run(&recorder);  // the write of step 1: 20 .. 40 s
            QCOMPARE(m.checkpointsVoided, paper ? 0 : 1);
            QCOMPARE(recorder.first(EventKind::Rollback)->step, paper ? 1 : 0);
        }
    }

    // Two-stage checkpoints: a failure before the persist ends falls back to the checkpoint before.
    void unpersistedCheckpointIsNotATarget()
    {
        for (const double persist : {0.0, 50.0}) {
            Scenario s = tracedCkpt(6, 2);
            s.checkpointWriteS = 1.0;
            s.checkpointPersistS = persist;
            EventRecorder recorder;
            // Persisted at once, the checkpoint of step 3 (41 .. 42 s) is the target; persisting for 50 s, that
            // of step 1 (21 .. 71 s) is voided by the failure and the one of step 3 waits for it.
            const RunMetrics m = Simulator(s, {{45.0, 1}}).run(&recorder);
            QCOMPARE(recorder.first(EventKind::Rollback)->step, persist > 0.0 ? 0 : 4);
            QCOMPARE(m.checkpointsVoided, persist > 0.0 ? 2 : 0);
        }
    }

    // Restart rules with failures inside the restart, and the restart's parts in the breakdown.
    void restartRulesAndParts_data()
    {
        QTest::addColumn<RestartRule>("rule");
        QTest::addColumn<double>("restartEnds");
        // Group 0 fails at 5 s, the restart starts at 10 s; groups 1 and 2 fail inside at 30 and 60 s.
        const double stall = 5.0 + 7.0 + 11.0 + 100.0;
        QTest::newRow("fixed") << RestartRule::Fixed << 10.0 + stall;
        QTest::newRow("extend_on_failure") << RestartRule::ExtendOnFailure << 60.0 + 100.0;
        QTest::newRow("serialized") << RestartRule::Serialized << 10.0 + 3.0 * stall;
    }
    void restartRulesAndParts()
    {
        QFETCH(RestartRule, rule);
        QFETCH(double, restartEnds);
        Scenario s = tracedCkpt(3, 3);
        s.restartRule = rule;
        s.detectS = 5.0;
        s.diagnoseS = 7.0;
        s.queueS = 11.0;
        const RunMetrics m = Simulator(s, {{5.0, 0}, {30.0, 1}, {60.0, 2}}).run();
        QCOMPARE(m.tttS, restartEnds + 30.0);
        const double stalls = rule == RestartRule::Serialized ? 3.0 : 1.0;
        QCOMPARE(m.timeBreakdown.detectS, 5.0 * stalls);
        QCOMPARE(m.timeBreakdown.diagnoseS, 7.0 * stalls);
        QCOMPARE(m.timeBreakdown.queueS, 11.0 * stalls);
        QCOMPARE(m.restartS, restartEnds - 10.0);
        QCOMPARE(m.restarts, std::int64_t(1));
    }

    // Planned maintenance: a checkpoint, a stop, no rework, counted apart from failures.
    void maintenanceStopsLoseNoWork()
    {
        Scenario s = tracedCkpt(30, 30);
        s.checkpointWriteS = 5.0;
        s.maintenance = MaintenanceSchedule{100.0, 30.0, {}};
        EventRecorder recorder;
        const RunMetrics m = Simulator(s).run(&recorder);
        QCOMPARE(m.maintenanceStops, std::int64_t(3));
        QCOMPARE(m.restarts, std::int64_t(0));
        QCOMPARE(m.reworkSteps, std::int64_t(0));
        QCOMPARE(m.timeBreakdown.maintenanceS, 90.0);
        QCOMPARE(m.tttS, 300.0 + 3 * 35.0);
        QCOMPARE(m.ettr, 300.0 / m.tttS);
        const Recorded* start = recorder.first(EventKind::RestartStart);
        QVERIFY(start);
        QCOMPARE(start->value, static_cast<int>(RestartCause::Maintenance));
        QVERIFY(!recorder.first(EventKind::Rollback));
    }

    // ETTR is productive time over wall-clock: kept steps only.
    void ettrCountsKeptStepsOnly()
    {
        Scenario s = tracedCkpt(10, 1);
        s.checkpointWriteS = 2.0;
        const RunMetrics m = Simulator(s, {{45.0, 2}}).run();
        QCOMPARE(m.productiveS, 100.0);
        QCOMPARE(m.ettr, 100.0 / m.tttS);
        QVERIFY(m.ettr < 1.0 / m.tttRatio + 1e-12);
    }
};

QTEST_GUILESS_MAIN(TestRealRuns)
#include "test_real_runs.moc"
