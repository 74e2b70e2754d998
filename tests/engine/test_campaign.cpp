#include "engine/campaign/AdaptiveReplication.h"
#include "engine/campaign/CampaignJson.h"
#include "engine/campaign/CampaignPlan.h"
#include "engine/campaign/CampaignResultsDir.h"
#include "engine/campaign/CampaignRunner.h"
#include "engine/campaign/CampaignStatus.h"
#include "engine/campaign/CampaignTable.h"
#include "engine/campaign/MergedCampaignTable.h"
#include "engine/campaign/ShardSelection.h"

#include <QtTest/QtTest>

#include <sys/stat.h>

#include <cmath>
#include <fstream>
#include <map>
#include <set>
#include <string>

using namespace spare;

namespace {

// A small, fast base scenario (runs take milliseconds).
const char* kBase = R"("base": {"cluster": {"groups": 20, "redundancy": 3},
                                "workload": {"steps": 150, "allreduce_s": 0.4},
                                "failures": {"system_mtbf_s": 200}})";

std::string campaignText(const std::string& grid, const std::string& extra = R"("replication": {"seeds": 2})")
{
    return std::string("{\"name\": \"t\", ") + kBase + ", \"grid\": {" + grid + "}" + (extra.empty() ? "" : ", ") +
           extra + "}";
}

Campaign parse(const std::string& text) { return campaignFromJsonText(text, "test.json"); }

