#include "engine/base/InputError.h"
#include "engine/planning/ClusterFailureModel.h"
#include "engine/planning/FailureLogFits.h"
#include "engine/planning/FittedFailures.h"
#include "engine/planning/GoodnessOfFit.h"
#include "engine/planning/LifetimeFit.h"
#include "engine/sim/RandomStream.h"
#include "engine/sim/ScenarioJson.h"

#include "tests/support/SanitizerShare.h"

#include <QtTest/QtTest>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <numeric>
#include <vector>

using namespace spare;

namespace {

// A renewal process with a failure at 0, observed in [0, windowS], failure times cut to ticks of
// resolutionS; drawn from stream `index`.
FailureLog renewalLog(const LifetimeDistribution& truth, double windowS, double resolutionS,
                      const RandomStreams& streams, std::uint64_t index)
{
    FailureLog log;
    log.resolutionS = resolutionS;
    log.windowEndS = windowS;
    log.timesS.push_back(0.0);
    double t = 0.0;
    for (std::uint64_t draw = 0;; ++draw) {
        t += truth.sample(streams.uniformOpenZero(index, draw));
        if (t > windowS)
            return log;
        log.timesS.push_back(std::floor(t / resolutionS) * resolutionS);
    }
}

// The true parameters in the order of LifetimeFit::parameters.
std::vector<double> trueParameters(const LifetimeDistribution& d)
{
    if (d.family == LifetimeFamily::Exponential)
        return {d.a};
    return {d.a, d.b};
}

bool covers(const ParameterEstimate& e, double truth)
{
    return e.lower <= truth && truth <= e.upper;
}

// The 15 gaps every reference below uses (seconds).
const std::vector<double> kReferenceGaps = {412., 95.,  3020., 1288., 61.,   7410., 530., 2210.,
                                            180., 960., 4475., 33.,   1520., 705.,  250.};

FailureLog logFromGaps(const std::vector<double>& gaps, double tailS, double resolutionS)
{
    FailureLog log;
    log.resolutionS = resolutionS;
    log.timesS.push_back(0.0);
    for (double gap : gaps)
        log.timesS.push_back(log.timesS.back() + gap);
    log.windowEndS = log.timesS.back() + tailS;
    return log;
}

// A log's gaps with its ties kept as zero gaps, as a bootstrap sample drawn at the log's resolution has
// them (a log's own sample merges coincident failures).
LifetimeSample tiedSample(const FailureLog& log)
{
    LifetimeSample sample;
    sample.resolutionS = log.resolutionS;
    for (std::size_t i = 1; i < log.timesS.size(); ++i) {
        const double gap = log.timesS[i] - log.timesS[i - 1];
        if (gap > 0.0)
            sample.exactGapsS.push_back(gap);
        else
            ++sample.zeroGaps;
    }
    sample.censoredGapS = log.windowEndS - log.timesS.back();
    return sample;
}

// 400 single failures and 100 events logged by 8 GPUs each (at the event's time plus `spreadS` steps),
// exponential gaps of mean 1 h between events, whole seconds.
FailureLog burstLog(double spreadS)
{
    const RandomStreams streams(31, StreamPurpose::FailureClock);
    const LifetimeDistribution gaps = LifetimeDistribution::exponential(3600.0);
    FailureLog log;
    double t = 0.0;
    for (std::uint64_t i = 0; i < 500; ++i) {
        t += std::ceil(gaps.sample(streams.uniformOpenZero(0, i)));
        for (int k = 0; k < (i % 5 == 0 ? 8 : 1); ++k)
            log.timesS.push_back(t + k * spreadS);
    }
    log.windowStartS = log.timesS.front();
    log.windowEndS = log.timesS.back();
    return log;
}

LifetimeDistribution distribution(LifetimeFamily family, double a, double b)
{
    return {family, a, b};
}

}  // namespace

