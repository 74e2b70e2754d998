#include "engine/sim/ScenarioJson.h"
#include "engine/sim/Simulator.h"
#include "engine/sim/TimeBreakdown.h"
#include "engine/sweep/Sweep.h"

#include <QtTest/QtTest>

#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

using namespace spare;

Q_DECLARE_METATYPE(spare::Policy)

namespace {

std::string scenariosDir() { return std::string(SPARE_SOURCE_DIR) + "/scenarios"; }

bool near(double a, double b, double relative) { return std::abs(a - b) <= relative * std::max(1.0, std::abs(b)); }

// Counts executed steps by the decisions in them, from the event stream alone.
class StepPhaseReplay final : public SimulationObserver {
public:
    void onEvent(const Event& event) override
    {
        if (event.kind == EventKind::StepStart || event.kind == EventKind::RestartStart) {
            fixedCheck_ = reordered_ = false;
        } else if (event.kind == EventKind::Decision && !event.decision->wipeout) {
            (event.decision->phase == ReorderDecision::Phase::FixedCheck ? fixedCheck_ : reordered_) = true;
        } else if (event.kind == EventKind::StepEnd) {
            ++(reordered_ ? reordered : fixedCheck_ ? fixedCheckOnly : withoutDecision);
        }
    }
    std::int64_t withoutDecision = 0;
    std::int64_t fixedCheckOnly = 0;
    std::int64_t reordered = 0;

private:
    bool fixedCheck_ = false;
    bool reordered_ = false;
};

}  // namespace

