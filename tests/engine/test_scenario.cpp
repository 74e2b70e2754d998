#include "engine/base/AtomicFile.h"
#include "engine/base/ProblemList.h"
#include "engine/base/ScenarioLimits.h"
#include "engine/sim/FailureTrace.h"
#include "engine/sim/ScenarioJson.h"
#include "engine/sim/ScenarioKeyTable.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <filesystem>
#include <limits>
#include <random>

using namespace spare;

namespace {

std::string scenariosDir() { return std::string(SPARE_SOURCE_DIR) + "/scenarios"; }

// The message of the ScenarioError thrown by parsing `text`, or "" when it parsed.
std::string parseError(const std::string& text)
{
    try {
        scenarioFromJsonText(text, "test.json");
    } catch (const ScenarioError& e) {
        return e.what();
    }
    return {};
}

Scenario randomValidScenario(std::mt19937_64& rng)
{
    auto uniformInt = [&rng](long long lo, long long hi) {
        return std::uniform_int_distribution<long long>(lo, hi)(rng);
    };
    auto uniformReal = [&rng](double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); };
    Scenario s;
    s.name = "random-" + std::to_string(uniformInt(0, 1'000'000)) + (uniformInt(0, 1) ? " \"q\" \\ \xc3\xa9" : "");
    s.description = uniformInt(0, 1) ? "" : "line one\nline two\t{json}";
    s.groups = static_cast<int>(uniformInt(ScenarioLimits::minGroups, uniformInt(0, 1) ? 2000 : ScenarioLimits::maxGroups));
    s.gpusPerGroup = static_cast<int>(uniformInt(1, ScenarioLimits::maxGpusPerGroup));
    s.redundancy = static_cast<int>(uniformInt(1, std::min(s.groups, ScenarioLimits::maxRedundancy)));
    const char* layouts[] = {"golomb", "consecutive", "/abs/layout.json"};
    s.layout = layouts[uniformInt(0, 2)];
    s.steps = static_cast<int>(uniformInt(1, ScenarioLimits::maxSteps));
    s.computeS = uniformReal(ScenarioLimits::minComputeS, ScenarioLimits::maxComputeS);
    s.allReduceS = uniformInt(0, 3) == 0 ? 0.0 : uniformReal(0, 100);
    s.failedAllReduceFactor = uniformReal(0, ScenarioLimits::maxFailedAllReduceFactor);
    s.shrinkS = uniformReal(0, 1);
    s.jitterSd = uniformReal(0, 1);
    s.jitterMin = uniformReal(0, 1);
    s.failureModel = static_cast<FailureModel>(uniformInt(0, 2));
    s.systemMtbfS = std::exp(uniformReal(-5, 25));
    s.weibullShape = uniformReal(ScenarioLimits::minWeibullShape, ScenarioLimits::maxWeibullShape);
    s.failureTrace = s.failureModel == FailureModel::Trace || uniformInt(0, 1) ? "/abs/trace.csv" : "";
    s.restartS = uniformReal(0, 1e5);
    s.restartRule = static_cast<RestartRule>(uniformInt(0, 1));
    if (uniformInt(0, 1))
        s.checkpointIntervalSteps = static_cast<int>(uniformInt(1, s.steps));
    s.checkpointWriteS = uniformReal(0, 100);
    s.writerOnlyWaits = uniformInt(0, 1) != 0;
    s.policy = static_cast<Policy>(uniformInt(0, 2));
    s.seed = rng();
    if (uniformInt(0, 1)) {
        RepairModel& r = s.repair.emplace();
        r.spareNodes = static_cast<int>(uniformInt(0, ScenarioLimits::maxSpareNodes));
        r.swapS = uniformInt(0, 3) == 0 ? std::numeric_limits<double>::infinity() : uniformReal(0, 1e4);
        r.repairDistribution = static_cast<RepairDistribution>(uniformInt(0, 2));
        r.repairMeanS = uniformReal(1e-3, 1e6);
        r.repairSigma = uniformReal(0, ScenarioLimits::maxRepairSigma);
        r.escalationShare = uniformReal(0, 1);
        r.escalationMeanS = uniformReal(1, 1e7);
        r.rejoin = static_cast<RejoinRule>(uniformInt(0, 1));
        r.stateTransferS = uniformReal(0, 1e3);
    }
    return s;
}

}  // namespace

class TestScenario : public QObject {
    Q_OBJECT

private slots:
    void defaultsAreValid()
    {
        QVERIFY(validateScenario(Scenario{}).empty());
        QCOMPARE(scenarioFromJsonText("{}", "empty.json"), Scenario{});
        QCOMPARE(scenarioFromJsonText(R"({"cluster":{},"run":{}})", "sections.json"), Scenario{});
    }

