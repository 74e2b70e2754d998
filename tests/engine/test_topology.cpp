#include "engine/base/InputError.h"
#include "engine/layout/GolombRulers.h"
#include "engine/layout/Layout.h"
#include "engine/layout/LayoutDomainReport.h"
#include "engine/sim/ScenarioJson.h"
#include "engine/sim/ScenarioLayout.h"
#include "engine/sim/TopologyFile.h"
#include "engine/topology/ClusterPlacement.h"

#include "tests/support/SanitizerShare.h"

#include <QtTest/QtTest>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

using namespace spare;

namespace {

// The nodes of every group, computed GPU by GPU from the documented rules (not from ClusterPlacement).
std::vector<std::set<int>> expectedGroupNodes(int groups, int gpusPerGroup, const Topology& t)
{
    std::vector<long long> slotOfGroup;
    if (t.placement == "contiguous") {
        for (int g = 0; g < groups; ++g)
            slotOfGroup.push_back(g);
    } else {
        // Striped, restated: slots sorted by (index within their rack, rack).
        const long long gpusPerRack = static_cast<long long>(t.gpusPerNode) * t.nodesPerRack;
        std::map<long long, int> seenInRack;
        std::vector<std::tuple<int, long long, long long>> keyed;
        for (long long s = 0; s < groups; ++s) {
            const long long rack = s * gpusPerGroup / gpusPerRack;
            keyed.emplace_back(seenInRack[rack]++, rack, s);
        }
        std::sort(keyed.begin(), keyed.end());
        for (const auto& [index, rack, slot] : keyed)
            slotOfGroup.push_back(slot);
    }
    std::vector<std::set<int>> nodes;
    for (long long slot : slotOfGroup) {
        std::set<int> n;
        for (long long gpu = slot * gpusPerGroup; gpu < (slot + 1) * gpusPerGroup; ++gpu)
            n.insert(static_cast<int>(gpu / t.gpusPerNode));
        nodes.push_back(std::move(n));
    }
    return nodes;
}

int expectedDomain(int node, const Topology& t, DomainLevel level)
{
    switch (level) {
    case DomainLevel::Node: return node;
    case DomainLevel::Rack: return node / t.nodesPerRack;
    case DomainLevel::Pod: return node / (t.nodesPerRack * t.racksPerPod);
    }
    return -1;
}

// Domain -> groups with a node in it, from the expected node sets.
std::map<int, std::set<int>> expectedDomainGroups(const std::vector<std::set<int>>& groupNodes, const Topology& t,
                                                  DomainLevel level)
{
    std::map<int, std::set<int>> out;
    for (std::size_t g = 0; g < groupNodes.size(); ++g)
        for (int n : groupNodes[g])
            out[expectedDomain(n, t, level)].insert(static_cast<int>(g));
    return out;
}

// The domain report recounted by brute force: fail each domain, count each type's surviving holders.
void checkReportByRecount(const Layout& layout, const std::map<int, std::set<int>>& domainGroups,
                          const LayoutDomainReport& report)
{
    const int n = layout.groups();
    const int r = layout.redundancy();
    std::vector<std::vector<int>> holders(static_cast<std::size_t>(n));
    for (int g = 0; g < n; ++g)
        for (int t : layout.stack(g))
            holders[static_cast<std::size_t>(t)].push_back(g);
    std::vector<int> worstPerType(static_cast<std::size_t>(n), 0);
    std::vector<int> domainsPerType(static_cast<std::size_t>(n), 0);
    int worstTypesLost = 0;
    int worstHolders = 0;
    for (const auto& [domain, failed] : domainGroups) {
        int lost = 0;
        for (int t = 0; t < n; ++t) {
            int down = 0;
            for (int h : holders[static_cast<std::size_t>(t)])
                down += failed.count(h) > 0;
            worstPerType[static_cast<std::size_t>(t)] = std::max(worstPerType[static_cast<std::size_t>(t)], down);
            domainsPerType[static_cast<std::size_t>(t)] += down > 0;
            lost += down == r;
            worstHolders = std::max(worstHolders, down);
        }
        worstTypesLost = std::max(worstTypesLost, lost);
    }
    QCOMPARE(report.domains, static_cast<int>(domainGroups.size()));
    QCOMPARE(report.worstTypesLost, worstTypesLost);
    QCOMPARE(report.worstHoldersLost, worstHolders);
    QCOMPARE(report.maxHoldersInDomain, worstPerType);
    QCOMPARE(report.holderDomains, domainsPerType);
    std::vector<long long> histogram(static_cast<std::size_t>(r) + 1, 0);
    for (int k : worstPerType)
        ++histogram[static_cast<std::size_t>(k)];
    QCOMPARE(report.typesByMaxHoldersInDomain, histogram);
    if (report.worstTypesLostDomain >= 0) {
        const auto& failed = domainGroups.at(report.worstTypesLostDomain);
        int lost = 0;
        for (int t = 0; t < n; ++t)
            lost += std::all_of(holders[static_cast<std::size_t>(t)].begin(), holders[static_cast<std::size_t>(t)].end(),
                                [&](int h) { return failed.count(h) > 0; });
        QCOMPARE(lost, worstTypesLost);
    }
}

// nodeOfGpu walks the group's nodes in order, and firstGpuOnNode is where each one starts.
void checkGpuColumns(const ClusterPlacement& placed, int group, int gpusPerGroup)
{
    const auto nodes = placed.nodesOf(group);
    std::size_t k = 0;
    for (int gpu = 0; gpu < gpusPerGroup; ++gpu) {
        if (placed.nodeOfGpu(group, gpu) != nodes[k]) {
            ++k;
            QCOMPARE(placed.firstGpuOnNode(group, k), gpu);
        }
        QCOMPARE(placed.nodeOfGpu(group, gpu), nodes[k]);
    }
    QCOMPARE(k + 1, nodes.size());
    QCOMPARE(placed.firstGpuOnNode(group, 0), 0);
}

int bruteForceMaxOverlap(const Layout& layout)
{
    int worst = 0;
    for (int a = 0; a < layout.groups(); ++a)
        for (int b = a + 1; b < layout.groups(); ++b) {
            int shared = 0;
            for (int t : layout.stack(a))
                shared += std::find(layout.stack(b).begin(), layout.stack(b).end(), t) != layout.stack(b).end();
            worst = std::max(worst, shared);
        }
    return worst;
}

std::string writeFile(const std::string& name, const std::string& text)
{
    const auto path = std::filesystem::temp_directory_path() / fmt::format("spare-topology-{}-{}", ::getpid(), name);
    std::ofstream(path) << text;
    return path.string();
}

}  // namespace

