#include "engine/sim/PreparedRun.h"
#include "engine/sim/RestartCause.h"
#include "engine/sim/RunMetricsJson.h"
#include "engine/sim/Simulator.h"
#include "engine/sweep/Sweep.h"

#include <QtTest/QtTest>

#include <nlohmann/json.hpp>

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

using namespace spare;

namespace {

Scenario smallScenario()
{
    Scenario s;
    s.groups = 40;
    s.redundancy = 3;
    s.allReduceS = 0.4;
    s.steps = 300;
    s.seed = 11;
    return s;
}

// The consecutive layout of `groups` x r = 3 as a layout file.
std::string writeLayoutFile(const QTemporaryDir& dir, int groups)
{
    nlohmann::json stacks = nlohmann::json::array();
    for (int g = 0; g < groups; ++g)
        stacks.push_back({g, (g + 1) % groups, (g + 2) % groups});
    const std::string path = dir.filePath(QStringLiteral("layout.json")).toStdString();
    std::ofstream(path) << nlohmann::json{{"stacks", stacks}}.dump();
    return path;
}

std::string metricsText(const RunMetrics& m) { return runMetricsToJson(m).dump(); }

}  // namespace

class TestPreparedRun : public QObject {
    Q_OBJECT

private slots:
    // A sweep reads a layout file once: the file is removed as soon as the first of its 20 cells is done,
    // and every cell still runs, with the metrics of a sweep that kept the file.
    void sweepReadsTheLayoutFileOnce()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        SweepSpec spec;
        spec.base = smallScenario();
        spec.base.layout = writeLayoutFile(dir, spec.base.groups);
        spec.policies = {Policy::Spare};
        spec.spareRedundancies = {3};
        spec.seeds = 20;
        const SweepResult kept = Sweep::run(spec, {});
        QCOMPARE(kept.metrics.size(), std::size_t{20});

        SweepRunOptions options;
        options.control.threads = 1;
        options.control.progress = [&spec](std::size_t done, std::size_t) {
            if (done == 1)
                std::remove(spec.base.layout.c_str());
        };
        const SweepResult removed = Sweep::run(spec, options);
        QVERIFY(!QFileInfo::exists(QString::fromStdString(spec.base.layout)));
        for (std::size_t i = 0; i < kept.metrics.size(); ++i)
            QCOMPARE(metricsText(removed.metrics[i]), metricsText(kept.metrics[i]));
    }

    // Another seed shares everything prepared and runs exactly as a run prepared from scratch.
    void seedsShareThePreparation()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        Scenario s = smallScenario();
        s.layout = writeLayoutFile(dir, s.groups);
        const PreparedRun prepared = prepareRun(s);
        QVERIFY(prepared.layout);
        QCOMPARE(prepared.checkpointIntervalSteps, autoCheckpointIntervalSteps(s));
        const PreparedRun other = prepared.withSeed(12);
        QCOMPARE(other.layout.get(), prepared.layout.get());
        s.seed = 12;
        QCOMPARE(metricsText(Simulator(other).run()), metricsText(Simulator(s).run()));
    }

    // Another policy and r share the trace and get their own layout.
    void policiesShareTheTrace()
    {
        Scenario s = smallScenario();
        s.checkpointIntervalSteps = 10;
        const std::vector<TraceFailure> trace{{5.0, 3}, {40.0, 7}};
        PrepareOptions options;
        options.trace = trace;
        const PreparedRun spare = prepareRun(s, options);
        const PreparedRun rep = spare.withPolicy(Policy::Rep, 2);
        QVERIFY(rep.trace);
        QCOMPARE(rep.trace->size(), trace.size());
        QVERIFY(!rep.layout || rep.layout->redundancy() == 2);
        Scenario repScenario = s;
        repScenario.policy = Policy::Rep;
        repScenario.redundancy = 2;
        QCOMPARE(rep.checkpointIntervalSteps, 10);
        QCOMPARE(metricsText(Simulator(rep).run()), metricsText(Simulator(repScenario, trace).run()));
        const PreparedRun back = rep.withPolicy(Policy::Spare, 3);
        QVERIFY(back.layout);
        QCOMPARE(metricsText(Simulator(back).run()), metricsText(Simulator(s, trace).run()));
    }

    // With a sink every problem is reported under its key and preparation goes on.
    void problemsGoToTheSink()
    {
        Scenario s = smallScenario();
        s.layout = "/nonexistent/layout.json";
        s.failureModel = FailureModel::Trace;
        s.failureTrace = "/nonexistent/trace.csv";
        std::vector<std::string> keys;
        const PreparedRun run =
            prepareRun(s, {}, [&keys](const char* key, const std::exception&) { keys.emplace_back(key); });
        QCOMPARE(keys, (std::vector<std::string>{"cluster.layout", "failures.trace"}));
        QVERIFY(!run.layout);
        QVERIFY(!run.trace);
        QVERIFY(run.checkpointIntervalSteps >= 1);
        QVERIFY_THROWS_EXCEPTION(LayoutError, prepareRun(s));
    }

    void restartCauseValues()
    {
        for (const RestartCause cause : {RestartCause::Wipeout, RestartCause::ReplicaSetLost, RestartCause::AnyFailure})
            QCOMPARE(restartCauseFromValue(static_cast<int>(cause)), cause);
        QCOMPARE(static_cast<int>(RestartCause::Wipeout), 1);
        QCOMPARE(static_cast<int>(RestartCause::ReplicaSetLost), 2);
        QCOMPARE(static_cast<int>(RestartCause::AnyFailure), 3);
        QCOMPARE(std::string(restartCauseName(RestartCause::Wipeout)), std::string("wipeout"));
        QCOMPARE(std::string(restartCauseName(RestartCause::ReplicaSetLost)), std::string("replica_set_lost"));
        QCOMPARE(std::string(restartCauseName(RestartCause::AnyFailure)), std::string("ckpt_failure"));
        QCOMPARE(std::string(restartCauseName(restartCauseFromValue(0))), std::string("unknown"));
        QCOMPARE(std::string(restartCauseName(restartCauseFromValue(9))), std::string("unknown"));
    }

    // The time ledger owns restart, shrink, checkpoint and failed all-reduce time; the metrics copy it.
    void metricsCopyTheLedger()
    {
        Scenario s = smallScenario();
        s.systemMtbfS = 60.0;
        for (const Policy policy : {Policy::Spare, Policy::Rep, Policy::Ckpt}) {
            s.policy = policy;
            SimulationLimits limits;
            limits.maxTttRatio = 5.0;
            const RunMetrics m = Simulator(s).run(nullptr, limits);
            QCOMPARE(m.restartS, m.timeBreakdown.restartS);
            QCOMPARE(m.shrinkS, m.timeBreakdown.shrinkS);
            QCOMPARE(m.checkpointS, m.timeBreakdown.checkpointS);
            QCOMPARE(m.failedAllReduceS, m.timeBreakdown.failedAllReduceS);
            QCOMPARE(m.downS, m.restartS + m.shrinkS);
        }
    }
};

QTEST_GUILESS_MAIN(TestPreparedRun)
#include "test_prepared_run.moc"