class TestLifetimeFit : public QObject {
    Q_OBJECT

private slots:
    // (a) and (b): every 95% interval covers the truth in 93-97% of 2,000 logs, and at 5,000 failures
    // AIC picks the family the logs were drawn from. Millisecond timestamps, so the coverage measures
    // the intervals rather than the rounding of the times.
    void coverageAndAic_data()
    {
        QTest::addColumn<int>("family");
        QTest::addColumn<double>("a");
        QTest::addColumn<double>("b");
        QTest::addColumn<int>("failures");
        for (int failures : {200, 5000}) {
            const QByteArray n = QByteArray::number(failures);
            QTest::newRow("exponential " + n) << int(LifetimeFamily::Exponential) << 3600.0 << 0.0 << failures;
            QTest::newRow("weibull 0.5 " + n) << int(LifetimeFamily::Weibull) << 0.5 << 3600.0 << failures;
            QTest::newRow("weibull 0.7 " + n) << int(LifetimeFamily::Weibull) << 0.7 << 3600.0 << failures;
            QTest::newRow("weibull 1.5 " + n) << int(LifetimeFamily::Weibull) << 1.5 << 3600.0 << failures;
            QTest::newRow("lognormal " + n) << int(LifetimeFamily::Lognormal) << 8.0 << 1.5 << failures;
        }
    }
    void coverageAndAic()
    {
        QFETCH(int, family);
        QFETCH(double, a);
        QFETCH(double, b);
        QFETCH(int, failures);
        if (kUnderSanitizer && failures > 1000)
            QSKIP("the release run holds the coverage of long logs; the sanitizer run fits the short ones");
        const LifetimeDistribution truth = distribution(LifetimeFamily(family), a, b);
        const std::vector<double> parameters = trueParameters(truth);
        constexpr int replications = 2000;
        const RandomStreams streams(20240 + family * 10 + (failures > 1000), StreamPurpose::FailureClock);

        std::vector<int> covered(parameters.size() + 1, 0);
        std::vector<std::string> names;
        int wins = 0, exponentialOrUnitShape = 0;
        for (int r = 0; r < replications; ++r) {
            const FailureLog log = renewalLog(truth, failures * truth.mean(), 1e-3, streams, r);
            const LifetimeSample sample = lifetimeSample(log);
            std::vector<LifetimeFit> fits;
            for (LifetimeFamily f : allLifetimeFamilies)
                fits.push_back(fitLifetime(sample, f));
            const LifetimeFit& fit = fits[family];
            QVERIFY(fit.converged);
            if (names.empty())
                for (const ParameterEstimate& p : fit.parameters)
                    names.push_back(p.name);
            for (std::size_t p = 0; p < parameters.size(); ++p)
                covered[p] += covers(fit.parameters[p], parameters[p]);
            covered.back() += covers(fit.mtbf, truth.mean());
            std::size_t best = 0;
            for (std::size_t f = 1; f < fits.size(); ++f)
                best = fits[f].aic < fits[best].aic ? f : best;
            wins += best == std::size_t(family);
            // The exponential is the Weibull with k = 1: a Weibull win whose shape interval holds 1 agrees.
            exponentialOrUnitShape += best == 0 || (best == 1 && covers(fits[1].parameters[0], 1.0));
        }
        for (std::size_t p = 0; p < covered.size(); ++p) {
            const double percent = 100.0 * covered[p] / replications;
            const std::string name = p < parameters.size() ? names[p] : "mtbf_s";
            qInfo("coverage %s %s: %.1f%%", QTest::currentDataTag(), name.c_str(), percent);
            QVERIFY2(percent >= 93.0 && percent <= 97.0,
                     qPrintable(QStringLiteral("%1: %2%").arg(QString::fromStdString(name)).arg(percent)));
        }
        const double winRate = 100.0 * wins / replications;
        qInfo("AIC wins %s: %.1f%%", QTest::currentDataTag(), winRate);
        if (failures < 5000)
            return;
        if (truth.family == LifetimeFamily::Exponential) {
            // AIC prefers the nesting Weibull when its likelihood ratio exceeds 2: P(chi2_1 > 2) = 15.7%.
            QVERIFY2(winRate > 80.0 && winRate < 88.0, qPrintable(QString::number(winRate)));
            QVERIFY(100.0 * exponentialOrUnitShape / replications >= 95.0);
        } else {
            QVERIFY2(winRate >= 95.0, qPrintable(QString::number(winRate)));
        }
    }

    // (c) A censored tail: the closed-form censored exponential MLE, failures / total exposure.
    void censoredExponentialIsClosedForm()
    {
        const double tail = 2500.0;
        const LifetimeSample sample = lifetimeSample(logFromGaps(kReferenceGaps, tail, 1.0));
        QCOMPARE(sample.censoredGapS, tail);
        QCOMPARE(sample.observations(), kReferenceGaps.size() + 1);
        const LifetimeFit fit = fitLifetime(sample, LifetimeFamily::Exponential);
        const double exposure = std::accumulate(kReferenceGaps.begin(), kReferenceGaps.end(), tail);
        const double mean = exposure / static_cast<double>(kReferenceGaps.size());
        QVERIFY(fit.converged);
        QCOMPARE(fit.distribution.a, mean);
        QCOMPARE(fit.mtbf.value, mean);
        // Wald on ln(mean): the observed information of ln(mean) is the failure count.
        const double half = 1.959963984540054 / std::sqrt(static_cast<double>(kReferenceGaps.size()));
        QVERIFY(std::abs(fit.mtbf.lower / (mean * std::exp(-half)) - 1.0) < 1e-9);
        QVERIFY(std::abs(fit.mtbf.upper / (mean * std::exp(half)) - 1.0) < 1e-9);
        const double m = static_cast<double>(kReferenceGaps.size());
        QVERIFY(std::abs(fit.logLikelihood - (-m * std::log(mean) - m)) < 1e-9);
        QCOMPARE(fit.aic, 2.0 - 2.0 * fit.logLikelihood);
    }