    void partialDocumentKeepsOtherDefaults()
    {
        const Scenario s = scenarioFromJsonText(
            R"({"cluster":{"groups":600,"redundancy":8},"checkpoint":{"interval_steps":23},"run":{"policy":"rep","seed":18446744073709551615}})",
            "partial.json");
        QCOMPARE(s.groups, 600);
        QCOMPARE(s.redundancy, 8);
        QCOMPARE(s.checkpointIntervalSteps, std::optional<int>(23));
        QCOMPARE(s.policy, Policy::Rep);
        QCOMPARE(s.seed, std::uint64_t(18446744073709551615ULL));
        QVERIFY(!s.repRedundancy.has_value());  // "auto"
        QCOMPARE(scenarioFromJsonText(R"({"run":{"rep_redundancy":3}})", "rep.json").repRedundancy, std::optional<int>(3));
        QCOMPARE(s.computeS, Scenario{}.computeS);
        QCOMPARE(s.layout, Scenario{}.layout);
    }

    void integralFloatsAreIntegers()
    {
        const Scenario s = scenarioFromJsonText(R"({"workload":{"steps":1e4},"run":{"seed":1e19}})", "f.json");
        QCOMPARE(s.steps, 10000);
        QCOMPARE(s.seed, std::uint64_t(10000000000000000000ULL));
    }

