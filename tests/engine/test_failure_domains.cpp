#include "engine/output/CsvEventWriter.h"
#include "engine/sim/DomainFailureClocks.h"
#include "engine/sim/FailureCategories.h"
#include "engine/sim/FailureClocks.h"
#include "engine/sim/FailureTrace.h"
#include "engine/sim/HostPopulation.h"
#include "engine/sim/RecoveryPolicy.h"
#include "engine/sim/RunMetricsJson.h"
#include "engine/sim/ScenarioJson.h"
#include "engine/sim/ScenarioKeyTable.h"
#include "engine/sim/Simulator.h"
#include "engine/topology/ClusterPlacement.h"
#include "tests/support/EventCollector.h"

#include <nlohmann/json.hpp>

#include <QtTest/QtTest>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <set>

using namespace spare;

namespace {

// 64 groups; racks of 16 nodes x 8 GPUs = 128 GPUs. gpusPerGroup 128: one group per rack; 32: four.
nlohmann::json baseScenario(int gpusPerGroup)
{
    nlohmann::json doc = nlohmann::json::parse(R"({
        "name": "domains",
        "cluster": {"groups": 64, "redundancy": 4},
        "topology": {"gpus_per_node": 8, "nodes_per_rack": 16, "racks_per_pod": 4},
        "workload": {"steps": 300, "compute_s": 10.0, "allreduce_s": 1.0, "jitter_sd": 0.05},
        "failures": {"model": "exponential", "system_mtbf_s": 600.0},
        "restart": {"duration_s": 300.0},
        "checkpoint": {"interval_steps": 10, "write_s": 5.0}
    })");
    doc["cluster"]["gpus_per_group"] = gpusPerGroup;
    return doc;
}

Scenario scenarioOf(const nlohmann::json& doc) { return scenarioFromJson(doc, "test"); }

// A run's metrics JSON and every event as its CSV row: what "byte-identical" compares.
std::pair<std::string, std::vector<std::string>> runOutputs(const Simulator& simulator)
{
    EventCollector recorder;
    const RunMetrics metrics = simulator.run(&recorder);
    std::vector<std::string> rows;
    for (const Event& event : recorder.events)
        rows.push_back(CsvEventWriter::formatRow(event));
    return {runReportJson(simulator.scenario(), metrics).dump(), rows};
}

}  // namespace

