#include "ui/planning/FitCharts.h"

#include "ui/charts/ChartPalette.h"
#include "ui/charts/ChartThinning.h"

#include <QDateTime>
#include <QObject>

#include <algorithm>
#include <cmath>

namespace spare {

namespace {

constexpr int kCurvePoints = 200;
constexpr int kHazardBins = 12;
constexpr int kChartColumns = 900;
constexpr double kWeekS = 7.0 * 86400.0;

struct GapUnit {
    double seconds = 1.0;
    QString name;
};

// Hours for gaps of hours, minutes for minutes, else seconds: the axis reads in the log's own scale.
GapUnit gapUnit(const LifetimeSample& sample)
{
    double sum = 0.0;
    for (double gap : sample.exactGapsS)
        sum += gap;
    const double mean = sample.exactGapsS.empty() ? 0.0 : sum / static_cast<double>(sample.exactGapsS.size());
    if (mean >= 2.0 * 3600.0)
        return {3600.0, QObject::tr("h")};
    if (mean >= 120.0)
        return {60.0, QObject::tr("min")};
    return {1.0, QObject::tr("s")};
}

QString familyLabel(LifetimeFamily family)
{
    switch (family) {
    case LifetimeFamily::Exponential: return QObject::tr("exponential");
    case LifetimeFamily::Weibull: return QObject::tr("Weibull");
    case LifetimeFamily::Lognormal: return QObject::tr("lognormal");
    }
    return {};
}

QColor familyColor(LifetimeFamily family) { return ChartPalette::series(static_cast<int>(family)); }

QColor empiricalColor() { return QColor(0x20, 0x20, 0x20); }

std::vector<double> sortedGaps(const LifetimeSample& sample)
{
    std::vector<double> gaps = sample.exactGapsS;
    std::sort(gaps.begin(), gaps.end());
    return gaps;
}

// The gap below which `share` of the uncensored gaps lie (ties count as zero).
double gapQuantile(const LifetimeSample& sample, const std::vector<double>& sorted, double share)
{
    if (sorted.empty())
        return sample.resolutionS;
    const auto n = static_cast<double>(sample.uncensored());
    const double rank = std::ceil(share * n) - static_cast<double>(sample.zeroGaps);
    const auto index = static_cast<std::size_t>(std::clamp(rank - 1.0, 0.0, static_cast<double>(sorted.size() - 1)));
    return sorted[index];
}

QString subtitle(const LifetimeSample& sample)
{
    return QObject::tr("%1 gaps between failures, %2 ties, %3").arg(sample.uncensored()).arg(sample.zeroGaps)
        .arg(sample.censoredGapS > 0.0 ? QObject::tr("one censored tail") : QObject::tr("no censored tail"));
}

ChartSeries familyCurve(const FamilyFit& f, double xMax, double xMinShare, const GapUnit& unit, bool hazard)
{
    ChartSeries s;
    const LifetimeDistribution& d = f.fit.distribution;
    s.name = QObject::tr("%1 fit").arg(familyLabel(d.family));
    s.color = familyColor(d.family);
    s.style = ChartSeries::Style::DashedLine;
    for (int i = 0; i <= kCurvePoints; ++i) {
        const double x = xMax * (xMinShare + (1.0 - xMinShare) * i / kCurvePoints);
        const double y = hazard ? d.hazard(x * unit.seconds) * unit.seconds : d.cdf(x * unit.seconds);
        if (std::isfinite(y))
            s.points.append(QPointF(x, y));
    }
    return s;
}

}  // namespace

QStringList FitCharts::names()
{
    return {QStringLiteral("weibull-plot"), QStringLiteral("cdf"), QStringLiteral("per-week"), QStringLiteral("hazard")};
}

ChartSpec FitCharts::build(const QString& name, const FailureLog& log, const FailureLogFits& fits)
{
    if (name == QLatin1String("cdf"))
        return cdf(fits);
    if (name == QLatin1String("per-week"))
        return perWeek(log);
    if (name == QLatin1String("hazard"))
        return hazard(fits);
    return weibullPlot(fits);
}

ChartSpec FitCharts::weibullPlot(const FailureLogFits& fits)
{
    const LifetimeSample& sample = fits.sample;
    const GapUnit unit = gapUnit(sample);
    ChartSpec spec;
    spec.id = QStringLiteral("fit-weibull-plot");
    spec.title = QObject::tr("Weibull probability plot of the gaps");
    spec.subtitle = subtitle(sample);
    spec.xLabel = QObject::tr("ln(gap / %1)").arg(unit.name);
    spec.yLabel = QObject::tr("ln(-ln(1 - F))");
    ChartSeries points;
    points.name = QObject::tr("gaps (median ranks)");
    points.style = ChartSeries::Style::Points;
    points.color = empiricalColor();
    const std::vector<double> gaps = sortedGaps(sample);
    const double n = static_cast<double>(sample.uncensored());
    for (std::size_t i = 0; i < gaps.size(); ++i) {
        const double rank = static_cast<double>(sample.zeroGaps + i + 1);
        const double f = (rank - 0.3) / (n + 0.4);
        points.points.append(QPointF(std::log(gaps[i] / unit.seconds), std::log(-std::log1p(-f))));
    }
    spec.series.append(points);
    const LifetimeDistribution& weibull = fits.of(LifetimeFamily::Weibull).fit.distribution;
    if (!points.points.isEmpty()) {
        ChartSeries line;
        line.name = QObject::tr("Weibull fit, k = %1").arg(weibull.a, 0, 'g', 3);
        line.color = familyColor(LifetimeFamily::Weibull);
        const double lnScale = std::log(weibull.b / unit.seconds);
        for (const double x : {points.points.front().x(), points.points.back().x()})
            line.points.append(QPointF(x, weibull.a * (x - lnScale)));
        spec.series.append(line);
    }
    return thinForColumns(spec, kChartColumns);
}

ChartSpec FitCharts::cdf(const FailureLogFits& fits)
{
    const LifetimeSample& sample = fits.sample;
    const GapUnit unit = gapUnit(sample);
    const std::vector<double> gaps = sortedGaps(sample);
    // The upper 1% would squeeze the body of the distribution into a corner.
    const double xMax = gapQuantile(sample, gaps, 0.99) / unit.seconds;
    ChartSpec spec;
    spec.id = QStringLiteral("fit-cdf");
    spec.title = QObject::tr("Gaps between failures: empirical and fitted CDFs");
    spec.subtitle = subtitle(sample) + QObject::tr("; up to the 99th percentile");
    spec.xLabel = QObject::tr("gap (%1)").arg(unit.name);
    spec.yLabel = QObject::tr("P(gap <= t)");
    spec.yUpperBound = 1.0;
    ChartSeries empirical;
    empirical.name = QObject::tr("empirical");
    empirical.color = empiricalColor();
    const double n = static_cast<double>(sample.uncensored());
    double below = static_cast<double>(sample.zeroGaps);
    empirical.points.append(QPointF(0.0, below / n));
    for (const double gap : gaps) {
        const double x = gap / unit.seconds;
        if (x > xMax)
            break;
        empirical.points.append(QPointF(x, below / n));
        below += 1.0;
        empirical.points.append(QPointF(x, below / n));
    }
    spec.series.append(empirical);
    for (const FamilyFit& f : fits.families)
        spec.series.append(familyCurve(f, xMax, 0.0, unit, false));
    return thinForColumns(spec, kChartColumns);
}

ChartSpec FitCharts::perWeek(const FailureLog& log)
{
    ChartSpec spec;
    spec.id = QStringLiteral("fit-failures-per-week");
    spec.title = QObject::tr("Failures per week");
    const QDateTime start = QDateTime::fromSecsSinceEpoch(static_cast<qint64>(std::floor(log.windowStartS)), Qt::UTC);
    const double span = std::max(log.windowEndS - log.windowStartS, 1.0);
    const int weeks = std::max(1, static_cast<int>(std::ceil(span / kWeekS)));
    spec.subtitle = QObject::tr("%1 failures in %2 weeks from %3 UTC%4")
                        .arg(log.timesS.size())
                        .arg(span / kWeekS, 0, 'f', 1)
                        .arg(start.toString(Qt::ISODate))
                        .arg(span < weeks * kWeekS ? QObject::tr("; the last week is partial") : QString());
    spec.xLabel = QObject::tr("week of the window");
    spec.yLabel = QObject::tr("failures");
    spec.integerY = true;
    QVector<double> counts(weeks, 0.0);
    for (const double t : log.timesS)
        counts[std::clamp(static_cast<int>((t - log.windowStartS) / kWeekS), 0, weeks - 1)] += 1.0;
    ChartSeries steps;
    steps.name = QObject::tr("failures per week");
    steps.color = ChartPalette::series(0);
    for (int w = 0; w < weeks; ++w) {
        steps.points.append(QPointF(w, counts[w]));
        steps.points.append(QPointF(w + 1, counts[w]));
    }
    spec.series.append(steps);
    return spec;
}

ChartSpec FitCharts::hazard(const FailureLogFits& fits)
{
    const LifetimeSample& sample = fits.sample;
    const GapUnit unit = gapUnit(sample);
    const std::vector<double> gaps = sortedGaps(sample);
    const double xMaxS = std::max(gapQuantile(sample, gaps, 0.95), sample.resolutionS);
    const double binS = xMaxS / kHazardBins;
    // Failures and exposure (time at risk) per bin of time since the last failure.
    QVector<double> events(kHazardBins, 0.0);
    QVector<double> exposure(kHazardBins, 0.0);
    const auto expose = [&](double lengthS) {
        for (int b = 0; b < kHazardBins; ++b)
            exposure[b] += std::clamp(lengthS - b * binS, 0.0, binS);
    };
    for (const double gap : gaps) {
        expose(gap);
        if (gap < xMaxS)
            events[std::min(kHazardBins - 1, static_cast<int>(gap / binS))] += 1.0;
    }
    // A tie is a failure less than one tick after the one before: half a tick at risk.
    events[0] += static_cast<double>(sample.zeroGaps);
    exposure[0] += static_cast<double>(sample.zeroGaps) * std::min(sample.resolutionS / 2.0, binS);
    if (sample.censoredGapS > 0.0)
        expose(sample.censoredGapS);

    ChartSpec spec;
    spec.id = QStringLiteral("fit-hazard");
    spec.title = QObject::tr("Hazard against time since the last failure");
    spec.subtitle = subtitle(sample) + QObject::tr("; %1 bins up to the 95th percentile").arg(kHazardBins);
    spec.xLabel = QObject::tr("time since the last failure (%1)").arg(unit.name);
    spec.yLabel = QObject::tr("failures per %1 at risk").arg(unit.name);
    ChartSeries empirical;
    empirical.name = QObject::tr("empirical (binned)");
    empirical.style = ChartSeries::Style::Points;
    empirical.color = empiricalColor();
    double highest = 0.0;
    for (int b = 0; b < kHazardBins; ++b) {
        if (exposure[b] <= 0.0)
            continue;
        const double rate = events[b] / exposure[b] * unit.seconds;
        highest = std::max(highest, rate);
        empirical.points.append(QPointF((b + 0.5) * binS / unit.seconds, rate));
    }
    spec.series.append(empirical);
    for (const FamilyFit& f : fits.families)
        spec.series.append(familyCurve(f, xMaxS / unit.seconds, 0.01, unit, true));
    // A decreasing hazard runs to infinity at 0: keep the binned estimates in view.
    if (highest > 0.0)
        spec.yUpperBound = 2.0 * highest;
    return spec;
}

}  // namespace spare