class TestTopology : public QObject {
    Q_OBJECT

private slots:
    void placementMatchesGpuByGpuRecount()
    {
        for (const char* placement : {"contiguous", "striped"})
            for (int gpusPerNode : {1, 3, 8})
                for (int gpusPerGroup : {1, 2, 5, 8, 24})
                    for (int nodesPerRack : {1, 2, 7})
                        for (int groups : {2, 3, 17, 40}) {
                            const Topology t{gpusPerNode, nodesPerRack, 2, placement, DomainLevel::Rack};
                            const auto placed = ClusterPlacement::fromTopology(t, groups, gpusPerGroup);
                            const auto expected = expectedGroupNodes(groups, gpusPerGroup, t);
                            QCOMPARE(placed.groups(), groups);
                            for (int g = 0; g < groups; ++g) {
                                const auto nodes = placed.nodesOf(g);
                                QCOMPARE(std::set<int>(nodes.begin(), nodes.end()), expected[static_cast<std::size_t>(g)]);
                                checkGpuColumns(placed, g, gpusPerGroup);
                            }
                            for (DomainLevel level : {DomainLevel::Node, DomainLevel::Rack, DomainLevel::Pod}) {
                                const auto domains = expectedDomainGroups(expected, t, level);
                                for (int d = 0; d < placed.domainCount(level); ++d) {
                                    const auto in = placed.groupsIn(level, d);
                                    const auto it = domains.find(d);
                                    QCOMPARE(std::set<int>(in.begin(), in.end()),
                                             it == domains.end() ? std::set<int>() : it->second);
                                }
                                for (int g = 0; g < groups; ++g)
                                    for (int d : placed.domainsOf(g, level))
                                        QVERIFY(domains.at(d).count(g) == 1);
                            }
                        }
    }

