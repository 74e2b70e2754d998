#include "engine/sim/FailureCategories.h"
#include "engine/sim/ScenarioJson.h"
#include "engine/sweep/RackCorrelatedFailures.h"
#include "engine/topology/ClusterPlacement.h"

#include <QtTest/QtTest>

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

using namespace spare;

namespace {

Scenario teachingRacks()
{
    return loadScenarioFile(std::string(SPARE_SOURCE_DIR) + "/scenarios/teaching-racks.json");
}

// The rate at which group g goes down (and with it each of its GPUs): its own clock plus every rack
// process of every rack it touches.
double groupDownRate(const Scenario& s, const ClusterPlacement& placement, int g)
{
    double rate = 1.0 / groupClockMeanS(s);
    for (const DomainFailureProcess& d : s.domainFailures)
        if (d.level == DomainLevel::Rack)
            rate += double(placement.domainsOf(g, DomainLevel::Rack).size()) / d.domainMtbfS();
    return rate;
}

}  // namespace

class TestRackShare : public QObject {
    Q_OBJECT
private slots:
    void keepsEveryGroupsRate_data()
    {
        QTest::addColumn<double>("share");
        QTest::addColumn<QString>("model");
        QTest::addColumn<int>("gpusPerGroup");  // 64: 2 groups per rack; 256: each group spans 2 racks
        for (double share : {0.05, 0.1, 0.3, 0.9})
            for (const char* model : {"weibull", "exponential"})
                for (int gpus : {64, 256})
                    QTest::addRow("share %g %s M=%d", share, model, gpus) << share << QString::fromLatin1(model) << gpus;
    }

    void keepsEveryGroupsRate()
    {
        QFETCH(double, share);
        QFETCH(QString, model);
        QFETCH(int, gpusPerGroup);
        Scenario base = teachingRacks();
        base.failureModel = model == QLatin1String("weibull") ? FailureModel::Weibull : FailureModel::Exponential;
        base.gpusPerGroup = gpusPerGroup;
        const Scenario correlated = withRackShare(base, share);
        QVERIFY(validateScenario(correlated).empty());
        QCOMPARE(correlated.domainFailures.size(), base.domainFailures.size() + 1);
        const DomainFailureProcess& racks = correlated.domainFailures.back();
        QCOMPARE(racks.level, DomainLevel::Rack);
        QCOMPARE(racks.shape, FailureShape::Exponential);
        QCOMPARE(correlated.failureModel, base.failureModel);
        // Analytic: every group (every group here touches the same number of racks) goes down at
        // 1 / (N m) as before, share of it from its racks.
        const ClusterPlacement placement = ClusterPlacement::fromTopology(*base.topology, base.groups, base.gpusPerGroup);
        const double original = 1.0 / (base.groups * base.systemMtbfS);
        for (int g = 0; g < base.groups; ++g) {
            QCOMPARE(groupDownRate(base, placement, g), original);
            const double fromRacks = groupDownRate(correlated, placement, g) - 1.0 / groupClockMeanS(correlated);
            QVERIFY(std::abs(fromRacks - share * original) <= 1e-12 * original);
            QVERIFY(std::abs(groupDownRate(correlated, placement, g) - original) <= 1e-12 * original);
        }
        QCOMPARE(meanRacksPerGroup(base), gpusPerGroup == 64 ? 1.0 : 2.0);
    }

    void shareZeroIsTheScenario()
    {
        const Scenario base = teachingRacks();
        QVERIFY(withRackShare(base, 0.0) == base);
        Scenario noTopology = base;
        noTopology.topology.reset();
        noTopology.layout = "golomb";
        QVERIFY(withRackShare(noTopology, 0.0) == noTopology);  // nothing to correlate, nothing needed
    }

    void rejectsBadInput_data()
    {
        QTest::addColumn<double>("share");
        QTest::addColumn<QString>("change");
        QTest::addColumn<QString>("message");
        QTest::addRow("negative") << -0.1 << QString() << QStringLiteral("0 <= share < 1");
        QTest::addRow("one") << 1.0 << QString() << QStringLiteral("0 <= share < 1");
        QTest::addRow("nan") << std::numeric_limits<double>::quiet_NaN() << QString() << QStringLiteral("0 <= share < 1");
        QTest::addRow("no topology") << 0.1 << QStringLiteral("topology") << QStringLiteral("no topology section");
        QTest::addRow("trace") << 0.1 << QStringLiteral("trace") << QStringLiteral("failures.model is trace");
        QTest::addRow("categories") << 0.1 << QStringLiteral("categories") << QStringLiteral("failures.categories");
    }

    void rejectsBadInput()
    {
        QFETCH(double, share);
        QFETCH(QString, change);
        QFETCH(QString, message);
        Scenario s = teachingRacks();
        if (change == QLatin1String("topology")) {
            s.topology.reset();
            s.layout = "golomb";
        } else if (change == QLatin1String("trace")) {
            s.failureModel = FailureModel::Trace;
        } else if (change == QLatin1String("categories")) {
            s.failureCategories.push_back({"switch", 1.0, DomainLevel::Rack});
        }
        try {
            withRackShare(s, share);
            QFAIL("no error");
        } catch (const std::invalid_argument& e) {
            QVERIFY2(std::string(e.what()).find(message.toStdString()) != std::string::npos, e.what());
        }
    }
};

QTEST_APPLESS_MAIN(TestRackShare)
#include "test_rack_share.moc"
