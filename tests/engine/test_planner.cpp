#include "engine/campaign/CampaignJson.h"
#include "engine/campaign/CampaignPlan.h"
#include "engine/campaign/CampaignRunner.h"
#include "engine/planning/CheckpointPeriods.h"
#include "engine/planning/ConfigurationPlanner.h"
#include "engine/planning/KimNelsonProcedure.h"
#include "engine/planning/PlanFolder.h"
#include "engine/planning/PlanReport.h"
#include "engine/planning/ScenarioBatch.h"
#include "engine/sim/ScenarioJson.h"

#include "tests/support/SanitizerShare.h"

#include <fmt/core.h>

#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

using namespace spare;

namespace {

// k normal systems with means `means`, standard deviations `sds` and a common random number effect:
// replicate j of system i is mean_i + sd_i (sqrt(rho) Z_j + sqrt(1 - rho) E_ij).
struct NormalSystems {
    std::vector<double> means;
    std::vector<double> sds;
    double rho = 0.5;

    std::vector<double> draw(std::mt19937_64& rng) const
    {
        std::normal_distribution<double> normal;
        const double common = normal(rng);
        std::vector<double> out;
        for (std::size_t i = 0; i < means.size(); ++i)
            out.push_back(means[i] + sds[i] * (std::sqrt(rho) * common + std::sqrt(1.0 - rho) * normal(rng)));
        return out;
    }
};

struct MacroOutcome {
    int correct = 0;      // selected the best
    int good = 0;         // selected a system within delta of the best
    double replicates = 0.0;  // mean total observations spent
    double fullGrid = 0.0;    // mean k x maxReplicatesNeeded
};

MacroOutcome macroReplicate(const NormalSystems& systems, double alpha, double delta, int n0, int macros, std::uint64_t seed)
{
    MacroOutcome out;
    const auto best = static_cast<int>(std::min_element(systems.means.begin(), systems.means.end()) - systems.means.begin());
    const double bestMean = systems.means[static_cast<std::size_t>(best)];
    std::mt19937_64 rng(seed);
    for (int m = 0; m < macros; ++m) {
        KimNelsonProcedure kn(static_cast<int>(systems.means.size()), alpha, n0);
        kn.setIndifference(delta);
        while (!kn.done())
            kn.addReplicate(systems.draw(rng));
        out.correct += kn.selected() == best ? 1 : 0;
        out.good += systems.means[static_cast<std::size_t>(kn.selected())] < bestMean + delta ? 1 : 0;
        for (int i = 0; i < kn.systems(); ++i)
            out.replicates += kn.observations(i);
        out.fullGrid += static_cast<double>(kn.systems()) * kn.maxReplicatesNeeded();
    }
    out.replicates /= macros;
    out.fullGrid /= macros;
    return out;
}

Scenario teachingScenario()
{
    return loadScenarioFile(QStringLiteral(SPARE_SOURCE_DIR "/scenarios/teaching-12.json").toStdString());
}

PlanSpec teachingPlan()
{
    PlanSpec spec;
    spec.base = teachingScenario();
    spec.policies = {Policy::Spare, Policy::Rep};
    spec.redundancies = {2, 3, 4, 6};
    spec.indifference = 0.01;
    spec.batch = 4;
    return spec;
}

}  // namespace

class TestPlanner : public QObject {
    Q_OBJECT
private slots:
    void youngAndDalyPeriods_data();
    void youngAndDalyPeriods();
    void checkpointStudyFindsTheSimulatedOptimum();
    void kimNelsonConstants();
    void kimNelsonGuaranteeHolds_data();
    void kimNelsonGuaranteeHolds();
    void batchesDecideAsOneAtATime();
    void plannerGuaranteeOnTheSimulator();
    void listedCampaignWithCommonSeeds();
    void listedCampaignRejectsUnequalLengths();
    void folderRoundsEqualLocalRounds();
    void folderPlanResumesAfterAnExternalRound();
    void folderRefusesAnotherPlan();
    void reportNamesEveryFigure();
    void vanishingZoneIsRefused_data();
    void vanishingZoneIsRefused();
    void confidenceShowsItsDigits_data();
    void confidenceShowsItsDigits();
    void planFileValuesAreStrict_data();
    void planFileValuesAreStrict();
};

