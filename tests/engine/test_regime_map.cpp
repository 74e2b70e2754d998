#include "engine/campaign/CampaignJson.h"
#include "engine/campaign/CampaignRunner.h"
#include "engine/planning/RegimeMap.h"
#include "engine/planning/RegimeMapCampaign.h"
#include "engine/sim/ScenarioJson.h"

#include <QtTest/QtTest>

#include <stdexcept>

using namespace spare;

namespace {

// A small, fast base (runs take milliseconds) whose failures make the contenders differ.
Scenario smallBase()
{
    return scenarioFromJson(nlohmann::json::parse(R"({"cluster": {"groups": 20, "redundancy": 3},
        "workload": {"steps": 150, "allreduce_s": 0.4}, "failures": {"system_mtbf_s": 200},
        "checkpoint": {"semantics": "paper"}})"),
                            "base");
}

RegimeMapOptions smallMap()
{
    RegimeMapOptions o;
    o.x = parseRegimeAxis("restart.duration_s=60,300,900", "--x");
    o.y = parseRegimeAxis("failures.system_mtbf_s=100,400", "--y");
    o.contenders = parseRegimeContenders("spare,ckpt-memory,elastic", "--policies");
    o.seeds = 3;
    o.control.threads = 2;
    return o;
}

}  // namespace

class TestRegimeMap : public QObject {
    Q_OBJECT

private slots:
    void campaignMapEqualsTheDirectMap()
    {
        const Scenario base = smallBase();
        RegimeMapOptions options = smallMap();
        const CampaignPlan plan(regimeMapCampaign(base, options, "regime"));
        QCOMPARE(plan.cells().size(), std::size_t{3 * 2 * 3});
        QVERIFY(plan.validateCells("regime").empty());
        QTemporaryDir tmp;
        const CampaignResultsDir dir(tmp.filePath(QStringLiteral("results")).toStdString());
        CampaignRunOptions run;
        run.control.threads = 2;
        for (int shard = 0; shard < 2; ++shard)  // in two shards, as an array would
            QCOMPARE(CampaignRunner::run(plan, dir, shard, 2, run).failed, std::size_t{0});
        // Read back from the folder's own campaign.json, as --from-results does.
        const RegimeMap fromCampaign = regimeMapFromResults(CampaignPlan(dir.campaign()), dir.read());

        for (int k = 0; k < options.seeds; ++k)
            options.seedValues.push_back(commonReplicateSeed(base.seed, k));
        const RegimeMap direct = runRegimeMap(base, options);
        QVERIFY(direct.semanticsMadeExact);
        QCOMPARE(fromCampaign.semanticsMadeExact, direct.semanticsMadeExact);
        QCOMPARE(fromCampaign.cells.size(), direct.cells.size());
        for (std::size_t i = 0; i < direct.cells.size(); ++i) {
            const RegimeCell& a = fromCampaign.cells[i];
            const RegimeCell& b = direct.cells[i];
            QCOMPARE(a.x, b.x);
            QCOMPARE(a.y, b.y);
            QCOMPARE(a.meanRatio, b.meanRatio);
            QCOMPARE(a.halfWidth, b.halfWidth);
            QCOMPARE(a.unfinished, b.unfinished);
            QCOMPARE(a.winner, b.winner);
            QCOMPARE(a.runnerUp, b.runnerUp);
            QCOMPARE(a.margin, b.margin);
            QCOMPARE(a.separable, b.separable);
        }
        QCOMPARE(regimeMapCsv(fromCampaign), regimeMapCsv(direct));
        QCOMPARE(regimeMapText(fromCampaign), regimeMapText(direct));
    }

    void missingRunsAreNamed()
    {
        const CampaignPlan plan(regimeMapCampaign(smallBase(), smallMap(), "regime"));
        try {
            regimeMapFromResults(plan, CampaignResults{});
            QFAIL("no error");
        } catch (const std::runtime_error& e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(u"54 of 54 runs missing and 0 failed"), e.what());
        }
    }

    void otherCampaignsAreRefused()
    {
        const Campaign other = campaignFromJsonText(
            R"({"name": "other", "base": {}, "grid": {"cluster.redundancy": [2, 3]}, "replication": {"seeds": 2}})",
            "other.json");
        QVERIFY_THROWS_EXCEPTION(InputError, regimeMapFromResults(CampaignPlan(other), CampaignResults{}));
    }

    void anInvalidAxisValueNamesItsKey()
    {
        RegimeMapOptions options = smallMap();
        options.x = parseRegimeAxis("restart.duration_s=-5,10", "--x");
        try {
            regimeMapCampaign(smallBase(), options, "regime");
            QFAIL("no error");
        } catch (const InputError& e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(u"restart.duration_s"), e.what());
        }
    }

    void theEstimateCountsEveryRun()
    {
        const RegimeMapOptions options = smallMap();
        const RegimeMapEstimate estimate = estimateRegimeMap(smallBase(), options);
        QCOMPARE(estimate.runs, std::size_t{54});
        QCOMPARE(estimate.threads, 2);
        QVERIFY(estimate.totalS >= 0.0);
        const QString text = QString::fromStdString(regimeMapEstimateText(options, estimate));
        QVERIFY2(text.startsWith(u"54 runs (3 x 2 cells x 3 contenders x 3 seeds); about "), qPrintable(text));
        QVERIFY2(text.contains(u"at restart.duration_s=300, failures.system_mtbf_s=400"), qPrintable(text));
    }
};

QTEST_GUILESS_MAIN(TestRegimeMap)
#include "test_regime_map.moc"
