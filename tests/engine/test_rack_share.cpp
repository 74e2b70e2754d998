#include "sim/FailureCategories.h"
#include "sim/ScenarioJson.h"
#include "sweep/RackCorrelatedFailures.h"

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

// The rate at which one GPU fails: its group's clock spread over the group's GPUs, plus every rack
// process (each GPU sits in exactly one rack).
double perGpuRate(const Scenario& s)
{
    double rate = 1.0 / (double(s.gpusPerGroup) * groupClockMeanS(s));
    for (const DomainFailureProcess& d : s.domainFailures)
        if (d.level == DomainLevel::Rack)
            rate += 1.0 / d.domainMtbfS();
    return rate;
}

}  // namespace

class TestRackShare : public QObject {
    Q_OBJECT
private slots:
    void keepsPerGpuRate_data()
    {
        QTest::addColumn<double>("share");
        QTest::addColumn<QString>("model");
        for (double share : {0.05, 0.1, 0.3, 0.9})
            for (const char* model : {"weibull", "exponential"})
                QTest::addRow("share %g %s", share, model) << share << QString::fromLatin1(model);
    }

    void keepsPerGpuRate()
    {
        QFETCH(double, share);
        QFETCH(QString, model);
        Scenario base = teachingRacks();
        base.failureModel = model == QLatin1String("weibull") ? FailureModel::Weibull : FailureModel::Exponential;
        const Scenario correlated = withRackShare(base, share);
        QVERIFY(validateScenario(correlated).empty());
        QCOMPARE(correlated.domainFailures.size(), base.domainFailures.size() + 1);
        const DomainFailureProcess& racks = correlated.domainFailures.back();
        QCOMPARE(racks.level, DomainLevel::Rack);
        QCOMPARE(racks.shape, FailureShape::Exponential);
        // Analytic: rack part = share of the per-GPU rate, group part = the rest, total unchanged.
        const double original = perGpuRate(base);
        QVERIFY(std::abs(1.0 / racks.domainMtbfS() - share * original) <= 1e-12 * original);
        QVERIFY(std::abs(perGpuRate(correlated) - original) <= 1e-12 * original);
        QCOMPARE(correlated.failureModel, base.failureModel);
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