void TestPlanner::youngAndDalyPeriods_data()
{
    QTest::addColumn<double>("mtbfMin");
    QTest::addColumn<double>("daly");
    QTest::addColumn<double>("young");
    // C = 5 min: Daly's higher-order period at 24 h, 6 h and 15 min (published test vectors).
    QTest::newRow("24 h") << 1440.0 << 116.7 << 120.0;
    QTest::newRow("6 h") << 360.0 << 56.7 << 60.0;
    QTest::newRow("15 min") << 15.0 << 9.1 << 12.25;
}

void TestPlanner::youngAndDalyPeriods()
{
    QFETCH(double, mtbfMin);
    QFETCH(double, daly);
    QFETCH(double, young);
    QCOMPARE(std::round(dalyPeriod(5.0, mtbfMin) * 10.0) / 10.0, daly);
    QCOMPARE(std::round(youngPeriod(5.0, mtbfMin) * 100.0) / 100.0, young);
    QCOMPARE(dalyPeriod(5.0, 2.0), 2.0);  // C >= 2M: the period is M
    QCOMPARE(dalyPeriodWithRestart(5.0, 10.0, 90.0), 10.0 * std::sqrt(10.0));
}

void TestPlanner::checkpointStudyFindsTheSimulatedOptimum()
{
    Scenario s = teachingScenario();
    s.policy = Policy::Ckpt;
    s.systemMtbfS = 6000.0;
    CheckpointStudyOptions options;
    options.intervalSteps = {1, 2, 4, 8, 16, 32, 64};
    options.seeds = 16;
    const CheckpointPeriodStudy one = studyCheckpointPeriods(s, options);
    options.control.threads = 1;
    const CheckpointPeriodStudy serial = studyCheckpointPeriods(s, options);
    QCOMPARE(one.candidates.size(), std::size_t{7});
    for (std::size_t i = 0; i < one.candidates.size(); ++i)
        QCOMPARE(one.candidates[i].meanTttRatio, serial.candidates[i].meanTttRatio);
    // The best is no worse than any other, and the interior of the grid holds it (both ends are worse).
    const auto& best = one.candidates[one.best];
    for (const auto& c : one.candidates)
        QVERIFY(c.meanTttRatio >= best.meanTttRatio);
    QVERIFY(one.best > 0 && one.best + 1 < one.candidates.size());
    QCOMPARE(one.interruptionMtbfS, 6000.0);
    QCOMPARE(one.dalyS, dalyPeriod(20.0, 6000.0));
    QCOMPARE(one.nearest(one.dalyS).intervalSteps, 8);  // Daly: 478 s, 6.8 steps of 70 s
}

void TestPlanner::kimNelsonConstants()
{
    // The published test vector: alpha = 0.05, k = 10, n0 = 10.
    QCOMPARE(std::round(KimNelsonProcedure::eta(0.05, 10, 10) * 1e4) / 1e4, 0.8591);
    const KimNelsonProcedure kn(10, 0.05, 10);
    QCOMPARE(std::round(kn.h2() * 1e3) / 1e3, 15.464);
}

void TestPlanner::kimNelsonGuaranteeHolds_data()
{
    QTest::addColumn<std::vector<double>>("means");
    QTest::addColumn<std::vector<double>>("sds");
    QTest::addColumn<double>("rho");
    // Slippage: the best exactly delta = 1 better than every other (the least favourable configuration).
    QTest::newRow("slippage k=10 equal sd") << std::vector<double>{0, 1, 1, 1, 1, 1, 1, 1, 1, 1}
                                            << std::vector<double>(10, 4.0) << 0.5;
    QTest::newRow("slippage k=5 unequal sd") << std::vector<double>{0, 1, 1, 1, 1}
                                             << std::vector<double>{2, 3, 4, 5, 6} << 0.3;
    std::vector<double> slippage16(16, 1.0);
    slippage16[0] = 0.0;
    QTest::newRow("slippage k=16 no crn") << slippage16 << std::vector<double>(16, 3.0) << 0.0;
    // Increasing means: several systems inside the indifference zone (good selection is what counts).
    QTest::newRow("increasing k=8") << std::vector<double>{0, 0.3, 0.6, 0.9, 1.2, 1.5, 1.8, 2.1}
                                    << std::vector<double>(8, 3.0) << 0.7;
}