    void stripedPutsConsecutiveGroupsInConsecutiveRacks()
    {
        // 8 GPUs per group, 8 per node, 4 nodes per rack: 4 groups per rack, 10 racks.
        const Topology t{8, 4, 4, "striped", DomainLevel::Rack};
        const auto placed = ClusterPlacement::fromTopology(t, 40, 8);
        for (int g = 0; g < 40; ++g)
            QCOMPARE(placed.domainsOf(g, DomainLevel::Rack).front(), g % 10);
    }

    // The property golomb-domain promises, and the report's figures against a recount, over many shapes.
    void golombDomainSeparatesWheneverPossible()
    {
        int separatedLayouts = 0;
        int independentSeparated = 0;
        int possibleLayouts = 0;
        int layouts = 0;
        std::vector<int> sizes;
        for (int n = 2; n <= 30; n += kUnderSanitizer ? 4 : 1)
            sizes.push_back(n);
        for (int n : {48, 64, 97})
            if (!kUnderSanitizer || n == 48)
                sizes.push_back(n);
        for (int n : sizes)
            for (int r = 1; r <= std::min(n, 7); ++r)
                for (const char* placement : {"contiguous", "striped"})
                    for (int gpusPerNode : {1, 8})
                        for (int gpusPerGroup : {1, 3, 16})
                            for (int nodesPerRack : {1, 3})
                                for (DomainLevel level : {DomainLevel::Node, DomainLevel::Rack, DomainLevel::Pod}) {
                                    const Topology t{gpusPerNode, nodesPerRack, 2, placement, level};
                                    const auto placed = ClusterPlacement::fromTopology(t, n, gpusPerGroup);
                                    const auto domains =
                                        expectedDomainGroups(expectedGroupNodes(n, gpusPerGroup, t), t, level);
                                    std::size_t largest = 0;
                                    bool straddles = false;
                                    for (const auto& [d, groups] : domains)
                                        largest = std::max(largest, groups.size());
                                    for (int g = 0; g < n; ++g)
                                        straddles |= placed.domainsOf(g, level).size() > 1;
                                    const bool possible = static_cast<int>(domains.size()) >= r &&
                                                          static_cast<long long>(largest) * r <= n;
                                    const Layout layout = Layout::golombDomain(placed, r);
                                    const auto report = layoutDomainReport(layout, placed, level);
                                    const std::string where =
                                        fmt::format("N {} r {} {} G {} M {} R {} {}: {}", n, r, placement, gpusPerNode,
                                                    gpusPerGroup, nodesPerRack, domainLevelName(level), layout.note());
                                    checkReportByRecount(layout, domains, report);
                                    ++layouts;
                                    // Without straddling groups, separation is reached exactly when possible.
                                    if (!straddles)
                                        QVERIFY2(report.separated() == possible, where.c_str());
                                    if (!possible)
                                        QVERIFY2(!report.separated(), where.c_str());
                                    // The note's claims hold.
                                    const bool claimsSeparated = layout.note().find("NOT ") != 0;
                                    QVERIFY2(claimsSeparated == report.separated() || (!claimsSeparated && !possible),
                                             where.c_str());
                                    if (claimsSeparated)
                                        QVERIFY2(report.separated(), where.c_str());
                                    if (layout.note().find("and independent") != std::string::npos)
                                        QVERIFY2(bruteForceMaxOverlap(layout) <= 1, where.c_str());
                                    if (n <= 40)
                                        QCOMPARE(layout.maxOverlap(), bruteForceMaxOverlap(layout));
                                    separatedLayouts += report.separated();
                                    possibleLayouts += possible;
                                    independentSeparated += report.separated() && layout.independent();
                                }
        qInfo("%d layouts: %d could be separated, %d are (%d of them independent)", layouts, possibleLayouts,
              separatedLayouts, independentSeparated);
        QVERIFY(separatedLayouts > layouts / 3);
    }