class TestTimeBreakdown : public QObject {
    Q_OBJECT

private slots:
    // Every shipped scenario, every policy, three seeds, both checkpoint-wait rules: the nine parts sum
    // to TTT, and the parts that other metrics measure independently agree with them.
    void partsSumToTtt_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<Policy>("policy");
        QTest::addColumn<std::uint64_t>("seed");
        QTest::addColumn<bool>("writerOnlyWaits");
        for (const auto& entry : std::filesystem::directory_iterator(scenariosDir())) {
            if (entry.path().extension() != ".json")
                continue;
            const QString file = QString::fromStdString(entry.path().string());
            const QString stem = QString::fromStdString(entry.path().stem().string());
            for (const Policy policy : {Policy::Spare, Policy::Rep, Policy::Ckpt})
                for (const std::uint64_t seed : {1u, 2u, 3u})
                    for (const bool writerOnly : {false, true})
                        QTest::addRow("%s %s seed %d%s", qPrintable(stem), policyName(policy), int(seed),
                                      writerOnly ? " writer-only" : "")
                            << file << policy << seed << writerOnly;
        }
    }

    void partsSumToTtt()
    {
        QFETCH(QString, file);
        QFETCH(Policy, policy);
        QFETCH(std::uint64_t, seed);
        QFETCH(bool, writerOnlyWaits);
        Scenario s = loadScenarioFile(file.toStdString());
        s.policy = policy;
        if (policy == Policy::Rep)
            s.redundancy = s.repRedundancy.value_or(3);
        s.seed = seed;
        s.writerOnlyWaits = writerOnlyWaits;
        SimulationLimits limits;
        limits.maxTttRatio = 5.0;  // CKPT-only in the paper's regime never finishes
        const RunMetrics m = Simulator(s).run(nullptr, limits);
        const TimeBreakdown& b = m.timeBreakdown;

        QVERIFY2(near(b.totalS(), m.tttS, 1e-9), qPrintable(QStringLiteral("parts %1 vs TTT %2").arg(b.totalS()).arg(m.tttS)));
        QVERIFY(near(b.usefulComputeS, s.computeS * m.stepsDone, 1e-12));
        QCOMPARE(b.globalRestartS(), m.restartS);
        QCOMPARE(b.maintenanceS, m.maintenanceS);
        QCOMPARE(b.shrinkS, m.shrinkS);
        QCOMPARE(b.failedAllReduceS, m.failedAllReduceS);
        QCOMPARE(b.checkpointS, m.checkpointS);
        // Each write costs T_s, a write stopped by a failure (exact semantics) less; maintenance stops write one more.
        if (!writerOnlyWaits)
            QVERIFY(b.checkpointS <= static_cast<double>(m.checkpointsWritten) * s.checkpointWriteS * (1.0 + 1e-12));
        if (!writerOnlyWaits && s.checkpointSemantics == CheckpointSemantics::Paper)
            QVERIFY(near(b.checkpointS, static_cast<double>(m.checkpointsWritten) * s.checkpointWriteS, 1e-12));
        QVERIFY(b.allReduceS <= s.allReduceS * m.stepsDone * (1.0 + 1e-12));
        QVERIFY(b.reworkS >= 0.0);
        QCOMPARE(b.reworkS > 0.0, m.restarts > 0);
        QVERIFY(b.redundantComputeS >= m.patchS);
        const double stackRedundancy = (s.redundancy - 1) * s.computeS * m.stepsDone;
        switch (policy) {
        case Policy::Ckpt: QCOMPARE(b.redundantComputeS, 0.0); break;
        case Policy::Rep: QVERIFY(near(b.redundantComputeS, stackRedundancy, 1e-12)); break;
        case Policy::Spare: QVERIFY(b.redundantComputeS - m.patchS <= stackRedundancy * (1.0 + 1e-12)); break;
        case Policy::Elastic:
        case Policy::Rebalance: break;  // not among the shipped scenarios' policies checked here
        }
        QCOMPARE(m.stepsWithoutDecision + m.stepsFixedCheckOnly + m.stepsReordered, m.executedSteps);
        QVERIFY(m.stepsFixedCheckOnly <= m.phase0Decisions);
        QVERIFY(m.stepsReordered <= m.phase2Decisions);
    }

    // Without failures only compute, barrier wait, all-reduce and checkpoint writes remain.
    void noFailures()
    {
        for (const Policy policy : {Policy::Spare, Policy::Rep, Policy::Ckpt}) {
            Scenario s = loadScenarioFile(scenariosDir() + "/paper-n200.json");
            s.policy = policy;
            s.steps = 500;
            s.systemMtbfS = 1e15;
            const RunMetrics m = Simulator(s).run();
            QCOMPARE(m.failures, 0);
            const TimeBreakdown& b = m.timeBreakdown;
            QCOMPARE(b.reworkS, 0.0);
            QCOMPARE(b.restartS, 0.0);
            QCOMPARE(b.shrinkS, 0.0);
            QCOMPARE(b.failedAllReduceS, 0.0);
            QVERIFY(near(b.allReduceS, s.steps * s.allReduceS, 1e-12));
            QVERIFY(near(b.usefulComputeS + b.allReduceS, m.t0S, 1e-12));
            QVERIFY(b.barrierWaitS > 0.0);  // the slowest of 200 groups is always late
            QVERIFY(near(b.totalS(), m.tttS, 1e-12));
            QCOMPARE(m.stepsWithoutDecision, m.executedSteps);
        }
    }

    // The per-step phase counts agree with the decisions replayed from the events.
    void stepPhasesMatchEvents()
    {
        for (const char* name : {"teaching-12.json", "paper-n200.json"}) {
            Scenario s = loadScenarioFile(scenariosDir() + "/" + name);
            s.steps = std::min(s.steps, 2000);
            StepPhaseReplay replay;
            const RunMetrics m = Simulator(s).run(&replay);
            QVERIFY(m.stepsFixedCheckOnly > 0);
            QVERIFY(m.stepsReordered > 0);
            QCOMPARE(m.stepsWithoutDecision, replay.withoutDecision);
            QCOMPARE(m.stepsFixedCheckOnly, replay.fixedCheckOnly);
            QCOMPARE(m.stepsReordered, replay.reordered);
        }
    }

    // Snapshots carry the breakdown so far: its parts sum to the snapshot's time, restarts in progress
    // included, and it never shrinks.
    void snapshotsCarryTheBreakdownSoFar()
    {
        class Snapshots final : public SimulationObserver {
        public:
            void onEvent(const Event&) override {}
            void onSnapshot(const SimulationSnapshot& snapshot) override { taken.push_back(snapshot); }
            double snapshotIntervalS() const override { return 600.0; }
            std::vector<SimulationSnapshot> taken;
        };
        for (const Policy policy : {Policy::Spare, Policy::Rep, Policy::Ckpt}) {
            Scenario s = loadScenarioFile(scenariosDir() + "/paper-n200.json");
            s.policy = policy;
            s.steps = 1500;
            Snapshots observer;
            SimulationLimits limits;
            limits.maxTttRatio = 5.0;
            const RunMetrics m = Simulator(s).run(&observer, limits);
            QVERIFY(observer.taken.size() > 10);
            bool sawRestart = false;
            double lastTotal = 0.0;
            for (const SimulationSnapshot& snapshot : observer.taken) {
                const double total = snapshot.timeBreakdown.totalS();
                QVERIFY2(near(total, snapshot.time, 1e-9), qPrintable(QStringLiteral("%1 vs %2").arg(total).arg(snapshot.time)));
                QVERIFY(total >= lastTotal);
                lastTotal = total;
                sawRestart = sawRestart || snapshot.restarting;
            }
            QVERIFY(sawRestart);
            // The parts' sum may round an ulp above the snapshot's time: the time itself is the bound.
            QVERIFY(observer.taken.back().time <= m.tttS);
            QVERIFY(near(lastTotal, m.tttS, 1e-9) || lastTotal < m.tttS);
        }
    }

    // A sweep row's breakdown is each part's mean over its seeds.
    void sweepRowsAverageTheBreakdown()
    {
        SweepSpec spec;
        spec.base = loadScenarioFile(scenariosDir() + "/teaching-12.json");
        spec.spareRedundancies = {3};
        spec.repRedundancies = {3};
        spec.seeds = 3;
        const SweepResult result = Sweep::run(spec);
        for (const SweepRow& row : result.rows) {
            for (const TimeBreakdownPart& part : timeBreakdownParts()) {
                double sum = 0.0;
                for (std::size_t i = 0; i < result.cells.size(); ++i)
                    if (result.cells[i].policy == row.policy && result.cells[i].redundancy == row.redundancy)
                        sum += result.metrics[i].timeBreakdown.*part.seconds;
                QVERIFY(near(row.meanTimeBreakdown.*part.seconds, sum / row.runs, 1e-12));
            }
            QVERIFY(near(row.meanTimeBreakdown.totalS(), row.stat("ttt_s").mean, 1e-9));
        }
    }

    void partsAreNamedOnce()
    {
        QCOMPARE(timeBreakdownParts().size(), std::size_t{14});
        QSet<QString> keys;
        for (const TimeBreakdownPart& part : timeBreakdownParts())
            keys.insert(QString::fromLatin1(part.key));
        QCOMPARE(keys.size(), 14);
    }
};

QTEST_GUILESS_MAIN(TestTimeBreakdown)
#include "test_time_breakdown.moc"