void TestPlanner::kimNelsonGuaranteeHolds()
{
    QFETCH(std::vector<double>, means);
    QFETCH(std::vector<double>, sds);
    QFETCH(double, rho);
    const int macros = 1000;
    const MacroOutcome out = macroReplicate({means, sds, rho}, 0.05, 1.0, 10, macros, 42);
    qInfo("PCS %.3f, PGS %.3f over %d macro-replications; %.0f observations vs %.0f for the full grid (%.1fx)",
          out.correct / double(macros), out.good / double(macros), macros, out.replicates, out.fullGrid,
          out.fullGrid / out.replicates);
    QVERIFY(out.good >= 0.95 * macros);
    if (means[1] - means[0] >= 1.0)
        QVERIFY(out.correct >= 0.95 * macros);
    QVERIFY(out.replicates < out.fullGrid);
}

void TestPlanner::batchesDecideAsOneAtATime()
{
    PlanSpec spec = teachingPlan();
    spec.batch = 1;
    LocalPlanRoundRunner one(RunControl{2, {}, nullptr});
    const PlanResult single = runPlan(spec, one);
    spec.batch = 7;
    LocalPlanRoundRunner seven(RunControl{2, {}, nullptr});
    const PlanResult batched = runPlan(spec, seven);
    QVERIFY(single.complete && batched.complete);
    QVERIFY(batched.rounds < single.rounds);
    QVERIFY(batched.runs >= single.runs);  // a batch runs past eliminations
    for (std::size_t p = 0; p < single.policies.size(); ++p) {
        QCOMPARE(batched.policies[p].selected, single.policies[p].selected);
        for (std::size_t i = 0; i < single.policies[p].candidates.size(); ++i) {
            QCOMPARE(batched.policies[p].candidates[i].eliminatedAt, single.policies[p].candidates[i].eliminatedAt);
            QCOMPARE(batched.policies[p].candidates[i].mean, single.policies[p].candidates[i].mean);
        }
    }
}

// The guarantee on the simulator itself: the true means of the candidates come from a long brute-force
// run (4,000 replicates each); 200 independent plans (other base seeds) must pick a candidate within the
// indifference zone of the true best at least 95% of the time.
void TestPlanner::plannerGuaranteeOnTheSimulator()
{
    PlanSpec spec = teachingPlan();
    spec.policies = {Policy::Spare};
    spec.redundancies = {2, 3, 4, 5, 6};
    const std::vector<PlanCandidate> candidates = spec.candidates(Policy::Spare);

    const int truthReplicates = sanitizerShare(4000);
    std::vector<Scenario> truthRuns;
    PlanSpec truthSpec = spec;
    truthSpec.base.seed = 987654321;
    for (const PlanCandidate& c : candidates)
        for (int j = 0; j < truthReplicates; ++j)
            truthRuns.push_back(truthSpec.scenario(c, j));
    const std::vector<RunMetrics> truthMetrics = runScenarioBatch(truthRuns, {});
    std::vector<double> truth(candidates.size(), 0.0);
    for (std::size_t c = 0; c < candidates.size(); ++c) {
        for (int j = 0; j < truthReplicates; ++j)
            truth[c] += truthMetrics[c * truthReplicates + static_cast<std::size_t>(j)].tttRatio / truthReplicates;
    }
    const double best = *std::min_element(truth.begin(), truth.end());

    const int macros = sanitizerShare(200);
    int good = 0;
    double runs = 0.0;
    double fullGrid = 0.0;
    for (int m = 0; m < macros; ++m) {
        spec.base.seed = static_cast<std::uint64_t>(1000 + m);
        LocalPlanRoundRunner runner;
        const PlanResult result = runPlan(spec, runner);
        QVERIFY(result.complete);
        const PlanPolicyResult& p = result.policies.front();
        QVERIFY(p.guaranteed());
        // The zone the plan used: indifference x its own best first-stage mean, in TTT/T0 units.
        good += truth[static_cast<std::size_t>(p.selected)] < best + p.delta ? 1 : 0;
        runs += static_cast<double>(p.runs);
        fullGrid += static_cast<double>(p.fullGridRuns);
    }
    qInfo("true TTT/T0 r=2..6: %.4f %.4f %.4f %.4f %.4f; good selections %d of %d; runs %.0f vs full grid %.0f (%.1fx)",
          truth[0], truth[1], truth[2], truth[3], truth[4], good, macros, runs / macros, fullGrid / macros,
          fullGrid / runs);
    QVERIFY(good >= 0.95 * macros);
    QVERIFY(runs < fullGrid);
}