    void reportMatchesRecountForOtherLayouts()
    {
        for (int n : {12, 31, 60})
            for (int r : {2, 3, 5})
                for (const char* name : {"golomb", "consecutive"})
                    for (const char* placement : {"contiguous", "striped"}) {
                        const Topology t{8, 2, 2, placement, DomainLevel::Rack};
                        const auto placed = ClusterPlacement::fromTopology(t, n, 4);
                        const Layout layout = Layout::byName(name, n, r);
                        for (DomainLevel level : {DomainLevel::Node, DomainLevel::Rack, DomainLevel::Pod})
                            checkReportByRecount(layout,
                                                 expectedDomainGroups(expectedGroupNodes(n, 4, t), t, level),
                                                 layoutDomainReport(layout, placed, level));
                    }
    }

    void golombDomainIsIndependentAtPaperScale()
    {
        // N = 600, 8 GPUs per node; groups of 8 .. 1000 GPUs in racks of 16 or 32 nodes (contiguous): up to
        // 32 groups per rack, or groups spanning several racks.
        for (int nodesPerRack : {16, 32})
            for (int gpusPerGroup : {8, 16, 64, 1000}) {
                const Topology t{8, nodesPerRack, 8, "contiguous", DomainLevel::Rack};
                const auto placed = ClusterPlacement::fromTopology(t, 600, gpusPerGroup);
                for (int r = 2; r <= 9; ++r) {
                    const Layout domainAware = Layout::golombDomain(placed, r);
                    QVERIFY2(layoutDomainReport(domainAware, placed, DomainLevel::Rack).separated(),
                             domainAware.note().c_str());
                    QVERIFY2(domainAware.independent(), domainAware.note().c_str());
                    QVERIFY(!layoutDomainReport(Layout::golomb(600, r), placed, DomainLevel::Rack).separated());
                }
            }
    }

    void impossibleSeparationIsSaid()
    {
        // 4 groups per rack, 3 racks: r = 4 cannot be separated.
        const Topology t{1, 4, 8, "contiguous", DomainLevel::Rack};
        const auto placed = ClusterPlacement::fromTopology(t, 12, 1);
        const Layout layout = Layout::golombDomain(placed, 4);
        QVERIFY2(layout.note().find("NOT rack-separated (impossible: the groups occupy 3 racks, fewer than r = 4)") == 0,
                 layout.note().c_str());
        QVERIFY(!layoutDomainReport(layout, placed, DomainLevel::Rack).separated());
    }

    void placementFileIsReadAndChecked()
    {
        const Topology base{8, 2, 2, "", DomainLevel::Rack};
        Topology t = base;
        t.placement = writeFile("good.json", R"({"group_nodes": [[0], [3, 4], [1], [2]]})");
        const auto placed = ClusterPlacement::fromTopology(t, 4, 8);
        QCOMPARE(placed.nodes(), 5);
        for (int g = 0; g < 4; ++g)
            checkGpuColumns(placed, g, 8);
        QCOMPARE(placed.nodeOfGpu(1, 3), 3);
        QCOMPARE(placed.nodeOfGpu(1, 4), 4);
        QCOMPARE(std::vector<int>(placed.domainsOf(1, DomainLevel::Rack).begin(), placed.domainsOf(1, DomainLevel::Rack).end()),
                 (std::vector<int>{1, 2}));
        const auto rejects = [&](const std::string& text, const std::string& fragment, int groups) {
            Topology bad = base;
            bad.placement = writeFile("bad.json", text);
            try {
                ClusterPlacement::fromTopology(bad, groups, 8);
                QFAIL(text.c_str());
            } catch (const TopologyError& e) {
                const std::string message = e.what();
                QVERIFY2(message.find("topology.placement") != std::string::npos, message.c_str());
                QVERIFY2(message.find(fragment) != std::string::npos, message.c_str());
            }
        };
        rejects(R"({"group_nodes": [[0], [1]]})", "allowed: exactly cluster.groups = 3", 3);
        rejects(R"({"group_nodes": [[0], []]})", "group_nodes[1] is not a non-empty array", 2);
        rejects(R"({"group_nodes": [[0], [-1]]})", "group_nodes[1][0] = -1 is not allowed; allowed: integer 0 .. 9999999", 2);
        rejects(R"({"group_nodes": [[0], [1.5]]})", "group_nodes[1][0] = 1.5", 2);
        rejects(R"({"nodes": []})", "expected an object with one key", 2);
        rejects("{", "not valid JSON", 2);
        Topology missing = base;
        missing.placement = "/nonexistent/placement.json";
        QVERIFY_THROWS_EXCEPTION(TopologyError, ClusterPlacement::fromTopology(missing, 2, 8));
    }