    // (c) Censoring and ties: the maximum of the log-likelihood with log F(resolution) per tie and
    // log S(tail). Reference: scipy.optimize.minimize (Nelder-Mead, then BFGS) of that log-likelihood
    // written with scipy.stats expon / weibull_min / lognorm gives these values.
    void censoredTiedFitsMatchReference_data()
    {
        QTest::addColumn<int>("family");
        QTest::addColumn<double>("a");
        QTest::addColumn<double>("b");
        QTest::addColumn<double>("logLikelihood");
        QTest::newRow("exponential") << int(LifetimeFamily::Exponential) << 1429.9094325501305 << 0.0
                                     << -136.49378193870837;
        QTest::newRow("weibull") << int(LifetimeFamily::Weibull) << 0.568353192332874 << 985.2667394794055
                                 << -131.5029350910822;
        QTest::newRow("lognormal") << int(LifetimeFamily::Lognormal) << 6.0045676625009134 << 2.010283671099952
                                   << -132.0957388981061;
    }
    void censoredTiedFitsMatchReference()
    {
        QFETCH(int, family);
        QFETCH(double, a);
        QFETCH(double, b);
        QFETCH(double, logLikelihood);
        std::vector<double> gaps = kReferenceGaps;
        gaps.insert(gaps.begin() + 4, 3, 0.0);  // three ties at one-minute resolution
        const LifetimeSample sample = tiedSample(logFromGaps(gaps, 2500.0, 60.0));
        QCOMPARE(sample.zeroGaps, std::size_t{3});
        const LifetimeFit fit = fitLifetime(sample, LifetimeFamily(family));
        QVERIFY(fit.converged);
        QCOMPARE(fit.observations, std::size_t{19});
        QVERIFY2(std::abs(fit.distribution.a / a - 1.0) < 1e-6,
                 qPrintable(QString::number(fit.distribution.a, 'g', 17)));
        if (b != 0.0)
            QVERIFY2(std::abs(fit.distribution.b / b - 1.0) < 1e-6,
                     qPrintable(QString::number(fit.distribution.b, 'g', 17)));
        QVERIFY(std::abs(fit.logLikelihood - logLikelihood) < 1e-8);
        QVERIFY(fit.logLikelihood >= logLikelihood - 1e-12);  // at least as high as the reference optimiser's
        QCOMPARE(fit.aic, 2.0 * lifetimeFamilyParameterCount(LifetimeFamily(family)) - 2.0 * fit.logLikelihood);
        for (const ParameterEstimate& p : fit.parameters)
            QVERIFY(p.lower < p.value && p.value < p.upper);
        QVERIFY(fit.mtbf.lower < fit.mtbf.value && fit.mtbf.value < fit.mtbf.upper);
        QCOMPARE(fit.mtbf.value, fit.distribution.mean());
    }

    // (c) A minute-resolution log where a quarter of the gaps are ties: every fit stays finite.
    void tiesGiveFiniteFits()
    {
        const RandomStreams streams(7, StreamPurpose::FailureClock);
        const FailureLog log = renewalLog(LifetimeDistribution::weibull(0.5, 300.0), 1000 * 600.0, 60.0, streams, 0);
        const LifetimeSample sample = tiedSample(log);
        QVERIFY(sample.zeroGaps > sample.uncensored() / 5);
        for (LifetimeFamily family : allLifetimeFamilies) {
            const LifetimeFit fit = fitLifetime(sample, family);
            QVERIFY(fit.converged);
            QVERIFY(std::isfinite(fit.logLikelihood));
            for (const ParameterEstimate& p : fit.parameters)
                QVERIFY(std::isfinite(p.value) && std::isfinite(p.lower) && std::isfinite(p.upper));
            QVERIFY(fit.mtbf.lower > 0.0 && std::isfinite(fit.mtbf.upper));
        }
    }

    // Equal gaps have no finite Weibull or lognormal maximum (the shape grows without bound): those fits
    // say so, and the ranking takes the exponential, which converged, with a finite interval.
    void degenerateLogReportsNoConvergence_data()
    {
        QTest::addColumn<int>("gaps");
        QTest::addColumn<double>("gapS");
        QTest::newRow("4 x 1 min") << 4 << 60.0;
        QTest::newRow("99 x 1 h") << 99 << 3600.0;
    }
    void degenerateLogReportsNoConvergence()
    {
        QFETCH(int, gaps);
        QFETCH(double, gapS);
        FitOptions options;
        options.bootstrapSamples = 20;
        const FailureLogFits fits =
            fitFailureLog(logFromGaps(std::vector<double>(static_cast<std::size_t>(gaps), gapS), 0.0, 1.0), options);
        QVERIFY(fits.of(LifetimeFamily::Exponential).fit.converged);
        for (LifetimeFamily family : {LifetimeFamily::Weibull, LifetimeFamily::Lognormal}) {
            const FamilyFit& f = fits.of(family);
            QVERIFY(!f.fit.converged);
            QVERIFY2(f.fit.problem.starts_with(fmt::format("the {} gaps are all {:g} s", gaps, gapS)),
                     f.fit.problem.c_str());
            QVERIFY(!f.countMatches);
            QCOMPARE(f.goodness.bootstrapSamples, 0);
        }
        QCOMPARE(fits.bestFit().fit.distribution.family, LifetimeFamily::Exponential);
        const LifetimeFit& best = fits.bestFit().fit;
        QVERIFY(std::abs(best.mtbf.value / gapS - 1.0) < 1e-12);
        QVERIFY(best.mtbf.lower < gapS && gapS < best.mtbf.upper && std::isfinite(best.mtbf.upper));
        QVERIFY(std::isfinite(fits.bestFit().goodness.ksPValue));
        QCOMPARE(fits.notes.size(), std::size_t{1});
        QVERIFY2(fits.notes[0].ends_with("the exponential fit is used"), fits.notes[0].c_str());
    }