void TestPlanner::listedCampaignWithCommonSeeds()
{
    QTemporaryDir dir;
    const std::string base = QStringLiteral(SPARE_SOURCE_DIR "/scenarios/teaching-12.json").toStdString();
    const std::string text = R"({"name": "listed", "base": ")" + base + R"(", "design": "list",
        "grid": {"run.policy": ["spare", "rep", "spare"], "cluster.redundancy": [2, 3, 4]},
        "replication": {"seeds": 3, "first_replicate": 5, "common_seeds": true}})";
    const Campaign campaign = campaignFromJsonText(text, "listed.json");
    const CampaignPlan plan(campaign);
    QCOMPARE(plan.cells().size(), std::size_t{3});
    QCOMPARE(plan.cells()[1].parameters, std::string("cluster.redundancy=3;run.policy=rep"));
    for (int k = 0; k < 3; ++k) {
        QCOMPARE(plan.run(0, k).replicate, 5 + k);
        QCOMPARE(plan.run(0, k).seed, plan.run(2, k).seed);
        QCOMPARE(plan.run(1, k).seed, commonReplicateSeed(1, 5 + k));
        QVERIFY(plan.run(0, k).key != plan.run(2, k).key);
    }
    // Reading back what was written gives the same campaign.
    QCOMPARE(campaignToJsonText(campaignFromJsonText(campaignToJsonText(campaign), "again")), campaignToJsonText(campaign));
}

void TestPlanner::listedCampaignRejectsUnequalLengths()
{
    const std::string base = QStringLiteral(SPARE_SOURCE_DIR "/scenarios/teaching-12.json").toStdString();
    const std::string text = R"({"name": "bad", "base": ")" + base + R"(", "design": "list",
        "grid": {"run.policy": ["spare", "rep"], "cluster.redundancy": [2, 3, 4]},
        "replication": {"seeds": 2, "first_replicate": -1, "common_seeds": 1}})";
    try {
        campaignFromJsonText(text, "bad.json");
        QFAIL("a list design with unequal value counts was accepted");
    } catch (const CampaignError& e) {
        const QString message = QString::fromStdString(e.what());
        QVERIFY2(message.contains(QStringLiteral("bad.json: grid.cluster.redundancy: has 3 values where run.policy has 2")),
                 qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("replication.first_replicate: -1 is out of range")), qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("replication.common_seeds: 1 is not allowed; use true or false")),
                 qPrintable(message));
    }
}