    void scenarioTopologyRoundTripsAndIsOptional()
    {
        const Scenario plain = scenarioFromJsonText(R"({"cluster": {"groups": 40}})", "t");
        QVERIFY(!plain.topology);
        QVERIFY(scenarioToJsonText(plain).find("topology") == std::string::npos);
        const Scenario with = scenarioFromJsonText(
            R"({"cluster": {"groups": 40, "gpus_per_group": 16, "redundancy": 3, "layout": "golomb-domain"},
                "topology": {"nodes_per_rack": 4, "placement": "striped", "domain_level": "pod"}})",
            "t");
        QVERIFY(with.topology);
        QCOMPARE(with.topology->nodesPerRack, 4);
        QCOMPARE(with.topology->gpusPerNode, 8);
        QCOMPARE(with.topology->placement, std::string("striped"));
        QVERIFY(with.topology->domainLevel == DomainLevel::Pod);
        QCOMPARE(scenarioFromJsonText(scenarioToJsonText(with), "again"), with);
        const Layout layout = scenarioLayout(with);
        QCOMPARE(layout.name(), std::string("golomb-domain"));
        QCOMPARE(scenarioLayoutIndependence(with).maxOverlap, layout.maxOverlap());
    }

    void badTopologyValuesNameKeyAndRange()
    {
        const auto rejects = [](const std::string& text, const std::string& fragment) {
            try {
                scenarioFromJsonText(text, "s.json");
                QFAIL(text.c_str());
            } catch (const ScenarioError& e) {
                QVERIFY2(std::string(e.what()).find(fragment) != std::string::npos, e.what());
            }
        };
        rejects(R"({"topology": {"gpus_per_node": 0}})", "topology.gpus_per_node: 0 is out of range; allowed: 1 .. 1024 GPUs");
        rejects(R"({"topology": {"nodes_per_rack": 100001}})",
                "topology.nodes_per_rack: 100001 is out of range; allowed: 1 .. 100,000 nodes");
        rejects(R"({"topology": {"racks_per_pod": -3}})", "topology.racks_per_pod: -3 is out of range");
        rejects(R"({"topology": {"placement": ""}})", "topology.placement: empty; allowed: contiguous | striped | file path");
        rejects(R"({"topology": {"domain_level": "row"}})",
                "topology.domain_level: \"row\" is not a known value; allowed: node | rack | pod");
        rejects(R"({"topology": {"gpus": 8}})", "topology.gpus: unknown key");
        rejects(R"({"topology": 8})", "topology: expected an object");
        rejects(R"({"cluster": {"layout": "golomb-domain"}})", "cluster.layout: golomb-domain needs a topology section");
        rejects(R"({"cluster": {"groups": 10000000, "gpus_per_group": 100000}, "topology": {"gpus_per_node": 1}})",
                "topology.gpus_per_node: 1 gives 1000000000000 nodes");
    }

    void topologyFileReadsTheSectionKeys()
    {
        const auto path = writeFile("topology.json", R"({"gpus_per_group": 24, "nodes_per_rack": 3})");
        const TopologyFile file = loadTopologyFile(path);
        QCOMPARE(file.gpusPerGroup, 24);
        QCOMPARE(file.topology.nodesPerRack, 3);
        const auto bad = writeFile("topology-bad.json", R"({"racks_per_pod": 0})");
        QVERIFY_THROWS_EXCEPTION(ScenarioError, loadTopologyFile(bad));
    }
};

QTEST_MAIN(TestTopology)
#include "test_topology.moc"