    void badDocuments_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("expected");  // substring of the message: key path and a word of the problem
        auto row = [](const char* tag, const char* json, const char* expected) {
            QTest::newRow(tag) << QString::fromUtf8(json) << QString::fromUtf8(expected);
        };
        row("syntax at end", R"({"cluster": )", "cluster: not valid JSON: [json.exception.parse_error.101]");
        row("syntax in section", R"({"cluster": {"groups": 12,, }})", "cluster.groups: not valid JSON");
        row("syntax in array", R"({"cluster": [1, 2, x]})", "cluster[2]: not valid JSON");
        row("root array", R"([1,2])", "(root): expected a JSON object");
        row("unknown top key", R"({"clusters":{}})", "clusters: unknown key");
        row("unknown nested key", R"({"cluster":{"grups":5}})", "cluster.grups: unknown key; known keys here: groups");
        row("section not object", R"({"workload":5})", "workload: expected an object");
        row("groups too small", R"({"cluster":{"groups":1,"redundancy":1}})", "cluster.groups: 1 is out of range; allowed: 2 .. 10,000,000");
        row("groups huge", R"({"cluster":{"groups":99999999999}})", "cluster.groups: 99999999999 is out of range");
        row("groups string", R"({"cluster":{"groups":"200"}})", "cluster.groups: expected an integer, got \"200\"");
        row("groups fraction", R"({"cluster":{"groups":200.5}})", "cluster.groups: 200.5 is not an integer");
        row("groups inf", R"({"cluster":{"groups":1e999}})", "cluster.groups: 1e999 is not a finite number");
        row("redundancy zero", R"({"cluster":{"redundancy":0}})", "cluster.redundancy: 0 is out of range; allowed: 1 .. min(cluster.groups, 64)");
        row("redundancy above groups", R"({"cluster":{"groups":5,"redundancy":6}})", "cluster.redundancy: 6 is out of range");
        row("redundancy above 64", R"({"cluster":{"groups":500,"redundancy":65}})", "cluster.redundancy: 65");
        row("gpus zero", R"({"cluster":{"gpus_per_group":0}})", "cluster.gpus_per_group: 0 is out of range");
        row("layout number", R"({"cluster":{"layout":3}})", "cluster.layout: expected a string");
        row("layout empty", R"({"cluster":{"layout":""}})", "cluster.layout: empty");
        row("steps zero", R"({"workload":{"steps":0}})", "workload.steps: 0 is out of range; allowed: 1 .. 10,000,000");
        row("compute zero", R"({"workload":{"compute_s":0}})", "workload.compute_s: 0 is out of range; allowed: 0.001 .. 1e6 s");
        row("compute inf", R"({"workload":{"compute_s":1e999}})", "workload.compute_s: 1e999 is not a finite number");
        row("allreduce negative", R"({"workload":{"allreduce_s":-1}})", "workload.allreduce_s: -1 is out of range");
        row("factor big", R"({"workload":{"failed_allreduce_factor":11}})", "workload.failed_allreduce_factor: 11 is out of range; allowed: 0 .. 10");
        row("shrink negative", R"({"workload":{"shrink_s":-0.1}})", "workload.shrink_s: -0.1");
        row("jitter sd big", R"({"workload":{"jitter_sd":1.5}})", "workload.jitter_sd: 1.5 is out of range");
        row("jitter min bool", R"({"workload":{"jitter_min":true}})", "workload.jitter_min: expected a number, got true");
        row("model unknown", R"({"failures":{"model":"poisson"}})", "failures.model: \"poisson\" is not a known value; allowed: weibull | exponential | trace");
        row("mtbf zero", R"({"failures":{"system_mtbf_s":0}})", "failures.system_mtbf_s: 0 is out of range");
        row("shape small", R"({"failures":{"weibull_shape":0.01}})", "failures.weibull_shape: 0.01 is out of range; allowed: 0.05 .. 20");
        row("trace missing", R"({"failures":{"model":"trace"}})", "failures.trace: missing");
        row("restart negative", R"({"restart":{"duration_s":-5}})", "restart.duration_s: -5");
        row("rule unknown", R"({"restart":{"rule":"extend"}})", "restart.rule: \"extend\" is not a known value; allowed: extend_on_failure | fixed");
        row("interval zero", R"({"checkpoint":{"interval_steps":0}})", "checkpoint.interval_steps: 0 is out of range");
        row("rep redundancy one", R"({"run":{"rep_redundancy":1}})", "run.rep_redundancy: 1 is out of range; allowed: 2 .. min(cluster.groups, 64), or \"auto\"");
        row("rep redundancy above groups", R"({"cluster":{"groups":4,"redundancy":2},"run":{"rep_redundancy":5}})", "run.rep_redundancy: 5 is out of range");
        row("rep redundancy word", R"({"run":{"rep_redundancy":"best"}})", "run.rep_redundancy: \"best\" is not a known value");
        row("interval above steps", R"({"workload":{"steps":10},"checkpoint":{"interval_steps":11}})", "checkpoint.interval_steps: 11 is out of range; allowed: 1 .. workload.steps");
        row("interval word", R"({"checkpoint":{"interval_steps":"often"}})", "checkpoint.interval_steps: \"often\" is not a known value");
        row("interval null", R"({"checkpoint":{"interval_steps":null}})", "checkpoint.interval_steps: expected an integer, got null");
        row("write negative", R"({"checkpoint":{"write_s":-59}})", "checkpoint.write_s: -59");
        row("writer flag string", R"({"checkpoint":{"writer_only_waits":"yes"}})", "checkpoint.writer_only_waits: expected true or false");
        row("policy unknown", R"({"run":{"policy":"SPARe"}})", "run.policy: \"SPARe\" is not a known value; allowed: spare | rep | ckpt");
        row("seed negative", R"({"run":{"seed":-1}})", "run.seed: -1 is out of range; allowed: 0 .. 2^64-1");
        row("seed fraction", R"({"run":{"seed":1.5}})", "run.seed: 1.5 is not an integer");
        row("seed too big", R"({"run":{"seed":1e20}})", "run.seed: 1e+20 is out of range");
        row("name array", R"({"name":[1]})", "name: expected a string, got an array");
        row("repair not object", R"({"repair":[]})", "repair: expected an object");
        row("repair unknown key", R"({"repair":{"spares":4}})", "repair.spares: unknown key; known keys here: spare_nodes, swap_s");
        row("spares negative", R"({"repair":{"spare_nodes":-1}})", "repair.spare_nodes: -1 is out of range; allowed: 0 .. 10,000,000 nodes");
        row("spares huge", R"({"repair":{"spare_nodes":10000001}})", "repair.spare_nodes: 10000001 is out of range; allowed: 0 .. 10,000,000");
        row("spares fraction", R"({"repair":{"spare_nodes":1.5}})", "repair.spare_nodes: 1.5 is not an integer");
        row("swap negative", R"({"repair":{"swap_s":-1}})", "repair.swap_s: -1 is out of range; allowed: 0 .. 1e9, or \"inf\" s");
        row("swap above max", R"({"repair":{"swap_s":2e9}})", "repair.swap_s: 2000000000 is out of range");
        row("swap word", R"({"repair":{"swap_s":"never"}})", "repair.swap_s: \"never\" is not a known value; allowed: 0 .. 1e9, or \"inf\"");
        row("swap overflow", R"({"repair":{"swap_s":1e999}})", "repair.swap_s: 1e999 is not a finite number");
        row("distribution unknown", R"({"repair":{"repair_distribution":"weibull"}})", "repair.repair_distribution: \"weibull\" is not a known value; allowed: exponential | lognormal | fixed");
        row("repair mean zero", R"({"repair":{"repair_mean_s":0}})", "repair.repair_mean_s: 0 is out of range; allowed: > 0 .. 1e9 s");
        row("repair mean huge", R"({"repair":{"repair_mean_s":1.5e9}})", "repair.repair_mean_s: 1500000000 is out of range");
        row("repair mean string", R"({"repair":{"repair_mean_s":"inf"}})", "repair.repair_mean_s: expected a number, got \"inf\"");
        row("sigma negative", R"({"repair":{"repair_sigma":-0.5}})", "repair.repair_sigma: -0.5 is out of range; allowed: 0 .. 5");
        row("sigma big", R"({"repair":{"repair_sigma":6}})", "repair.repair_sigma: 6 is out of range; allowed: 0 .. 5");
        row("escalation share above one", R"({"repair":{"escalation_share":1.2}})", "repair.escalation_share: 1.2 is out of range; allowed: 0 .. 1");
        row("escalation share negative", R"({"repair":{"escalation_share":-0.1}})", "repair.escalation_share: -0.1 is out of range");
        row("escalation mean zero", R"({"repair":{"escalation_mean_s":0}})", "repair.escalation_mean_s: 0 is out of range; allowed: > 0 .. 1e9 s");
        row("rejoin unknown", R"({"repair":{"rejoin":"always"}})", "repair.rejoin: \"always\" is not a known value; allowed: none | at_step");
        row("rejoin bool", R"({"repair":{"rejoin":true}})", "repair.rejoin: true is not a known value");
        row("state transfer negative", R"({"repair":{"state_transfer_s":-1}})", "repair.state_transfer_s: -1 is out of range; allowed: 0 .. 1e9 s");
        row("state transfer huge", R"({"repair":{"state_transfer_s":1e10}})", "repair.state_transfer_s: 10000000000 is out of range");
        row("start unknown", R"({"failures":{"start":"old"}})", "failures.start: \"old\" is not a known value; allowed: new | stationary");
        row("start number", R"({"failures":{"start":1}})", "failures.start: 1 is not a known value");
        row("rule serialised", R"({"restart":{"rule":"serialised"}})", "restart.rule: \"serialised\" is not a known value; allowed: extend_on_failure | fixed | serialized");
        row("detect negative", R"({"restart":{"detect_s":-1}})", "restart.detect_s: -1 is out of range; allowed: 0 .. 1e9 s");
        row("diagnose huge", R"({"restart":{"diagnose_s":2e9}})", "restart.diagnose_s: 2000000000 is out of range; allowed: 0 .. 1e9 s");
        row("queue string", R"({"restart":{"queue_s":"5m"}})", "restart.queue_s: expected a number, got \"5m\"");
        row("queue inf", R"({"restart":{"queue_s":1e999}})", "restart.queue_s: 1e999 is not a finite number");
        row("persist negative", R"({"checkpoint":{"persist_s":-2}})", "checkpoint.persist_s: -2 is out of range; allowed: 0 .. 1e9 s");
        row("semantics unknown", R"({"checkpoint":{"semantics":"authors"}})", "checkpoint.semantics: \"authors\" is not a known value; allowed: exact | paper");
        row("auto rule unknown", R"({"checkpoint":{"auto_rule":"daly"}})", "checkpoint.auto_rule: \"daly\" is not a known value; allowed: renewal | paper");
        row("maintenance not object", R"({"maintenance":7})", "maintenance: expected an object");
        row("maintenance unknown key", R"({"maintenance":{"every_h":7}})", "maintenance.every_h: unknown key; known keys here: every_s, duration_s");
        row("maintenance every zero", R"({"maintenance":{"every_s":0}})", "maintenance.every_s: 0 is out of range; allowed: > 0 .. 1e9 s");
        row("maintenance duration negative", R"({"maintenance":{"duration_s":-60}})", "maintenance.duration_s: -60 is out of range; allowed: 0 .. 1e9 s");
    }

    void badDocuments()
    {
        QFETCH(QString, json);
        QFETCH(QString, expected);
        const std::string message = parseError(json.toStdString());
        QVERIFY2(!message.empty(), "parsed, expected an error");
        QVERIFY2(message.find(expected.toStdString()) != std::string::npos, message.c_str());
        QVERIFY2(message.rfind("test.json: ", 0) == 0, message.c_str());
    }

    void everyProblemIsListed()
    {
        const std::string message = parseError(
            R"({"cluster":{"groups":1,"redundancy":"x"},"workload":{"steps":0,"bogus":1},"run":{"policy":"p"}})");
        for (const char* key : {"cluster.groups", "cluster.redundancy", "workload.steps", "workload.bogus", "run.policy"})
            QVERIFY2(message.find(std::string("test.json: ") + key + ":") != std::string::npos, message.c_str());
        // A key that failed to parse is not reported twice by validation.
        QCOMPARE(std::count(message.begin(), message.end(), '\n'), 4);
    }

    void duplicateKeysAreErrors()
    {
        const std::string message = parseError(
            R"({"cluster":{"groups":12,"redundancy":3,"groups":600},"run":{"seed":1},"run":{"seed":2}})");
        QVERIFY2(message.find("test.json: cluster.groups: the key appears more than once") != std::string::npos,
                 message.c_str());
        QVERIFY2(message.find("test.json: run: the key appears more than once") != std::string::npos, message.c_str());
    }

    void trailingNulAndGarbageAreRejected()
    {
        const std::string text = std::string(R"({"cluster":{"groups":12}})") + '\0' + "garbage{";
        QVERIFY2(parseError(text).find("test.json: (root): not valid JSON: a NUL byte at byte 25") != std::string::npos,
                 parseError(text).c_str());
        QVERIFY(parseError(R"({"cluster":{"groups":12}} x)").find("not valid JSON") != std::string::npos);
    }

    void manyProblemsAreCapped()
    {
        std::string text = "{";
        for (int i = 0; i < 1000; ++i)
            text += fmt::format("{}\"bogus{}\":1", i == 0 ? "" : ",", i);
        text += "}";
        const std::string message = parseError(text);
        QCOMPARE(std::count(message.begin(), message.end(), '\n'), 50);
        QVERIFY2(message.find("test.json: ... and 950 more problems") != std::string::npos, message.c_str());
        QVERIFY(message.size() < 50'000);
    }

    void utf8BomIsAccepted()
    {
        const Scenario s = scenarioFromJsonText("\xEF\xBB\xBF{\"cluster\":{\"groups\":12,\"redundancy\":3}}", "test.json");
        QCOMPARE(s.groups, 12);
    }

    void errorIsAnInputError()
    {
        QVERIFY_THROWS_EXCEPTION(InputError, scenarioFromJsonText("{\"cluster\":{\"groups\":0}}", "x"));
    }

    void roundTripRandomScenarios()
    {
        std::mt19937_64 rng(20260302);
        for (int i = 0; i < 500; ++i) {
            const Scenario original = randomValidScenario(rng);
            const auto issues = validateScenario(original);
            QVERIFY2(issues.empty(), issues.empty() ? "" : issues.front().problem.c_str());
            const std::string text = scenarioToJsonText(original);
            const Scenario parsed = scenarioFromJsonText(text, "roundtrip.json");
            QVERIFY2(parsed == original, text.c_str());
            QCOMPARE(scenarioToJsonText(parsed), text);
            QCOMPARE(scenarioFromJson(scenarioToJson(original), "object"), original);
        }
    }

    // Absent: the paper's model (nullopt). Present, even empty: engaged, missing keys at their defaults.
    void repairSectionDefaults()
    {
        QVERIFY(!scenarioFromJsonText("{}", "t.json").repair);
        QCOMPARE(scenarioFromJsonText(R"({"repair":{}})", "t.json").repair, std::optional<RepairModel>(RepairModel{}));
        const Scenario s = scenarioFromJsonText(
            R"({"repair":{"spare_nodes":0,"swap_s":"inf","repair_distribution":"fixed","rejoin":"at_step"}})", "t.json");
        RepairModel expected;
        expected.spareNodes = 0;
        expected.swapS = std::numeric_limits<double>::infinity();
        expected.repairDistribution = RepairDistribution::Fixed;
        expected.rejoin = RejoinRule::AtStep;
        QCOMPARE(s.repair, std::optional<RepairModel>(expected));
        // A document built in memory may hold +infinity itself (the editor's "inf" field).
        nlohmann::json doc;
        doc["repair"]["swap_s"] = std::numeric_limits<double>::infinity();
        QCOMPARE(scenarioFromJson(doc, "object").repair->swapS, std::numeric_limits<double>::infinity());
        doc["repair"]["swap_s"] = -std::numeric_limits<double>::infinity();
        QVERIFY_THROWS_EXCEPTION(ScenarioError, scenarioFromJson(doc, "object"));
    }

    // The repair section goes with every policy and failure model, the trace included.
    void repairGoesWithEveryPolicyAndModel()
    {
        for (Policy policy : {Policy::Spare, Policy::Rep, Policy::Ckpt})
            for (FailureModel model : {FailureModel::Weibull, FailureModel::Exponential, FailureModel::Trace}) {
                Scenario s;
                s.policy = policy;
                s.failureModel = model;
                s.failureTrace = "/abs/trace.csv";
                s.repair = RepairModel{};
                const auto issues = validateScenario(s);
                QVERIFY2(issues.empty(), issues.empty() ? "" : issues.front().problem.c_str());
            }
    }

    // Without a repair section the text has none (scenarios written before it read and write back the
    // same); with one, "inf" survives the round trip.
    void repairRoundTrip()
    {
        for (const char* file : {"paper-n600.json", "llama3-16k-categories.json"}) {
            const std::string path = scenariosDir() + "/" + file;
            const Scenario s = loadScenarioFile(path);
            QVERIFY(!s.repair);
            QVERIFY(scenarioToJsonText(s).find("repair") == std::string::npos);
        }
        Scenario s;
        s.repair = RepairModel{};
        s.repair->swapS = std::numeric_limits<double>::infinity();
        const std::string text = scenarioToJsonText(s);
        QVERIFY2(text.find("\"swap_s\": \"inf\"") != std::string::npos, text.c_str());
        QCOMPARE(scenarioFromJsonText(text, "t.json"), s);
        QCOMPARE(scenarioFromJson(scenarioToJson(s), "object"), s);
        QCOMPARE(scenarioToJsonText(scenarioFromJsonText(text, "t.json")), text);
    }

    // Every key, the optional sections included.
    static Scenario scenarioWithEverySection()
    {
        Scenario s;
        s.topology = Topology{};
        s.repair = RepairModel{};
        s.hosts = HostHeterogeneity{};
        s.elastic = ElasticSettings{};
        s.rebalance = RebalanceSettings{};
        s.memoryCheckpoint = MemoryCheckpoint{};
        s.progress = ProgressModel{};
        s.maintenance = MaintenanceSchedule{};
        return s;
    }

    void textHasStableKeyOrder()
    {
        const std::string text = scenarioToJsonText(scenarioWithEverySection());
        std::size_t last = 0;
        for (const ScenarioKeyInfo& row : scenarioKeyTable()) {
            const std::string_view key = row.key;
            const auto dot = key.find('.');
            const std::string leaf = fmt::format("\"{}\":", dot == std::string_view::npos ? key : key.substr(dot + 1));
            const std::size_t at = text.find(leaf, last);
            QVERIFY2(at != std::string::npos, row.key);
            last = at;
        }
        QVERIFY(text.find("\n  \"cluster\": {\n    \"groups\": 200,") != std::string::npos);
    }

    void keyTableCoversTheJson()
    {
        const nlohmann::json doc = scenarioToJson(scenarioWithEverySection());
        std::size_t leaves = 0;
        for (const auto& [key, value] : doc.items()) {
            if (value.is_object()) {
                for (const auto& [leaf, unused] : value.items()) {
                    QVERIFY2(findScenarioKey(key + "." + leaf) != nullptr, (key + "." + leaf).c_str());
                    ++leaves;
                }
            } else {
                QVERIFY2(findScenarioKey(key) != nullptr, key.c_str());
                ++leaves;
            }
        }
        QCOMPARE(leaves, scenarioKeyTable().size());
        // The documented defaults are Scenario's member initialisers.
        for (const ScenarioKeyInfo& row : scenarioKeyTable()) {
            std::string pointer = "/" + std::string(row.key);
            std::replace(pointer.begin(), pointer.end(), '.', '/');
            QVERIFY2(doc.at(nlohmann::json::json_pointer(pointer)) == nlohmann::json::parse(row.defaultText), row.key);
        }
        const std::string markdown = scenarioKeyTableMarkdown();
        QVERIFY(markdown.find("| `cluster.groups` |") != std::string::npos);
        QCOMPARE(std::count(markdown.begin(), markdown.end(), '\n'), static_cast<long>(scenarioKeyTable().size() + 2));
    }

    void tableBoundsMatchValidation()
    {
        // Every numeric row's bounds are exactly where validateScenario starts and stops complaining.
        for (const ScenarioKeyInfo& row : scenarioKeyTable()) {
            if (row.kind != ScenarioValueKind::Number)
                continue;
            nlohmann::json doc;
            const std::string key = row.key;
            const std::string section = key.substr(0, key.find('.')), leaf = key.substr(key.find('.') + 1);
            doc[section][leaf] = row.minExclusive ? std::nextafter(row.min, 1e300) : row.min;
            scenarioFromJson(doc, "t");
            doc[section][leaf] = row.max;
            scenarioFromJson(doc, "t");
            doc[section][leaf] = row.minExclusive ? row.min : std::nextafter(row.min, -1e300);
            QVERIFY_THROWS_EXCEPTION(ScenarioError, scenarioFromJson(doc, "t"));
            doc[section][leaf] = std::nextafter(row.max, 1e300);
            QVERIFY_THROWS_EXCEPTION(ScenarioError, scenarioFromJson(doc, "t"));
        }
    }

    void enumNamesRoundTrip()
    {
        for (Policy p : {Policy::Spare, Policy::Rep, Policy::Ckpt})
            QCOMPARE(parsePolicy(policyName(p)), std::optional<Policy>(p));
        for (FailureModel m : {FailureModel::Weibull, FailureModel::Exponential, FailureModel::Trace})
            QCOMPARE(parseFailureModel(failureModelName(m)), std::optional<FailureModel>(m));
        for (RestartRule r : {RestartRule::ExtendOnFailure, RestartRule::Fixed})
            QCOMPARE(parseRestartRule(restartRuleName(r)), std::optional<RestartRule>(r));
        for (RejoinRule r : {RejoinRule::None, RejoinRule::AtStep})
            QCOMPARE(parseRejoinRule(rejoinRuleName(r)), std::optional<RejoinRule>(r));
        for (RepairDistribution d : {RepairDistribution::Exponential, RepairDistribution::Lognormal,
                                     RepairDistribution::Fixed})
            QCOMPARE(parseRepairDistribution(repairDistributionName(d)), std::optional<RepairDistribution>(d));
        QCOMPARE(std::string(rejoinRuleNames()), std::string("none | at_step"));
        QCOMPARE(std::string(repairDistributionNames()), std::string("exponential | lognormal | fixed"));
        QVERIFY(!parseRejoinRule("At_step"));
        QVERIFY(!parsePolicy("Spare"));
        QCOMPARE(std::string(policyDisplayName(Policy::Ckpt)), std::string("CKPT-only"));
    }

    void relativePathsResolveAgainstTheFile()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::filesystem::path root = dir.path().toStdString();
        std::filesystem::create_directories(root / "sub");
        const std::string file = (root / "sub" / "s.json").string();
        writeFileAtomically(file, R"({"cluster":{"layout":"../layouts/l.json"},"failures":{"model":"trace","trace":"t.csv"}})");
        const Scenario s = loadScenarioFile(file);
        QCOMPARE(s.layout, (root / "layouts" / "l.json").string());
        QCOMPARE(s.failureTrace, (root / "sub" / "t.csv").string());

        writeFileAtomically(file, R"({"cluster":{"layout":"consecutive"},"failures":{"trace":"/abs/t.csv"}})");
        const Scenario builtIn = loadScenarioFile(file);
        QCOMPARE(builtIn.layout, std::string("consecutive"));
        QCOMPARE(builtIn.failureTrace, std::string("/abs/t.csv"));
    }

    void missingFileNamesThePath()
    {
        try {
            loadScenarioFile("/nonexistent/dir/s.json");
            QFAIL("no error");
        } catch (const ScenarioError& e) {
            QVERIFY(std::string(e.what()).find("/nonexistent/dir/s.json: cannot open") != std::string::npos);
        }
    }

    void shippedScenariosLoad()
    {
        int count = 0;
        for (const auto& entry : std::filesystem::directory_iterator(scenariosDir())) {
            if (entry.path().extension() != ".json")
                continue;
            const Scenario s = loadScenarioFile(entry.path().string());
            QVERIFY2(validateScenario(s).empty(), entry.path().c_str());
            QVERIFY2(!s.description.empty(), entry.path().c_str());
            QCOMPARE(s.name, entry.path().stem().string());
            if (s.failureModel == FailureModel::Trace)
                QVERIFY(!loadFailureTrace(s.failureTrace, s.groups).empty());
            ++count;
        }
        QVERIFY(count >= 9);
        const Scenario n600 = loadScenarioFile(scenariosDir() + "/paper-n600.json");
        QCOMPARE(n600.groups * n600.gpusPerGroup, 600000);
        QCOMPARE(n600.redundancy, 8);
        QCOMPARE(n600.allReduceS, 6.0);
        QVERIFY(!n600.checkpointIntervalSteps);
    }

    void failureTraceParses()
    {
        const auto failures = parseFailureTrace(
            "# recorded failures\r\ntime_s,group\r\n30.5,2\r\n\r\n10,1\n\"10\",0\n# late\n1e3, 3 \n", 4, "t.csv");
        QCOMPARE(failures.size(), std::size_t(4));
        QCOMPARE(failures[0].timeS, 10.0);
        QCOMPARE(failures[0].group, 1);  // stable: file order for equal times
        QCOMPARE(failures[1].group, 0);
        QCOMPARE(failures[2].timeS, 30.5);
        QCOMPARE(failures[3].timeS, 1000.0);
        QVERIFY(parseFailureTrace("time_s,group\n", 4, "t.csv").empty());
    }

    void failureTraceErrors_data()
    {
        QTest::addColumn<QString>("csv");
        QTest::addColumn<QString>("expected");
        auto row = [](const char* tag, const char* csv, const char* expected) {
            QTest::newRow(tag) << QString::fromUtf8(csv) << QString::fromUtf8(expected);
        };
        row("empty", "", "t.csv: line 1: expected the header \"time_s,group\"");
        row("wrong header", "time,group\n1,0\n", "line 1: expected the header");
        row("negative time", "time_s,group\n-1,0\n", "t.csv: line 2: time_s \"-1\" is not allowed; expected a finite number >= 0");
        row("comma decimal", "time_s,group\n\"1,5\",0\n", "line 2: time_s \"1,5\"");
        row("inf time", "time_s,group\n1e999,0\n", "line 2: time_s \"1e999\"");
        row("nan time", "time_s,group\nnan,0\n", "line 2: time_s \"nan\"");
        row("group range", "time_s,group\n# c\n5,4\n", "line 3: group \"4\" is out of range; allowed: integer 0 .. 3");
        row("group negative", "time_s,group\n5,-1\n", "line 2: group \"-1\"");
        row("group text", "time_s,group\n5,two\n", "line 2: group \"two\" is not an integer");
        row("group fraction", "time_s,group\n5,1.0\n", "line 2: group \"1.0\" is not an integer; allowed: integer 0 .. 3");
        row("group huge", "time_s,group\n5,99999999999\n", "line 2: group \"99999999999\" is out of range");
        row("field count", "time_s,group\n5,1,2\n", "line 2: expected 2 fields (time_s,group), got 3");
        row("unterminated", "time_s,group\n\"5,1\n", "line 2: unterminated quoted field");
    }

    void failureTraceErrors()
    {
        QFETCH(QString, csv);
        QFETCH(QString, expected);
        try {
            parseFailureTrace(csv.toStdString(), 4, "t.csv");
            QFAIL("parsed, expected an error");
        } catch (const FailureTraceError& e) {
            QVERIFY2(std::string(e.what()).find(expected.toStdString()) != std::string::npos, e.what());
        }
    }

    void failureTraceNulByteIsShownNotCut()
    {
        try {
            parseFailureTrace(std::string("time_s,group\n5,1\0x\n", 19), 4, "t.csv");
            QFAIL("parsed");
        } catch (const FailureTraceError& e) {
            QVERIFY2(std::string(e.what()).find("group \"1\\x00x\" is not an integer; allowed: integer 0 .. 3") !=
                         std::string::npos,
                     e.what());
        }
    }

    void failureTraceAcceptsUtf8Bom()
    {
        const auto failures = parseFailureTrace("\xEF\xBB\xBFtime_s,group\n5,1\n", 4, "t.csv");
        QCOMPARE(failures.size(), std::size_t{1});
        QCOMPARE(failures[0].group, 1);
    }

    void failureTraceListsManyProblemsBriefly()
    {
        std::string csv = "time_s,group\n";
        for (int i = 0; i < 100; ++i)
            csv += "-1,0\n";
        try {
            parseFailureTrace(csv, 4, "t.csv");
            QFAIL("parsed");
        } catch (const FailureTraceError& e) {
            const std::string message = e.what();
            QVERIFY(message.find("line 51:") != std::string::npos);
            QVERIFY(message.find("line 52:") == std::string::npos);
            QVERIFY(message.find("... and 50 more problems") != std::string::npos);
        }
    }

    void inputErrorsCarryTheirIssues()
    {
        try {
            scenarioFromJsonText(R"({"cluster":{"groups":1,"redundancy":0}})", "s.json", "");
            QFAIL("parsed");
        } catch (const ScenarioError& e) {
            QVERIFY(e.issues().size() >= 2);
            std::vector<std::string> lines;
            for (const InputIssue& issue : e.issues()) {
                QCOMPARE(issue.origin, std::string("s.json"));
                QVERIFY(!issue.keyPath.empty());
                QVERIFY(!issue.problem.empty());
                lines.push_back(issueLine(issue));
            }
            QVERIFY(std::any_of(e.issues().begin(), e.issues().end(),
                                [](const InputIssue& issue) { return issue.keyPath == "cluster.groups"; }));
            QCOMPARE(std::string(e.what()), fmt::format("{}", fmt::join(lines, "\n")));
        }
        std::string csv = "time_s,group\n";
        for (int i = 0; i < 100; ++i)
            csv += "-1,0\n";
        try {
            parseFailureTrace(csv, 4, "t.csv");
            QFAIL("parsed");
        } catch (const InputError& e) {
            QCOMPARE(e.issues().size(), std::size_t{100});  // what() lists 50 of them
            QCOMPARE(e.issues().front().origin, std::string("t.csv"));
        }
        const InputError single("--seed: '-1' is out of range");
        QCOMPARE(single.issues().size(), std::size_t{1});
        QCOMPARE(single.issues().front().problem, std::string(single.what()));
    }

    // Each reader's issues carry the key path and the value found there, not only a message.
    void issuesCarryKeyPathAndValue_data()
    {
        QTest::addColumn<QByteArray>("kind");
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QByteArrayList>("expected");  // "origin|key|value" per issue, in order
        QTest::newRow("out of range") << QByteArray("scenario") << QByteArray(R"({"cluster":{"gpus_per_group":0}})")
                                      << QByteArrayList{"s.json|cluster.gpus_per_group|0"};
        QTest::newRow("three bad keys") << QByteArray("scenario")
                                        << QByteArray(R"({"cluster":{"gpus_per_group":0},"workload":{"compute_s":0},"run":{"seed":-1}})")
                                        << QByteArrayList{"s.json|run.seed|-1", "s.json|cluster.gpus_per_group|0",
                                                       "s.json|workload.compute_s|0"};
        QTest::newRow("wrong type") << QByteArray("scenario") << QByteArray(R"({"workload":{"steps":"many"}})")
                                    << QByteArrayList{"s.json|workload.steps|\"many\""};
        QTest::newRow("unknown choice") << QByteArray("scenario") << QByteArray(R"({"run":{"policy":"fast"}})")
                                        << QByteArrayList{"s.json|run.policy|\"fast\""};
        QTest::newRow("unknown key") << QByteArray("scenario") << QByteArray(R"({"cluster":{"gropus":12}})")
                                     << QByteArrayList{"s.json|cluster.gropus|12"};
        QTest::newRow("list entry") << QByteArray("scenario")
                                    << QByteArray(R"({"topology":{},"failures":{"domains":[{"level":"rack","mtbf_s":-5}]}})")
                                    << QByteArrayList{"s.json|failures.domains[0].mtbf_s|-5"};
        QTest::newRow("trace time") << QByteArray("trace") << QByteArray("time_s,group\n-1,0\n")
                                    << QByteArrayList{"t.csv|line 2|\"-1\""};
        QTest::newRow("trace group") << QByteArray("trace") << QByteArray("time_s,group\n5,9\n1,x\n")
                                     << QByteArrayList{"t.csv|line 2|\"9\"", "t.csv|line 3|\"x\""};
        QTest::newRow("trace header") << QByteArray("trace") << QByteArray("when,who\n") << QByteArrayList{"t.csv|line 1|"};
    }
    void issuesCarryKeyPathAndValue()
    {
        QFETCH(QByteArray, kind);
        QFETCH(QByteArray, text);
        QFETCH(QByteArrayList, expected);
        try {
            if (kind == "scenario")
                scenarioFromJsonText(text.toStdString(), "s.json", "");
            else
                parseFailureTrace(text.toStdString(), 4, "t.csv");
            QFAIL("parsed");
        } catch (const InputError& e) {
            QByteArrayList got;
            for (const InputIssue& issue : e.issues())
                got << QByteArray::fromStdString(issue.origin + "|" + issue.keyPath + "|" + issue.value);
            QCOMPARE(got, expected);
        }
    }
};

QTEST_APPLESS_MAIN(TestScenario)
#include "test_scenario.moc"