void TestPlanner::folderRoundsEqualLocalRounds()
{
    QTemporaryDir dir;
    PlanSpec spec = teachingPlan();
    spec.checkpointIntervals = {std::nullopt, 10};
    LocalPlanRoundRunner local(RunControl{2, {}, nullptr});
    const PlanResult inProcess = runPlan(spec, local);
    PlanFolder folder(dir.filePath(QStringLiteral("plan")).toStdString());
    folder.prepare(spec);
    const PlanResult viaCampaigns = runPlan(spec, folder);
    QVERIFY(viaCampaigns.complete);
    QCOMPARE(viaCampaigns.rounds, inProcess.rounds);
    QCOMPARE(planResultToJson(viaCampaigns, spec).dump(), planResultToJson(inProcess, spec).dump());
}

void TestPlanner::folderPlanResumesAfterAnExternalRound()
{
    QTemporaryDir dir;
    const PlanSpec spec = teachingPlan();
    PlanFolder folder(dir.filePath(QStringLiteral("plan")).toStdString());
    folder.prepare(spec);
    folder.setRunLocally(false);
    const PlanResult waiting = runPlan(spec, folder);
    QVERIFY(!waiting.complete);
    QVERIFY(waiting.pending);
    QCOMPARE(waiting.pending->index, 0);
    QVERIFY(QFile::exists(QString::fromStdString(folder.roundCampaignPath(0))));

    // Round 0 runs elsewhere, as two shards of a job array would.
    const CampaignPlan round(loadCampaignFile(folder.roundCampaignPath(0)));
    const CampaignResultsDir results(folder.roundResultsPath(0));
    CampaignRunner::run(round, results, 0, 2);
    CampaignRunner::run(round, results, 1, 2);
    const PlanResult next = runPlan(folder.spec(), folder);
    QVERIFY(next.pending);
    QCOMPARE(next.pending->index, 1);

    folder.setRunLocally(true);
    const PlanResult resumed = runPlan(folder.spec(), folder);
    LocalPlanRoundRunner local;
    const PlanResult inProcess = runPlan(spec, local);
    QVERIFY(resumed.complete);
    QCOMPARE(planResultToJson(resumed, spec).dump(), planResultToJson(inProcess, spec).dump());
}

void TestPlanner::folderRefusesAnotherPlan()
{
    QTemporaryDir dir;
    PlanSpec spec = teachingPlan();
    PlanFolder folder(dir.filePath(QStringLiteral("plan")).toStdString());
    folder.prepare(spec);
    folder.prepare(spec);  // the same plan again is fine
    spec.confidence = 0.9;
    try {
        folder.prepare(spec);
        QFAIL("a folder of another plan was accepted");
    } catch (const InputError& e) {
        QVERIFY2(QString::fromStdString(e.what()).contains(QStringLiteral("holds another plan")), e.what());
    }
}

void TestPlanner::reportNamesEveryFigure()
{
    const PlanSpec spec = teachingPlan();
    LocalPlanRoundRunner runner;
    const PlanResult result = runPlan(spec, runner);
    const std::string report = planReportMarkdown(result, spec, "spare-cli plan teaching-12.json");
    const nlohmann::json doc = planResultToJson(result, spec);
    for (const nlohmann::json& policy : doc["policies"]) {
        const nlohmann::json& chosen = policy["selected"];
        QVERIFY(report.find(fmt::format("r = {}, T_c = {}", chosen["redundancy"].get<int>(),
                                        chosen["checkpoint_interval_steps"].get<std::string>())) != std::string::npos);
        QVERIFY(report.find(fmt::format("{:.4f}", chosen["ttt_ratio_mean"].get<double>())) != std::string::npos);
        QVERIFY(policy["guaranteed"].get<bool>());
        QVERIFY(policy["runs"].get<std::size_t>() < policy["full_grid_runs"].get<std::size_t>());
    }
    QVERIFY(report.find("spare-cli plan teaching-12.json") != std::string::npos);
    QVERIFY(report.find("P(correct selection) >= 95%") != std::string::npos);
}

void TestPlanner::vanishingZoneIsRefused_data()
{
    QTest::addColumn<double>("indifference");
    QTest::addColumn<bool>("refused");
    QTest::newRow("1%") << 0.01 << false;
    QTest::newRow("1e-9") << 1e-9 << true;
    QTest::newRow("smallest double") << 5e-324 << true;
}