class TestFailureDomains : public QObject {
    Q_OBJECT

private slots:
    // The lists survive saving: load -> save -> load is exact, with every key of an entry.
    void listsRoundTrip()
    {
        nlohmann::json doc = baseScenario(32);
        doc["failures"]["domains"] = nlohmann::json::parse(R"([{"level": "pod", "rate_per_1000_domain_days": 2.5},
            {"level": "node", "mtbf_s": 1e6, "shape": "weibull", "weibull_k": 0.7}])");
        doc["failures"]["categories"] = nlohmann::json::parse(R"([{"name": "a, b", "share": 2},
            {"name": "switch", "share": 0.5, "level": "rack"}])");
        const Scenario scenario = scenarioOf(doc);
        QCOMPARE(scenario.domainFailures.size(), std::size_t{2});
        QCOMPARE(scenario.domainFailures[0].domainMtbfS(), 86400.0 * 1000.0 / 2.5);
        QVERIFY(scenario.failureCategories[1].level == DomainLevel::Rack);
        QVERIFY(scenarioFromJsonText(scenarioToJsonText(scenario), "saved") == scenario);
        // Every key an entry is saved with is in the list-key table (and so in docs/scenario-format.md).
        const nlohmann::json saved = scenarioToJson(scenario);
        std::set<std::string> keys;
        for (const char* list : {"domains", "categories"})
            for (const auto& entry : saved["failures"][list])
                for (const auto& [key, value] : entry.items())
                    keys.insert(std::string("failures.") + list + "[]." + key);
        for (const std::string& key : keys)
            QVERIFY2(findScenarioListKey(key) != nullptr, key.c_str());
        // The other list (maintenance.at_s) holds plain numbers: one row.
        QCOMPARE(keys.size() + 1, scenarioListKeyTable().size());
    }

    // A domain process that never fires (rate 0) or practically never (MTBF 1e12 s) changes nothing,
    // for every policy: same metrics, same events, byte for byte.
    void neverFiringDomainsChangeNothing()
    {
        for (const char* policy : {"spare", "rep", "ckpt"}) {
            nlohmann::json plain = baseScenario(32);
            plain["run"]["policy"] = policy;
            const auto reference = runOutputs(Simulator(scenarioOf(plain)));
            nlohmann::json withoutTopology = plain;
            withoutTopology.erase("topology");
            QVERIFY(runOutputs(Simulator(scenarioOf(withoutTopology))) == reference);
            for (const char* process : {R"({"level": "rack", "rate_per_1000_domain_days": 0})",
                                        R"({"level": "pod", "mtbf_s": 1e12, "shape": "weibull"})"}) {
                nlohmann::json domains = plain;
                domains["failures"]["domains"] = nlohmann::json::array({nlohmann::json::parse(process)});
                QVERIFY2(runOutputs(Simulator(scenarioOf(domains))) == reference, process);
            }
        }
    }

    // With one group per rack, a rack process at the per-group rate is the per-group process: over 100
    // seeds the mean number of failures in a fixed time agrees within 4 standard errors.
    void oneGroupPerDomainIsPerGroupFailures()
    {
        nlohmann::json perGroup = baseScenario(128);
        perGroup["workload"]["steps"] = 100000;
        nlohmann::json perRack = perGroup;
        perRack["failures"]["categories"] = nlohmann::json::parse(R"([{"name": "rack", "share": 1, "level": "rack"}])");
        const auto stats = [](nlohmann::json doc) {
            double sum = 0.0, sumSq = 0.0;
            const int seeds = 100;
            SimulationLimits limits;
            limits.untilS = 200000.0;
            for (int seed = 1; seed <= seeds; ++seed) {
                doc["run"]["seed"] = seed;
                const auto failures = static_cast<double>(Simulator(scenarioOf(doc)).run(nullptr, limits).failures);
                sum += failures;
                sumSq += failures * failures;
            }
            const double mean = sum / seeds;
            return std::pair{mean, (sumSq / seeds - mean * mean) / (seeds - 1)};
        };
        const auto [groupMean, groupVarOfMean] = stats(perGroup);
        const auto [rackMean, rackVarOfMean] = stats(perRack);
        qInfo("failures in 200,000 s: per-group clocks %.1f, rack clocks %.1f", groupMean, rackMean);
        QVERIFY(groupMean > 100.0);
        QVERIFY(std::abs(groupMean - rackMean) < 4.0 * std::sqrt(groupVarOfMean + rackVarOfMean));
    }

    // A rack failure fails all four groups of the rack at one instant; SPARe takes them in one decision,
    // Rep restarts at once (a replica set is a rack's four groups), CKPT-only restarts; the three
    // policies see the first burst at the same time (common random numbers).
    void burstFailsTheRackAtOnceAndSpareDecidesOnce()
    {
        nlohmann::json doc = baseScenario(32);
        doc["failures"]["categories"] = nlohmann::json::parse(R"([{"name": "switch", "share": 1, "level": "rack"}])");
        const ClusterPlacement placement = ClusterPlacement::fromTopology(*scenarioOf(doc).topology, 64, 32);
        std::map<std::string, double> firstBurst;
        for (const char* policy : {"spare", "rep", "ckpt"}) {
            doc["run"]["policy"] = policy;
            EventCollector recorder;
            Simulator(scenarioOf(doc)).run(&recorder);
            const auto& events = recorder.events;
            const auto first = std::find_if(events.begin(), events.end(),
                                            [](const Event& e) { return e.kind == EventKind::Failure; });
            QVERIFY(first != events.end() && first->origin && first->origin->level == DomainLevel::Rack);
            QCOMPARE(first->origin->category, std::string("switch"));
            const auto rackGroups = placement.groupsIn(DomainLevel::Rack, first->origin->domain);
            QCOMPARE(rackGroups.size(), std::size_t{4});
            std::vector<int> burst;
            auto it = first;
            for (; it != events.end() && it->kind == EventKind::Failure; ++it) {
                QCOMPARE(it->time, first->time);
                QCOMPARE(it->origin.get(), first->origin.get());
                burst.push_back(it->group);
            }
            QVERIFY(std::equal(burst.begin(), burst.end(), rackGroups.begin(), rackGroups.end()));
            QVERIFY(it != events.end() && it->kind == EventKind::Detection && it->value == 4);
            const auto next = std::find_if(it, events.end(), [](const Event& e) {
                return e.kind == EventKind::Decision || e.kind == EventKind::RestartStart;
            });
            QVERIFY(next != events.end());
            if (std::string(policy) == "spare") {
                QCOMPARE(next->kind, EventKind::Decision);
                QVERIFY(next->decision->failedGroups == burst);
            } else {
                QCOMPARE(next->kind, EventKind::RestartStart);
                QCOMPARE(next->value, static_cast<int>(std::string(policy) == "rep" ? RestartCause::ReplicaSetLost
                                                                                    : RestartCause::AnyFailure));
            }
            firstBurst[policy] = first->time;
        }
        QCOMPARE(firstBurst["rep"], firstBurst["spare"]);
        QCOMPARE(firstBurst["ckpt"], firstBurst["spare"]);
    }

    // A trace of domain rows replays exactly like the same failures written per group.
    void domainTraceEqualsPerGroupTrace()
    {
        QTemporaryDir dir;
        nlohmann::json doc = baseScenario(32);
        doc["failures"]["model"] = "trace";
        const ClusterPlacement placement = ClusterPlacement::fromTopology(*scenarioOf(baseScenario(32)).topology, 64, 32);
        std::ofstream domains(dir.filePath(QStringLiteral("domains.csv")).toStdString());
        std::ofstream groups(dir.filePath(QStringLiteral("groups.csv")).toStdString());
        domains << "time_s,level,id\n";
        groups << "time_s,group\n";
        const std::vector<std::tuple<double, DomainLevel, int>> rows{
            {150.5, DomainLevel::Rack, 3}, {700.0, DomainLevel::Node, 17}, {1800.25, DomainLevel::Pod, 1},
            {2600.0, DomainLevel::Rack, 15}, {4000.0, DomainLevel::Rack, 3}};
        for (const auto& [time, level, id] : rows) {
            domains << time << "," << domainLevelName(level) << "," << id << "\n";
            for (const int g : placement.groupsIn(level, id))
                groups << time << "," << g << "\n";
        }
        domains.close();
        groups.close();
        for (const char* policy : {"spare", "rep", "ckpt"}) {
            doc["run"]["policy"] = policy;
            doc["failures"]["trace"] = dir.filePath(QStringLiteral("domains.csv")).toStdString();
            const auto fromDomains = runOutputs(Simulator(scenarioOf(doc)));
            doc["failures"]["trace"] = dir.filePath(QStringLiteral("groups.csv")).toStdString();
            const auto fromGroups = runOutputs(Simulator(scenarioOf(doc)));
            QVERIFY(fromDomains == fromGroups);
            QVERIFY(std::count_if(fromGroups.second.begin(), fromGroups.second.end(), [](const std::string& row) {
                        return row.find(",failure,") != std::string::npos;
                    }) >= 4);
        }
    }

    void domainTraceErrorsNameLineColumnAndRange()
    {
        const ClusterPlacement placement = ClusterPlacement::fromTopology(*scenarioOf(baseScenario(32)).topology, 64, 32);
        const auto problem = [&](const std::string& csv, const ClusterPlacement* where) {
            try {
                parseFailureTrace(csv, 64, "t.csv", where);
            } catch (const FailureTraceError& e) {
                return std::string(e.what());
            }
            return std::string();
        };
        QVERIFY(problem("time_s,level,id\n5,row,1\n", &placement)
                    .find("line 2: level \"row\" is not a known value; allowed: node | rack | pod") != std::string::npos);
        QVERIFY(problem("time_s,level,id\n5,rack,16\n", &placement)
                    .find("line 2: id \"16\" is out of range; allowed: integer 0 .. 15") != std::string::npos);
        QVERIFY(problem("time_s,level,id\n5,rack\n", &placement).find("line 2: expected 3 fields (time_s,level,id)") !=
                std::string::npos);
        QVERIFY(problem("time_s,level,id\n5,rack,1\n", nullptr).find("need the scenario's topology section") !=
                std::string::npos);
    }

    // The documented rate split: over 2e7 s the per-group clocks fire s_G T / m times and each domain-level
    // category s_c T / m times (firings counted with every clock renewed at its firing, so no run dynamics
    // interfere), within 4 Poisson standard errors.
    void categorySharesSplitTheRate()
    {
        nlohmann::json doc = baseScenario(32);
        doc["failures"]["categories"] = nlohmann::json::parse(R"([
            {"name": "GPU", "share": 60}, {"name": "host", "share": 20, "level": "node"},
            {"name": "switch", "share": 15, "level": "rack"}, {"name": "pod power", "share": 5, "level": "pod"}])");
        const Scenario scenario = scenarioOf(doc);
        const double horizonS = 2e7;
        const auto expectCount = [&](double count, double share) {
            const double expected = share * horizonS / scenario.systemMtbfS;
            qInfo("share %.2f: %.0f firings, expected %.0f", share, count, expected);
            QVERIFY(std::abs(count - expected) < 4.0 * std::sqrt(expected));
        };
        FailureClocks groupClocks(scenario);
        double groupFirings = 0;
        while (groupClocks.earliest() <= horizonS) {
            const auto firing = groupClocks.pop();
            groupClocks.renew(firing.group, firing.timeS);
            ++groupFirings;
        }
        expectCount(groupFirings, 0.60);
        auto placement = std::make_shared<const ClusterPlacement>(
            ClusterPlacement::fromTopology(*scenario.topology, scenario.groups, scenario.gpusPerGroup));
        DomainFailureClocks domains(scenario, placement, HostPopulation(scenario));
        std::map<std::string, double> byCategory;
        while (domains.earliest() <= horizonS)
            ++byCategory[domains.origin(domains.pop())->category];
        expectCount(byCategory["host"], 0.20);
        expectCount(byCategory["switch"], 0.15);
        expectCount(byCategory["pod power"], 0.05);
    }

    // gpu-level categories label the per-group clocks' failures in proportion to their shares (binomial
    // standard error), without moving any failure: metrics equal the run without categories.
    void gpuCategoriesLabelFailuresByShare()
    {
        nlohmann::json doc = baseScenario(32);
        doc["workload"]["steps"] = 30000;
        doc["run"]["policy"] = "rep";
        const auto plain = runOutputs(Simulator(scenarioOf(doc)));
        doc["failures"]["categories"] = nlohmann::json::parse(R"([{"name": "faulty GPU", "share": 3},
                                                                   {"name": "HBM3", "share": 1}])");
        EventCollector recorder;
        const Simulator simulator(scenarioOf(doc));
        const RunMetrics metrics = simulator.run(&recorder);
        QCOMPARE(runReportJson(simulator.scenario(), metrics).dump(), plain.first);
        double gpu = 0, hbm = 0;
        for (const Event& e : recorder.events) {
            if (e.kind != EventKind::Failure)
                continue;
            QVERIFY(e.origin && !e.origin->level);
            (e.origin->category == "faulty GPU" ? gpu : hbm) += 1;
        }
        const double n = gpu + hbm;
        qInfo("%.0f failures: %.0f faulty GPU, %.0f HBM3", n, gpu, hbm);
        QVERIFY(n > 500);
        QVERIFY(std::abs(gpu / n - 0.75) < 4.0 * std::sqrt(0.75 * 0.25 / n));
    }
};

QTEST_MAIN(TestFailureDomains)
#include "test_failure_domains.moc"