    // Failures logged once per GPU for one event are one interruption with a multiplicity: the gaps are
    // between interruptions, the sizes are kept, and the model expects the count the log saw.
    void coincidentFailuresAreOneInterruption_data()
    {
        QTest::addColumn<double>("spreadS");
        QTest::addColumn<double>("windowS");
        QTest::newRow("same tick") << 0.0 << 0.0;
        QTest::newRow("within 30 s") << 3.0 << 30.0;
    }
    void coincidentFailuresAreOneInterruption()
    {
        QFETCH(double, spreadS);
        QFETCH(double, windowS);
        const FailureLog log = burstLog(spreadS);
        FitOptions options;
        options.bootstrapSamples = 0;
        options.coincidenceWindowS = windowS;
        const FailureLogFits fits = fitFailureLog(log, options);
        const CoincidentFailures& c = fits.interruptions;
        QCOMPARE(c.failures(), std::size_t{1200});
        QCOMPARE(c.interruptions(), std::size_t{500});
        QCOMPARE(c.largest(), std::size_t{8});
        QCOMPARE(c.meanSize(), 2.4);
        using Counts = std::vector<std::pair<std::size_t, std::size_t>>;
        QCOMPARE(c.sizeCounts(), (Counts{{1, 400}, {8, 100}}));
        QCOMPARE(fits.sample.uncensored(), std::size_t{499});
        QCOMPARE(fits.sample.zeroGaps, std::size_t{0});
        QCOMPARE(fits.count.observed, std::size_t{499});
        for (const FamilyFit& f : fits.families)
            QVERIFY(f.fit.converged);
        // Exponential gaps between events: the fits agree with the log's own mean gap.
        const double meanGap = fits.count.exposureS / 499.0;
        QVERIFY(fits.of(LifetimeFamily::Exponential).countMatches);
        QVERIFY(std::abs(fits.of(LifetimeFamily::Exponential).fit.mtbf.value / meanGap - 1.0) < 1e-9);
        const ClusterFailureModel model = clusterFailureModel(fits, FleetDescription{1024, FleetUnit::Gpu, 8},
                                                              PlannedCluster{16, 8});
        const double expected = fits.count.exposureS / model.fleetMtbfS.value;
        QVERIFY2(expected >= fits.count.lower && expected <= fits.count.upper, qPrintable(QString::number(expected)));
        QVERIFY(std::any_of(model.notes.begin(), model.notes.end(), [](const std::string& note) {
            return note.starts_with("the model counts interruptions: 1200 failures came as 500 interruptions");
        }));
    }

    // The 95% interval of a Poisson count: Garwood's exact bounds for 100 are 81.37 .. 121.63.
    void interruptionCountInterval()
    {
        FitOptions options;
        options.bootstrapSamples = 0;
        std::vector<double> gaps(100);
        std::iota(gaps.begin(), gaps.end(), 100.0);
        const FailureLogFits fits = fitFailureLog(logFromGaps(gaps, 0.0, 1.0), options);
        QCOMPARE(fits.count.observed, std::size_t{100});
        QCOMPARE(fits.count.exposureS, std::accumulate(gaps.begin(), gaps.end(), 0.0));
        QVERIFY2(std::abs(fits.count.lower - 81.36) < 0.05, qPrintable(QString::number(fits.count.lower)));
        QVERIFY2(std::abs(fits.count.upper - 121.63) < 0.05, qPrintable(QString::number(fits.count.upper)));
    }

    // A written model whose mean expects a count outside the log's interval is calibrated to the log's
    // mean gap, and a note names both values.
    void modelReproducesTheLogCount()
    {
        FitOptions options;
        options.bootstrapSamples = 0;
        FailureLogFits fits = fitFailureLog(logFromGaps(kReferenceGaps, 0.0, 1.0), options);
        FamilyFit& used = fits.families[fits.best];
        const ClusterFailureModel agreeing = clusterFailureModel(fits, FleetDescription{16, FleetUnit::Gpu, 8},
                                                                 PlannedCluster{2, 8});
        QVERIFY(!agreeing.calibrated);
        QCOMPARE(agreeing.fleetMtbfS.value, used.fit.mtbf.value);

        used.fit.mtbf.value *= 3.0;
        used.expectedCount /= 3.0;
        used.countMatches = false;
        const ClusterFailureModel model =
            clusterFailureModel(fits, FleetDescription{16, FleetUnit::Gpu, 8}, PlannedCluster{2, 8});
        QVERIFY(model.calibrated);
        const double exposure = std::accumulate(kReferenceGaps.begin(), kReferenceGaps.end(), 0.0);
        QCOMPARE(model.fleetMtbfS.value, exposure / 15.0);
        QVERIFY(model.fleetMtbfS.lower < model.fleetMtbfS.value && model.fleetMtbfS.value < model.fleetMtbfS.upper);
        QCOMPARE(model.systemMtbfS.value, exposure / 15.0);
        const std::string note = fmt::format("mean {:.4g} h expects {:.1f} interruptions", used.fit.mtbf.value / 3600.0,
                                             used.expectedCount);
        QVERIFY(std::any_of(model.notes.begin(), model.notes.end(), [&](const std::string& n) {
            return n.find(note) != std::string::npos && n.find("of the 15 observed: the model uses the log's mean gap") !=
                                                            std::string::npos;
        }));
    }