// The error text of a campaign that must be rejected.
QString rejection(const std::string& text)
{
    try {
        parse(text);
    } catch (const CampaignError& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

std::string readAll(const QString& path)
{
    std::ifstream in(path.toStdString(), std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

CampaignRunOptions twoThreads()
{
    CampaignRunOptions options;
    options.control.threads = 2;
    return options;
}

std::string runAndMerge(const CampaignPlan& plan, const QString& dir, int shards)
{
    const CampaignResultsDir results(dir.toStdString());
    for (int i = 0; i < shards; ++i)
        CampaignRunner::run(plan, results, i, shards, twoThreads());
    return CampaignTable(plan, results.read()).toCsv();
}

const std::string kSmallGrid = R"("cluster.redundancy": "2-4", "run.policy": ["spare", "rep"],
                                  "failures.system_mtbf_s": {"log": [100, 400], "points": 3})";

}  // namespace

class TestCampaign : public QObject {
    Q_OBJECT

private slots:
    void rangesExpand()
    {
        const Campaign c = parse(campaignText(
            R"("failures.system_mtbf_s": {"log": [150, 2400], "points": 5}, "cluster.redundancy": "2-4,7",
               "workload.steps": {"linear": [100, 200], "points": 3}, "run.policy": ["spare", "rep"])"));
        QCOMPARE(c.grid.size(), std::size_t{4});
        QCOMPARE(c.grid[0].values, (std::vector<nlohmann::json>{150.0, 300.0, 600.0, 1200.0, 2400.0}));
        QCOMPARE(c.grid[1].values, (std::vector<nlohmann::json>{2, 3, 4, 7}));
        QCOMPARE(c.grid[2].values, (std::vector<nlohmann::json>{100, 150, 200}));
        QCOMPARE(CampaignPlan(c).cells().size(), std::size_t{5 * 4 * 3 * 2});
    }

    void idsAndSeedsStableUnderGridEdits()
    {
        const CampaignPlan before(parse(campaignText(R"("cluster.redundancy": [2, 3], "run.policy": ["spare"])")));
        // A value added, keys in another order: the runs that existed keep their ids and seeds.
        const CampaignPlan after(
            parse(campaignText(R"("run.policy": ["rep", "spare"], "cluster.redundancy": [4, 2, 3])")));
        std::map<std::string, CampaignRun> afterRuns;
        for (const CampaignRun& run : after.runs())
            afterRuns.emplace(run.runId, run);
        QCOMPARE(afterRuns.size(), std::size_t{12});
        for (const CampaignRun& run : before.runs()) {
            QCOMPARE(run.runId.size(), std::size_t{16});
            const auto it = afterRuns.find(run.runId);
            QVERIFY(it != afterRuns.end());
            QCOMPARE(it->second.seed, run.seed);
            QCOMPARE(after.cells()[it->second.cell].parameters, before.cells()[run.cell].parameters);
        }
        std::set<std::uint64_t> seeds;
        for (const auto& [id, run] : afterRuns)
            seeds.insert(run.seed);
        QCOMPARE(seeds.size(), afterRuns.size());
        // Another base seed: other seeds, same ids.
        std::string shifted = campaignText(R"("cluster.redundancy": [2, 3], "run.policy": ["spare"])");
        const std::string failures = R"("system_mtbf_s": 200})";
        shifted.replace(shifted.find(failures), failures.size(), failures + R"(, "run": {"seed": 9})");
        const CampaignPlan reseeded(parse(shifted));
        QCOMPARE(reseeded.run(0, 0).runId, before.run(0, 0).runId);
        QVERIFY(reseeded.run(0, 0).seed != before.run(0, 0).seed);
    }

    void oneWayDesign()
    {
        const CampaignPlan plan(parse(campaignText(R"("restart.duration_s": [600, 3600, 7200],
                                                     "failures.weibull_shape": [0.5, 0.78, 1.0])",
                                                   R"("design": "one_way", "replication": {"seeds": 1})")));
        // 3 + 3 values, the base point (3600 s, 0.78) reached twice: 5 cells.
        QCOMPARE(plan.cells().size(), std::size_t{5});
        std::set<std::string> distinct;
        for (const CampaignCell& cell : plan.cells())
            distinct.insert(cell.parameters);
        QCOMPARE(distinct.size(), std::size_t{5});
    }

    void derivedKeys()
    {
        const CampaignPlan plan(parse(std::string("{") + kBase + R"(, "variables": {"gpus": "GPUs"},
            "grid": {"gpus": [6000, 12000]},
            "derived": {"cluster.groups": {"divide": ["gpus", "cluster.gpus_per_group"]},
                        "failures.system_mtbf_s": {"divide": [1.2e7, "gpus"]}}})"));
        QCOMPARE(plan.cells().size(), std::size_t{2});
        const Scenario s = plan.scenario(1, 5);
        QCOMPARE(s.groups, 4);  // 12000 / 3000 (the default gpus_per_group)
        QCOMPARE(s.systemMtbfS, 1000.0);
        QCOMPARE(s.seed, std::uint64_t{5});
        QCOMPARE(plan.cells()[1].derived[0], nlohmann::json(4));
    }

    void variantsMergeIntoTheCell()
    {
        const std::string text = std::string("{") + kBase + R"(, "variants": {"contender": {
                "spare": {"run": {"policy": "spare"}, "memory_checkpoint": null},
                "ckpt-memory": {"run": {"policy": "ckpt"}, "memory_checkpoint": {},
                                "checkpoint": {"semantics": "exact"}}}},
            "grid": {"memory_checkpoint.restore_s": [30, 90], "contender": ["spare", "ckpt-memory"]}})";
        const CampaignPlan plan(parse(text));
        QCOMPARE(plan.cells().size(), std::size_t{4});
        QCOMPARE(plan.cells()[1].parameters, std::string("contender=ckpt-memory;memory_checkpoint.restore_s=30.0"));
        // Overlays apply after the scenario keys: a null removes the section the grid key made.
        const Scenario spare = plan.scenario(0, 1);
        QCOMPARE(spare.policy, Policy::Spare);
        QVERIFY(!spare.memoryCheckpoint);
        const Scenario memory = plan.scenario(3, 1);
        QCOMPARE(memory.policy, Policy::Ckpt);
        QVERIFY(memory.memoryCheckpoint);
        QCOMPARE(memory.memoryCheckpoint->restoreS, 90.0);
        QCOMPARE(memory.checkpointSemantics, CheckpointSemantics::Exact);
        const std::string canonical = campaignToJsonText(plan.campaign());
        QCOMPARE(campaignToJsonText(campaignFromJsonText(canonical, "again")), canonical);
    }

    void badVariants_data()
    {
        QTest::addColumn<QString>("variants");
        QTest::addColumn<QString>("grid");
        QTest::addColumn<QString>("expected");
        QTest::newRow("not a name") << R"({"c": {"a": {"run": {"policy": "rep"}}}})" << R"({"c": ["a", "b"]})"
                                    << R"(grid.c[1]: "b" is not a name under variants.c)";
        QTest::newRow("bad overlay value") << R"({"c": {"a": {"run": {"policy": "fast"}}}})" << R"({"c": ["a"]})"
                                           << R"(variants.c.a: run.policy: "fast" is not a known value)";
        QTest::newRow("overlay not an object") << R"({"c": {"a": 3}})" << R"({"c": ["a"]})"
                                               << "variants.c.a: expected a partial scenario object, got 3";
        QTest::newRow("a scenario key") << R"({"run.policy": {"a": {}}})" << R"({"run.policy": ["spare"]})"
                                        << "variants.run.policy: a variants key must not be a scenario key";
        QTest::newRow("unused") << R"({"c": {"a": {}}})" << R"({"cluster.redundancy": [2]})"
                                << "variants.c: declared but not a grid key";
    }

    void badVariants()
    {
        QFETCH(QString, variants);
        QFETCH(QString, grid);
        QFETCH(QString, expected);
        const QString all = rejection(std::string("{") + kBase + ", \"variants\": " + variants.toStdString() +
                                      ", \"grid\": " + grid.toStdString() + "}");
        QVERIFY2(all.contains(expected), qPrintable(all));
    }

    void badCampaignsListEveryProblem()
    {
        const QString all = rejection(campaignText(R"("cluster.redundancy": [2, 70], "cluster.nodes": [1],
                                                      "run.policy": [], "failures.system_mtbf_s": {"log": [0, 5], "points": 3})",
                                                   R"("replication": {"seeds": 0}, "colour": 1)"));
        QVERIFY2(all.contains(u"test.json: colour: unknown key"), qPrintable(all));
        QVERIFY2(all.contains(u"grid.cluster.redundancy[1] = 70: cluster.redundancy: 70 is out of range"), qPrintable(all));
        QVERIFY2(all.contains(u"grid.cluster.nodes: unknown key"), qPrintable(all));
        QVERIFY2(all.contains(u"grid.run.policy: empty list"), qPrintable(all));
        QVERIFY2(all.contains(u"grid.failures.system_mtbf_s: [0, 5] is not a range"), qPrintable(all));
        QVERIFY2(all.contains(u"replication.seeds: 0 is out of range"), qPrintable(all));
        QVERIFY(rejection(std::string("{") + kBase + R"(, "grid": {}})").contains(u"grid: expected a non-empty object"));
        QVERIFY(rejection(campaignText(R"("run.policy": ["spare", "spare"])")).contains(u"listed twice"));
        QVERIFY(rejection(campaignText(R"("run.seed": [1, 2])")).contains(u"cannot be a grid key"));
        QVERIFY(rejection(campaignText(R"("run.policy": ["fast"])")).contains(u"\"fast\" is not a known value"));
        QVERIFY(rejection("{\"grid\": ").contains(u"(syntax)"));
        QVERIFY(rejection(campaignText(R"("cluster.redundancy": [2])",
                                       R"("replication": {"adaptive": {"min_seeds": 5, "max_seeds": 3}})"))
                    .contains(u"replication.adaptive.max_seeds: 3 is out of range"));
        // A combination out of range (r > groups) is caught when the cells are checked.
        const CampaignPlan plan(parse(campaignText(R"("cluster.groups": [4, 40], "cluster.redundancy": [3, 10])")));
        const QString cells = QString::fromStdString(plan.validateCells("test.json"));
        QVERIFY2(cells.contains(u"cell {cluster.groups=4;cluster.redundancy=10}"), qPrintable(cells));
        QCOMPARE(cells.count(u'\n'), 0);
    }

    void canonicalTextRoundTrips()
    {
        const Campaign c = parse(campaignText(kSmallGrid));
        const std::string text = campaignToJsonText(c);
        QCOMPARE(campaignToJsonText(campaignFromJsonText(text, "again")), text);
        QCOMPARE(campaignHash(campaignFromJsonText(text, "again")), campaignHash(c));
    }

    void shardsPartitionAndBalanceByCost()
    {
        const CampaignPlan plan(parse(campaignText(R"("cluster.redundancy": "2-16", "cluster.groups": [20, 40])",
                                                   R"("replication": {"seeds": 3})")));
        double maxUnit = 0.0;
        double total = 0.0;
        for (const CampaignCell& cell : plan.cells()) {
            maxUnit = std::max(maxUnit, cell.cost);
            total += cell.cost * 3;
        }
        for (int k = 1; k <= 7; ++k) {
            std::set<std::pair<std::size_t, int>> seen;
            for (int i = 0; i < k; ++i) {
                double load = 0.0;
                for (const CampaignUnit& unit : plan.shard(i, k)) {
                    QVERIFY(seen.insert({unit.cell, unit.replicate}).second);
                    load += plan.unitCost(unit);
                }
                QVERIFY(load <= total / k + maxUnit);  // the greedy bound
            }
            QCOMPARE(seen.size(), plan.cells().size() * 3);
        }
    }

    void shardedMergeEqualsOneProcess()
    {
        const CampaignPlan plan(parse(campaignText(kSmallGrid)));
        QTemporaryDir tmp;
        const std::string one = runAndMerge(plan, tmp.filePath(u"k1"_qs), 1);
        QCOMPARE(CampaignTable(plan, CampaignResultsDir(tmp.filePath(u"k1"_qs).toStdString()).read()).rows(),
                 std::size_t{36});
        for (int k = 2; k <= 7; ++k)
            QCOMPARE(runAndMerge(plan, tmp.filePath(u"k%1"_qs.arg(k)), k), one);
        // The same folder run again with another shard count: nothing runs twice.
        const CampaignRunSummary again = CampaignRunner::run(plan, CampaignResultsDir(tmp.filePath(u"k1"_qs).toStdString()), 1, 3);
        QCOMPARE(again.ran, std::size_t{0});
        QVERIFY(again.skipped > 0);
    }

    void resumeSkipsDoneRunsAndDropsAPartialLine()
    {
        const CampaignPlan plan(parse(campaignText(kSmallGrid)));
        QTemporaryDir tmp;
        const std::string full = runAndMerge(plan, tmp.filePath(u"full"_qs), 1);
        const CampaignResultsDir dir(tmp.filePath(u"part"_qs).toStdString());
        dir.prepare(plan.campaign());
        // The first 10 lines of the complete run, then half a line: what a SIGKILL mid-write leaves.
        const std::string lines = readAll(QString::fromStdString(CampaignResultsDir(tmp.filePath(u"full"_qs).toStdString()).shardPath(0, 1)));
        std::size_t cut = 0;
        for (int i = 0; i < 10; ++i)
            cut = lines.find('\n', cut) + 1;
        std::ofstream(dir.shardPath(0, 1), std::ios::binary) << lines.substr(0, cut) << lines.substr(cut, 30);
        QCOMPARE(dir.read().unterminated, std::size_t{1});
        QCOMPARE(CampaignStatus::of(plan, dir.read()).missing, std::size_t{26});
        const CampaignRunSummary resumed = CampaignRunner::run(plan, dir, 0, 1, twoThreads());
        QCOMPARE(resumed.skipped, std::size_t{10});
        QCOMPARE(resumed.ran, std::size_t{26});
        const CampaignResults results = dir.read();
        QCOMPARE(results.lines, std::size_t{36});
        QCOMPARE(results.unterminated, std::size_t{0});
        QCOMPARE(results.duplicates, std::size_t{0});
        QCOMPARE(CampaignTable(plan, results).toCsv(), full);
    }

    void anotherCampaignsFolderIsRejected()
    {
        QTemporaryDir tmp;
        const CampaignResultsDir dir(tmp.filePath(u"r"_qs).toStdString());
        dir.prepare(parse(campaignText(kSmallGrid)));
        dir.prepare(parse(campaignText(kSmallGrid)));  // the same campaign: fine
        try {
            dir.prepare(parse(campaignText(R"("cluster.redundancy": "2-5")")));
            QFAIL("expected a CampaignError");
        } catch (const CampaignError& e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(u"holds results of another campaign"), e.what());
        }
    }

    void specialFilesInAResultsFolderAreRefused_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("FIFO manifest") << u"campaign.json"_qs;
        QTest::newRow("FIFO shard") << u"shard-00001-of-00002.tsv"_qs;
        QTest::newRow("folder shard") << u"shard-00002-of-00002.tsv"_qs;
    }

    void specialFilesInAResultsFolderAreRefused()
    {
        // A FIFO without writer blocked the read for ever; each is now refused by name.
        QFETCH(QString, name);
        QTemporaryDir tmp;
        const CampaignResultsDir dir(tmp.path().toStdString());
        dir.prepare(parse(campaignText(kSmallGrid)));
        const QString path = tmp.filePath(name);
        QFile::remove(path);
        if (name.contains(u"00002-of"_qs))
            QVERIFY(QDir().mkdir(path));
        else
            QCOMPARE(::mkfifo(path.toLocal8Bit().constData(), 0600), 0);
        try {
            (void)dir.campaign();
            (void)dir.read();
            QFAIL("expected a CampaignError");
        } catch (const CampaignError& e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(name + u": not a regular file"_qs), e.what());
        }
    }

    void studentQuantiles()
    {
        // Reference values of t_{0.975, df}.
        const std::map<int, double> reference{{1, 12.7062}, {4, 2.7764}, {29, 2.0452}, {31, 2.0395},
                                              {40, 2.0211}, {60, 2.0003}, {120, 1.9799}, {1000, 1.9623}};
        for (const auto& [df, t] : reference)
            QVERIFY2(std::abs(studentT975(df) - t) < 2e-4, qPrintable(QString::number(df)));
    }

    void adaptiveReplicationStopsAtTheTarget()
    {
        const CampaignPlan plan(parse(campaignText(
            R"("cluster.redundancy": [2, 3], "run.policy": ["spare", "rep"])",
            R"("replication": {"adaptive": {"min_seeds": 3, "max_seeds": 12, "relative_half_width": 0.02}})")));
        QTemporaryDir tmp;
        const std::string one = runAndMerge(plan, tmp.filePath(u"a1"_qs), 1);
        QCOMPARE(runAndMerge(plan, tmp.filePath(u"a3"_qs), 3), one);
        const CampaignResults results = CampaignResultsDir(tmp.filePath(u"a1"_qs).toStdString()).read();
        const std::size_t ttt = 3;  // completed, ttt_s, t0_s, ttt_ratio
        QCOMPARE(campaignResultColumns()[ttt], std::string("ttt_ratio"));
        bool someStoppedEarly = false;
        for (std::size_t c = 0; c < plan.cells().size(); ++c) {
            std::vector<double> values;
            for (int k = 0; k < 12; ++k) {
                const CampaignResult* result = results.find(plan.run(c, k).key);
                if (result == nullptr)
                    break;
                values.push_back(result->finiteNumber(ttt, "run"));
            }
            QVERIFY(values.size() >= 3);
            // Oracle: the first n >= 3 whose 95% CI half-width (t table, sample sd) is within 2% of the mean.
            std::size_t expected = 12;
            for (std::size_t n = 3; n < 12; ++n) {
                double mean = 0.0, squares = 0.0;
                for (std::size_t i = 0; i < n; ++i)
                    mean += values.size() > i ? values[i] : 0.0;
                mean /= static_cast<double>(n);
                for (std::size_t i = 0; i < n; ++i)
                    squares += values.size() > i ? (values[i] - mean) * (values[i] - mean) : 0.0;
                const double t[] = {0, 0, 4.302653, 3.182446, 2.776445, 2.570582, 2.446912, 2.364624, 2.306004,
                                    2.262157, 2.228139};
                if (n <= values.size() &&
                    t[n - 1] * std::sqrt(squares / static_cast<double>(n - 1)) / std::sqrt(static_cast<double>(n)) <=
                        0.02 * mean) {
                    expected = n;
                    break;
                }
            }
            QCOMPARE(values.size(), expected);
            someStoppedEarly = someStoppedEarly || expected < 12;
        }
        QVERIFY(someStoppedEarly);
        const CampaignStatus status = CampaignStatus::of(plan, results);
        QCOMPARE(status.completeCells, plan.cells().size());
        QCOMPARE(status.missing, std::size_t{0});
    }

    void shardSelection()
    {
        const auto env = [](std::map<std::string, std::string> vars) {
            return [vars](const char* name) -> std::optional<std::string> {
                const auto it = vars.find(name);
                return it == vars.end() ? std::nullopt : std::optional<std::string>(it->second);
            };
        };
        const auto none = env({});
        QCOMPARE(ShardSelection::parse("2/5", 0, none).index, 2);
        QCOMPARE(ShardSelection::parse("2/5", 0, none).count, 5);
        for (const char* bad : {"5/5", "-1/3", "1/0", "x", "1/2/3", ""})
            QVERIFY_THROWS_EXCEPTION(InputError, ShardSelection::parse(bad, 0, none));
        const auto slurm = ShardSelection::parse(
            "auto", 0, env({{"SLURM_ARRAY_TASK_ID", "7"}, {"SLURM_ARRAY_TASK_COUNT", "4"}, {"SLURM_ARRAY_TASK_MIN", "5"}}));
        QCOMPARE(slurm.index, 2);
        QCOMPARE(slurm.count, 4);
        QCOMPARE(ShardSelection::parse("auto", 6, env({{"JOB_COMPLETION_INDEX", "3"}})).count, 6);
        QVERIFY_THROWS_EXCEPTION(InputError, ShardSelection::parse("auto", 0, env({{"JOB_COMPLETION_INDEX", "3"}})));
        QCOMPARE(ShardSelection::parse("auto", 0, env({{"OMPI_COMM_WORLD_RANK", "1"}, {"OMPI_COMM_WORLD_SIZE", "2"}})).index, 1);
        QCOMPARE(ShardSelection::parse("auto", 0, env({{"PMI_RANK", "0"}, {"PMI_SIZE", "3"}})).count, 3);
        QVERIFY_THROWS_EXCEPTION(InputError, ShardSelection::parse("auto", 0, none));
    }
    // What merge writes reads back (CSV and JSON): the columns, provenance and every run's metrics as the
    // shard files hold them; a foreign or broken table names its problems.
    void mergedTableReadsBack()
    {
        QTemporaryDir tmp;
        const CampaignPlan plan(parse(campaignText(kSmallGrid)));
        runAndMerge(plan, tmp.path(), 1);
        const CampaignResults results = CampaignResultsDir(tmp.path().toStdString()).read();
        const CampaignTable table(plan, results);
        std::map<std::uint64_t, std::uint64_t> keyBySeed;
        for (const CampaignRun& run : plan.runs())
            keyBySeed[run.seed] = run.key;
        for (const MergedCampaignTable& back :
             {MergedCampaignTable::fromCsv(table.toCsv(), "m.csv"), MergedCampaignTable::fromJson(table.toJson(), "m.json")}) {
            QCOMPARE(back.runs.size(), table.rows());
            QCOMPARE(back.parameterColumns,
                     (std::vector<std::string>{"cluster.redundancy", "run.policy", "failures.system_mtbf_s"}));
            QCOMPARE(back.metricColumns, campaignResultColumns());
            QCOMPARE(back.provenance.front(), (std::pair<std::string, std::string>{"campaign", "t"}));
            for (const MergedCampaignRun& run : back.runs) {
                const CampaignResult* result = results.find(keyBySeed.at(run.seed));
                QVERIFY(result && run.ok);
                for (std::size_t m = 0; m < run.metrics.size(); ++m)
                    QCOMPARE(run.metrics[m], result->number(m).value_or(0.0));
            }
        }
        const auto problems = [](const std::string& text) {
            try {
                MergedCampaignTable::fromCsv(text, "x.csv");
            } catch (const CampaignError& e) {
                return QString::fromStdString(e.what());
            }
            return QString();
        };
        QVERIFY(problems("a,b\n1,2\n").startsWith(QStringLiteral("x.csv: not a merged campaign table: the first column is 'a'")));
        QVERIFY(problems("run_id,k,replicate,seed,status,reason,ttt_ratio\n").contains(QStringLiteral("missing the metric column availability")));
        const std::string header = "run_id,k,replicate,seed,status,reason,ttt_ratio,availability\n";
        QCOMPARE(problems(header), QStringLiteral("x.csv: the table has no runs"));
        QCOMPARE(problems(header + "0000000000000001,2,0,-3,ok,,1.5,0.9\n\"0000000000000002,2,0,4,ok,,x,0.9\n"),
                 QStringLiteral("x.csv: line 2: seed '-3' is not a whole number 0 .. 2^64-1\n"
                                "x.csv: line 3: unbalanced quote"));
        QCOMPARE(problems(header + "0000000000000001,\"a, \"\"b\"\"\",0,3,failed,\"x, y\",,\n").isEmpty(), true);
    }
};

QTEST_GUILESS_MAIN(TestCampaign)
#include "test_campaign.moc"