// A zone so small that a candidate could need more than kMostReplicates replicates ends the plan after
// its first stage with the smallest zone allowed, instead of a saturated "full grid".
void TestPlanner::vanishingZoneIsRefused()
{
    QFETCH(double, indifference);
    QFETCH(bool, refused);
    PlanSpec spec = teachingPlan();
    spec.indifference = indifference;
    LocalPlanRoundRunner runner(RunControl{2, {}, nullptr});
    try {
        const PlanResult result = runPlan(spec, runner);
        QVERIFY(!refused);
        for (const PlanPolicyResult& p : result.policies)
            QVERIFY(p.fullGridRuns <= p.candidates.size() * static_cast<std::size_t>(PlanSpec::kMostReplicates));
    } catch (const InputError& e) {
        QVERIFY2(refused, e.what());
        const QString message = QString::fromStdString(e.what());
        QVERIFY2(message.contains(QStringLiteral("is too small")), e.what());
        QVERIFY2(message.contains(QRegularExpression(QStringLiteral("allowed for this scenario: [0-9.e-]+ \\.\\. 0\\.5"))),
                 e.what());
    }
}

void TestPlanner::confidenceShowsItsDigits_data()
{
    QTest::addColumn<double>("confidence");
    QTest::addColumn<QString>("shown");
    QTest::newRow("0.95") << 0.95 << QStringLiteral("P(correct selection) >= 95%");
    QTest::newRow("0.999") << 0.999 << QStringLiteral("P(correct selection) >= 99.9%");
    QTest::newRow("0.9995") << 0.9995 << QStringLiteral("P(correct selection) >= 99.95%");
}

void TestPlanner::confidenceShowsItsDigits()
{
    QFETCH(double, confidence);
    QFETCH(QString, shown);
    PlanSpec spec = teachingPlan();
    spec.confidence = confidence;
    spec.indifference = 0.05;
    LocalPlanRoundRunner runner(RunControl{2, {}, nullptr});
    const QString report = QString::fromStdString(planReportMarkdown(runPlan(spec, runner), spec, "plan"));
    QVERIFY2(report.contains(shown), qPrintable(report));
    QVERIFY2(!report.contains(QStringLiteral("100%")), qPrintable(report));
}

void TestPlanner::planFileValuesAreStrict_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("message");
    QTest::newRow("float first stage") << "first_stage" << "10.7" << "first_stage: 10.7 is not allowed";
    QTest::newRow("huge first stage") << "first_stage" << "1e20" << "first_stage: 1e+20 is not allowed";
    QTest::newRow("text batch") << "batch" << "\"5\"" << "batch: \"5\" is not allowed";
    QTest::newRow("past int") << "max_replicates" << "4294967296" << "max_replicates: 4294967296 is not allowed";
    QTest::newRow("text confidence") << "confidence" << "\"high\"" << "confidence: \"high\" is not a number";
    QTest::newRow("negative cap") << "max_ttt_ratio" << "-1" << "max_ttt_ratio: -1 is out of range; allowed: 1 .. 1e6";
    QTest::newRow("policy number") << "policies" << "[1]" << "policies: 1 is not a policy";
    QTest::newRow("redundancies text") << "redundancies" << "\"2-4\"" << "redundancies: \"2-4\" is not a list";
}

void TestPlanner::planFileValuesAreStrict()
{
    QFETCH(QString, key);
    QFETCH(QString, value);
    QFETCH(QString, message);
    nlohmann::json doc = teachingPlan().toJson();
    doc[key.toStdString()] = nlohmann::json::parse(value.toStdString());
    try {
        PlanSpec::fromJson(doc, "plan.json");
        QFAIL("a malformed plan file was accepted");
    } catch (const InputError& e) {
        QVERIFY2(QString::fromStdString(e.what()).contains(message), e.what());
    }
}

QTEST_APPLESS_MAIN(TestPlanner)
#include "test_planner.moc"