    // Degenerate logs: failures at fewer than 3 distinct times are refused, naming the failures and the
    // interruptions they make, never fitted to an absurd mean.
    void fewerThanThreeInterruptions_data()
    {
        QTest::addColumn<double>("lastS");
        QTest::addColumn<QString>("has");
        QTest::newRow("two instants") << 9000.0 << QStringLiteral("has 100 failures in 2 interruptions");
        QTest::newRow("one tick") << 0.0 << QStringLiteral("has 100 failures in 1 interruption ");
    }
    void fewerThanThreeInterruptions()
    {
        QFETCH(double, lastS);
        QFETCH(QString, has);
        FailureLog log;
        log.timesS.assign(99, 0.0);
        log.timesS.push_back(lastS);
        log.windowEndS = lastS;
        try {
            fitFailureLog(log, FitOptions{});
            QFAIL("no error");
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.what()).find(has.toStdString()) != std::string::npos, e.what());
        }
    }

    // On a large sample the bootstrap runs on a random subsample of maxBootstrapGaps gaps: the p-values
    // keep their level (they test the subsample) and say how many gaps they tested.
    void largeSampleBootstrapsASubsample()
    {
        const RandomStreams streams(41, StreamPurpose::FailureClock);
        const LifetimeDistribution truth = LifetimeDistribution::weibull(0.7, 3000.0);
        const LifetimeSample sample = lifetimeSample(renewalLog(truth, 5000 * truth.mean(), 1e-3, streams, 0));
        const LifetimeFit fit = fitLifetime(sample, LifetimeFamily::Weibull);
        GoodnessOfFitOptions options;
        options.bootstrapSamples = 40;
        options.maxBootstrapGaps = 500;
        const GoodnessOfFit g = goodnessOfFit(sample, fit, options);
        QCOMPARE(g.bootstrapGaps, std::size_t{500});
        QCOMPARE(g.bootstrapSamples, 40);
        QVERIFY(g.ksPValue > 0.0 && g.ksPValue <= 1.0 && g.adPValue > 0.0 && g.adPValue <= 1.0);
        QCOMPARE(g.ks, ksStatistic(sample, fit.distribution));  // the statistic is the whole sample's
        options.control.threads = 1;
        const GoodnessOfFit again = goodnessOfFit(sample, fit, options);
        QCOMPARE(again.ksPValue, g.ksPValue);
        QCOMPARE(again.adPValue, g.adPValue);
        // The wrong family is rejected on the subsample too.
        const LifetimeFit exponential = fitLifetime(sample, LifetimeFamily::Exponential);
        QVERIFY(goodnessOfFit(sample, exponential, options).adPValue < 0.05);
    }

    // (d) Statistics against a fixed distribution. Reference: scipy.stats.kstest(x, dist.cdf) and
    // scipy.stats.goodness_of_fit(dist, x, known_params=..., statistic='ad') give these values; with
    // ties, scipy was given each tie at dist.ppf(dist.cdf(60) / 2).
    void statisticsMatchReference_data()
    {
        QTest::addColumn<int>("family");
        QTest::addColumn<double>("a");
        QTest::addColumn<double>("b");
        QTest::addColumn<int>("ties");
        QTest::addColumn<double>("ks");
        QTest::addColumn<double>("ad");
        QTest::newRow("exponential") << int(LifetimeFamily::Exponential) << 1500.0 << 0.0 << 0 << 0.1798150582239474
                                     << 0.9067273432050804;
        QTest::newRow("weibull") << int(LifetimeFamily::Weibull) << 0.8 << 1300.0 << 0 << 0.09868326816201323
                                 << 0.1850332038390441;
        QTest::newRow("lognormal") << int(LifetimeFamily::Lognormal) << 6.6 << 1.3 << 0 << 0.1422494379159025
                                   << 0.5150219035997772;
        QTest::newRow("weibull, 3 ties") << int(LifetimeFamily::Weibull) << 0.8 << 1300.0 << 3 << 0.21731641459895512
                                         << 1.6592029357918285;
    }
    void statisticsMatchReference()
    {
        QFETCH(int, family);
        QFETCH(double, a);
        QFETCH(double, b);
        QFETCH(int, ties);
        QFETCH(double, ks);
        QFETCH(double, ad);
        LifetimeSample sample;
        sample.exactGapsS = kReferenceGaps;
        sample.zeroGaps = static_cast<std::size_t>(ties);
        sample.resolutionS = 60.0;
        sample.censoredGapS = 1e6;  // ignored by the statistics
        const LifetimeDistribution d = distribution(LifetimeFamily(family), a, b);
        QVERIFY(std::abs(ksStatistic(sample, d) - ks) < 1e-12);
        QVERIFY(std::abs(adStatistic(sample, d) - ad) < 1e-12);
    }

    // (d) Under the null the bootstrap p-values are about uniform (200 Weibull logs of 100 failures).
    void bootstrapPValuesUniformUnderNull()
    {
        const RandomStreams streams(11, StreamPurpose::FailureClock);
        const LifetimeDistribution truth = LifetimeDistribution::weibull(0.7, 3600.0);
        constexpr int logs = 200;
        int ksBelow10 = 0, adBelow10 = 0, ksBelow50 = 0, adBelow50 = 0;
        GoodnessOfFitOptions options;
        options.bootstrapSamples = 99;
        options.control.threads = 1;
        for (int r = 0; r < logs; ++r) {
            const LifetimeSample sample = lifetimeSample(renewalLog(truth, 100 * truth.mean(), 1.0, streams, r));
            options.seed = static_cast<std::uint64_t>(r);
            const GoodnessOfFit g = goodnessOfFit(sample, fitLifetime(sample, LifetimeFamily::Weibull), options);
            ksBelow10 += g.ksPValue <= 0.1;
            adBelow10 += g.adPValue <= 0.1;
            ksBelow50 += g.ksPValue <= 0.5;
            adBelow50 += g.adPValue <= 0.5;
        }
        qInfo("null p <= 0.1: KS %d, AD %d; p <= 0.5: KS %d, AD %d (of %d)", ksBelow10, adBelow10, ksBelow50, adBelow50,
              logs);
        for (int count : {ksBelow10, adBelow10})  // 20 expected, sd 4.2
            QVERIFY2(count >= 8 && count <= 34, qPrintable(QString::number(count)));
        for (int count : {ksBelow50, adBelow50})  // 100 expected, sd 7.1
            QVERIFY2(count >= 78 && count <= 122, qPrintable(QString::number(count)));
    }

    // (d) The wrong family is rejected.
    void bootstrapRejectsWrongFamily()
    {
        const RandomStreams streams(12, StreamPurpose::FailureClock);
        const LifetimeDistribution truth = LifetimeDistribution::lognormal(8.0, 1.5);
        const LifetimeSample sample = lifetimeSample(renewalLog(truth, 1000 * truth.mean(), 1.0, streams, 0));
        GoodnessOfFitOptions options;
        options.bootstrapSamples = 99;
        for (LifetimeFamily wrong : {LifetimeFamily::Exponential, LifetimeFamily::Weibull}) {
            const GoodnessOfFit g = goodnessOfFit(sample, fitLifetime(sample, wrong), options);
            QCOMPARE(g.bootstrapSamples, 99);
            QVERIFY2(g.adPValue <= 0.02, qPrintable(QString::number(g.adPValue)));
            if (wrong == LifetimeFamily::Exponential)
                QVERIFY2(g.ksPValue <= 0.02, qPrintable(QString::number(g.ksPValue)));
        }
        const GoodnessOfFit right = goodnessOfFit(sample, fitLifetime(sample, LifetimeFamily::Lognormal), options);
        QVERIFY(right.adPValue > 0.02);
    }

    // (d) The same seed gives the same p-values whatever the thread count; progress reaches the total.
    void bootstrapIsDeterministic()
    {
        const RandomStreams streams(13, StreamPurpose::FailureClock);
        const FailureLog log = renewalLog(LifetimeDistribution::weibull(0.7, 600.0), 300 * 760.0, 60.0, streams, 0);
        FitOptions options;
        options.bootstrapSamples = 150;
        options.seed = 99;
        std::vector<FailureLogFits> runs;
        for (int threads : {1, 2, 4}) {
            options.control.threads = threads;
            std::size_t lastDone = 0, lastTotal = 0;
            options.control.progress = [&](std::size_t done, std::size_t total) {
                QVERIFY(done > lastDone);
                lastDone = done;
                lastTotal = total;
            };
            runs.push_back(fitFailureLog(log, options));
            QCOMPARE(lastDone, std::size_t{450});
            QCOMPARE(lastTotal, std::size_t{450});
        }
        for (const FailureLogFits& run : runs) {
            QVERIFY(!run.cancelled);
            QCOMPARE(run.best, runs[0].best);
            QCOMPARE(run.bestFit().deltaAic, 0.0);
            for (std::size_t f = 0; f < run.families.size(); ++f) {
                QVERIFY(run.families[f].deltaAic >= 0.0);
                QCOMPARE(run.families[f].goodness.ksPValue, runs[0].families[f].goodness.ksPValue);
                QCOMPARE(run.families[f].goodness.adPValue, runs[0].families[f].goodness.adPValue);
            }
        }
    }

    void bootstrapCancels()
    {
        const LifetimeSample sample = lifetimeSample(logFromGaps(kReferenceGaps, 0.0, 1.0));
        const std::atomic<bool> cancel{true};
        GoodnessOfFitOptions options;
        options.control.cancel = &cancel;
        const GoodnessOfFit g = goodnessOfFit(sample, fitLifetime(sample, LifetimeFamily::Weibull), options);
        QVERIFY(g.cancelled);
        QVERIFY(std::isnan(g.ksPValue) && std::isnan(g.adPValue));

        // A cancelled log fit stops at once: no further family is fitted.
        FitOptions fit;
        fit.control.cancel = &cancel;
        const FailureLogFits fits = fitFailureLog(logFromGaps(kReferenceGaps, 0.0, 1.0), fit);
        QVERIFY(fits.cancelled);
        QVERIFY(fits.families.empty());
    }

    // (e) Bad input.
    void tooFewFailures_data()
    {
        QTest::addColumn<int>("failures");
        QTest::newRow("none") << 0;
        QTest::newRow("two") << 2;
    }
    void tooFewFailures()
    {
        QFETCH(int, failures);
        FailureLog log;
        log.path = "ops.csv";
        log.windowStartS = 100.0;
        log.windowEndS = 5000.0;
        for (int i = 0; i < failures; ++i)
            log.timesS.push_back(1000.0 * (i + 1));
        try {
            lifetimeSample(log);
            QFAIL("no error");
        } catch (const InputError& e) {
            QCOMPARE(std::string(e.what()),
                     "fitting needs at least 3 failures in the window at distinct times; the window [100 s, 5000 s] "
                     "of ops.csv has " +
                         std::to_string(failures));
        }
    }

    void allTiesAndBadConfidenceAreErrors()
    {
        FailureLog log;
        log.timesS = {60.0, 60.0, 60.0};
        log.windowEndS = 60.0;
        log.resolutionS = 60.0;
        QVERIFY_THROWS_EXCEPTION(InputError, lifetimeSample(log));
        const LifetimeSample sample = lifetimeSample(logFromGaps(kReferenceGaps, 0.0, 1.0));
        for (double confidence : {0.0, 1.0, -0.5, std::nan("")}) {
            try {
                fitLifetime(sample, LifetimeFamily::Weibull, confidence);
                QFAIL("no error");
            } catch (const InputError& e) {
                const std::string message = e.what();
                QVERIFY2(message.starts_with("confidence: ") && message.ends_with("it must be in (0, 1)"), e.what());
            }
        }
    }

    // Distribution functions; the reference values are what scipy.stats weibull_min(0.8, scale=1300) and
    // lognorm(1.3, scale=e^6.6) give.
    void distributionFunctions()
    {
        const LifetimeDistribution w = LifetimeDistribution::weibull(0.8, 1300.0);
        const LifetimeDistribution l = LifetimeDistribution::lognormal(6.6, 1.3);
        for (const LifetimeDistribution& d : {w, l, LifetimeDistribution::exponential(1500.0)}) {
            for (double p : {1e-12, 0.01, 0.3, 0.5, 0.9, 0.999999})
                QVERIFY(std::abs(d.cdf(d.quantile(p)) / p - 1.0) < 1e-12);
            for (double x : {1.0, 500.0, 20000.0}) {
                QVERIFY(std::abs(d.cdf(x) + d.survival(x) - 1.0) < 1e-14);
                QVERIFY(std::abs(d.hazard(x) - d.pdf(x) / d.survival(x)) < 1e-14 * d.hazard(x));
                if (d.survival(x) < 0.5)  // above, 1 - S(x) loses digits
                    QVERIFY(std::abs(d.sample(d.survival(x)) / x - 1.0) < 1e-12);
            }
        }
        QVERIFY(std::abs(w.mean() / 1472.90402521515 - 1.0) < 1e-12);
        QVERIFY(std::abs(l.pdf(500.0) / 0.0005873710818445245 - 1.0) < 1e-12);
        QVERIFY(std::abs(l.logSurvival(1e12) / -134.56548486273473 - 1.0) < 1e-12);
        QVERIFY(std::abs(w.logCdf(1e-3) / -11.262306282083351 - 1.0) < 1e-12);
        QVERIFY(std::abs(l.logCdf(1e-2) / -40.23268216446897 - 1.0) < 1e-12);
        QVERIFY(parseLifetimeFamily("weibull") == LifetimeFamily::Weibull);
        QVERIFY(!parseLifetimeFamily("gamma"));
    }

    // The superposition rule and the scenario section.
    void clusterModelScalesByGpus()
    {
        const RandomStreams streams(21, StreamPurpose::FailureClock);
        const FailureLog log = renewalLog(LifetimeDistribution::weibull(0.7, 3000.0), 2000 * 3800.0, 1e-3, streams, 0);
        FitOptions options;
        options.bootstrapSamples = 0;
        const FailureLogFits fits = fitFailureLog(log, options);
        QCOMPARE(fits.bestFit().fit.distribution.family, LifetimeFamily::Weibull);
        QVERIFY(fits.bestFit().countMatches);
        const LifetimeFit& weibull = fits.bestFit().fit;

        const FleetDescription fleet{100, FleetUnit::Node, 8};
        const ClusterFailureModel model = clusterFailureModel(fits, fleet, PlannedCluster{64, 8});
        QCOMPARE(model.family, LifetimeFamily::Weibull);
        QCOMPARE(model.perGpuMtbfS.value, weibull.mtbf.value * 800.0);
        QCOMPARE(model.perGpuMtbfS.lower, weibull.mtbf.lower * 800.0);
        QCOMPARE(model.systemMtbfS.value, model.perGpuMtbfS.value / 512.0);
        QCOMPARE(model.systemMtbfS.upper, model.perGpuMtbfS.upper / 512.0);
        QCOMPARE(model.failuresPer1000GpuDays.value, 86.4e6 / model.perGpuMtbfS.value);
        QCOMPARE(model.failuresPer1000GpuDays.lower, 86.4e6 / model.perGpuMtbfS.upper);
        QCOMPARE(model.weibullShape, weibull.distribution.a);
        QCOMPARE(model.notes.size(), std::size_t{2});  // the stationary start, the per-group shape approximation
        QCOMPARE(fittedFailuresToJson(model.failures).at("start").get<std::string>(), std::string("stationary"));

        // The simulator reads the section.
        nlohmann::json doc = scenarioToJson(Scenario{});
        doc["failures"] = fittedFailuresToJson(model.failures);
        const Scenario scenario = scenarioFromJson(doc, "fit");
        QCOMPARE(scenario.failureModel, FailureModel::Weibull);
        QCOMPARE(scenario.systemMtbfS, model.systemMtbfS.value);
        QCOMPARE(scenario.weibullShape, model.weibullShape);
        QCOMPARE(scenario.clockStart, ClockStart::Stationary);

        QVERIFY_THROWS_EXCEPTION(
            InputError, clusterFailureModel(fits, FleetDescription{0, FleetUnit::Gpu, 8}, PlannedCluster{64, 8}));
        QVERIFY_THROWS_EXCEPTION(InputError, clusterFailureModel(fits, fleet, PlannedCluster{0, 8}));
    }

    void lognormalWinnerWritesTheBetterSimulatedModel()
    {
        const RandomStreams streams(22, StreamPurpose::FailureClock);
        const LifetimeDistribution truth = LifetimeDistribution::lognormal(8.0, 1.5);
        FitOptions options;
        options.bootstrapSamples = 0;
        const FailureLogFits fits = fitFailureLog(renewalLog(truth, 2000 * truth.mean(), 1.0, streams, 0), options);
        QCOMPARE(fits.bestFit().fit.distribution.family, LifetimeFamily::Lognormal);
        const ClusterFailureModel model =
            clusterFailureModel(fits, FleetDescription{512, FleetUnit::Gpu, 8}, PlannedCluster{16, 8});
        const LifetimeFamily better =
            fits.of(LifetimeFamily::Weibull).fit.aic <= fits.of(LifetimeFamily::Exponential).fit.aic
                ? LifetimeFamily::Weibull
                : LifetimeFamily::Exponential;
        QCOMPARE(model.family, better);
        QCOMPARE(fittedFailuresToJson(model.failures)["model"].get<std::string>(), std::string(lifetimeFamilyName(better)));
        QVERIFY(model.notes.front().starts_with("lognormal fits the log best"));
        // The Weibull mean of lognormal gaps expects more interruptions than the log saw: the model is
        // calibrated to the log's mean gap.
        QVERIFY(!fits.of(better).countMatches);
        QVERIFY(model.calibrated);
        QCOMPARE(model.fleetMtbfS.value, fits.count.exposureS / static_cast<double>(fits.count.observed));
        const double expected = fits.count.exposureS / model.fleetMtbfS.value;
        QVERIFY(expected >= fits.count.lower && expected <= fits.count.upper);
        const Scenario scenario = scenarioFromJson(nlohmann::json{{"failures", fittedFailuresToJson(model.failures)}}, "fit");
        QCOMPARE(scenario.systemMtbfS, model.systemMtbfS.value);
    }

    void fittedFailuresApplyFieldByField_data()
    {
        QTest::addColumn<bool>("weibull");
        QTest::newRow("exponential") << false;
        QTest::newRow("weibull") << true;
    }

    // withFittedFailures sets the fitted fields and clears a trace, nothing else: the same scenario as its
    // JSON with the fitted section written over; a value out of range names its key.
    void fittedFailuresApplyFieldByField()
    {
        QFETCH(bool, weibull);
        Scenario base;
        base.groups = 64;
        base.restartS = 1234.0;
        base.failureModel = FailureModel::Trace;
        base.failureTrace = "trace.csv";
        FittedFailures fitted;
        fitted.model = weibull ? FailureModel::Weibull : FailureModel::Exponential;
        fitted.systemMtbfS = 4321.5;
        if (weibull)
            fitted.weibullShape = 1.3;
        const Scenario applied = withFittedFailures(base, fitted);
        nlohmann::json doc = scenarioToJson(base);
        doc["failures"]["trace"] = "";
        const nlohmann::json section = fittedFailuresToJson(fitted);
        for (const auto& [key, value] : section.items())
            doc["failures"][key] = value;
        QVERIFY(applied == scenarioFromJson(doc, "expected"));
        QCOMPARE(applied.clockStart, ClockStart::Stationary);
        QVERIFY(applied.failureTrace.empty());
        QCOMPARE(applied.weibullShape, weibull ? 1.3 : base.weibullShape);

        fitted.systemMtbfS = 0.0;
        try {
            withFittedFailures(base, fitted);
            QFAIL("a system MTBF of 0 was applied");
        } catch (const ScenarioError& e) {
            QCOMPARE(e.issues().size(), std::size_t{1});
            QCOMPARE(e.issues().front().keyPath, std::string("failures.system_mtbf_s"));
        }
    }
};

QTEST_APPLESS_MAIN(TestLifetimeFit)
#include "test_lifetime_fit.moc"
