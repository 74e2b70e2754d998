#include "ui/campaign/CampaignCharts.h"

#include "ui/campaign/CampaignColorScale.h"
#include "ui/campaign/CampaignData.h"

#include <algorithm>
#include <cmath>

namespace spare {

namespace {

QString number(double value)
{
    return std::isfinite(value) ? QString::number(value, 'g', 10) : QString();
}

// "campaign; k1 = v1, k2 = v2" for the free keys not on an axis (the base point), and the reduced keys.
QString subtitle(const CampaignData& data, const CampaignSelection& s, const QVector<int>& shownKeys)
{
    QStringList fixed;
    for (int k : CampaignMetric::freeKeys(s.metric, data))
        if (!shownKeys.contains(k))
            fixed.append(QStringLiteral("%1 = %2").arg(data.keys()[k].name, data.keys()[k].values[s.point[k]]));
    QStringList parts{data.campaignName().isEmpty() ? data.source() : data.campaignName()};
    if (!fixed.isEmpty())
        parts.append(fixed.join(QStringLiteral(", ")));
    const QStringList reduced = CampaignMetric::reducedKeys(s.metric);
    if (!reduced.isEmpty())
        parts.append(QStringLiteral("over %1").arg(reduced.join(QStringLiteral(", "))));
    return parts.join(QStringLiteral("; "));
}

QString axisLabel(const CampaignKey& key)
{
    if (key.isNumeric())
        return key.name;
    QStringList legend;
    for (qsizetype i = 0; i < key.values.size(); ++i)
        legend.append(QStringLiteral("%1 = %2").arg(i).arg(key.values[i]));
    return QStringLiteral("%1 (%2)").arg(key.name, legend.join(QStringLiteral(", ")));
}

}  // namespace

QStringList CampaignCharts::names()
{
    return {QStringLiteral("heatmap"), QStringLiteral("tornado"), QStringLiteral("ci-bands")};
}

ChartSpec CampaignCharts::build(const QString& name, const CampaignData& data, const CampaignSelection& selection)
{
    if (name == QLatin1String("tornado"))
        return tornado(data, selection);
    if (name == QLatin1String("ci-bands"))
        return ciBands(data, selection);
    return heatmap(data, selection);
}

ChartSpec CampaignCharts::heatmap(const CampaignData& data, const CampaignSelection& s)
{
    const CampaignKey& x = data.keys()[s.xKey];
    const CampaignKey* y = s.yKey >= 0 ? &data.keys()[s.yKey] : nullptr;
    const int rows = y ? static_cast<int>(y->values.size()) : 1;
    const int columns = static_cast<int>(x.values.size());
    ChartSpec spec;
    spec.id = QStringLiteral("campaign-heatmap");
    spec.title = CampaignMetric::label(s.metric);
    spec.subtitle = subtitle(data, s, {s.xKey, s.yKey});
    spec.xLabel = x.name;
    spec.yLabel = y ? y->name : QString();
    spec.table.columns = QString::fromLatin1(kHeatmapCsvHeader).split(QLatin1Char(','));

    QVector<CampaignValue> cells;  // row-major, y ascending
    QVector<double> means;
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < columns; ++c) {
            const CampaignValue v = CampaignMetric::value(s.metric, data, s.pointAt(c, r));
            cells.append(v);
            means.append(v.mean);
            spec.table.rows.append({x.name, x.values[c], y ? y->name : QString(), y ? y->values[r] : QString(),
                                    CampaignMetric::name(s.metric), number(v.mean), number(v.low), number(v.high),
                                    QString::number(v.n)});
        }
    const CampaignColorScale scale(s.metric, means);
    ChartHeatMap& map = spec.heatMap;
    map.rows = rows;
    map.columns = columns;
    map.levelColors = scale.levelColors();
    map.levelNames = scale.levelNames();
    const bool missing = std::any_of(means.begin(), means.end(), [](double m) { return !std::isfinite(m); });
    if (missing) {
        map.levelColors.append(scale.color(std::nan("")));
        map.levelNames.append(QStringLiteral("no runs"));
    }
    // Row 0 is drawn at the top: the highest y value.
    for (int r = rows - 1; r >= 0; --r) {
        map.rowLabels.append(y ? y->values[r] : QString());
        for (int c = 0; c < columns; ++c) {
            const int level = scale.level(cells[r * columns + c].mean);
            map.values.append(level < 0 ? static_cast<int>(map.levelColors.size()) - 1 : level);
            map.cellText.append(CampaignMetric::format(s.metric, cells[r * columns + c].mean, 3));
        }
    }
    map.columnLabels = x.values;
    map.xMax = columns;
    map.yMax = rows;
    return spec;
}

QVector<CampaignCharts::TornadoBar> CampaignCharts::tornadoBars(const CampaignData& data, const CampaignSelection& s)
{
    QVector<TornadoBar> bars;
    for (int k : CampaignMetric::freeKeys(s.metric, data)) {
        TornadoBar bar;
        bar.key = k;
        QVector<int> point = s.point;
        for (int i = 0; i < data.keys()[k].values.size(); ++i) {
            point[k] = i;
            const CampaignValue v = CampaignMetric::value(s.metric, data, point);
            if (!v.isValid())
                continue;
            if (bar.lowIndex < 0 || v.mean < bar.low.mean) {
                bar.low = v;
                bar.lowIndex = i;
            }
            if (bar.highIndex < 0 || v.mean > bar.high.mean) {
                bar.high = v;
                bar.highIndex = i;
            }
        }
        if (bar.lowIndex >= 0)
            bars.append(bar);
    }
    std::stable_sort(bars.begin(), bars.end(), [](const TornadoBar& a, const TornadoBar& b) { return a.swing() > b.swing(); });
    return bars;
}

ChartSpec CampaignCharts::tornado(const CampaignData& data, const CampaignSelection& s)
{
    const CampaignValue base = CampaignMetric::value(s.metric, data, s.point);
    ChartSpec spec;
    spec.id = QStringLiteral("campaign-tornado");
    spec.title = QStringLiteral("Sensitivity of %1 (one key at a time)").arg(CampaignMetric::label(s.metric));
    QStringList at;
    for (int k : CampaignMetric::freeKeys(s.metric, data))
        at.append(QStringLiteral("%1 = %2").arg(data.keys()[k].name, data.keys()[k].values[s.point[k]]));
    spec.subtitle = QStringLiteral("%1; base point %2 (%3 %4)")
                        .arg(data.campaignName(), at.join(QStringLiteral(", ")), CampaignMetric::name(s.metric),
                             CampaignMetric::format(s.metric, base.mean));
    spec.xLabel = QStringLiteral("change of %1 from the base point").arg(CampaignMetric::label(s.metric));
    spec.yLabel = QStringLiteral("grid key");
    spec.table.columns = {QStringLiteral("key"),      QStringLiteral("swing"),   QStringLiteral("low"),
                          QStringLiteral("low_at"),   QStringLiteral("high"),    QStringLiteral("high_at"),
                          QStringLiteral("base"),     QStringLiteral("base_at")};
    spec.bars.base = base.mean;
    spec.bars.lowName = QStringLiteral("lowest value over the key's range");
    spec.bars.highName = QStringLiteral("highest value");
    for (const TornadoBar& bar : tornadoBars(data, s)) {
        const CampaignKey& key = data.keys()[bar.key];
        spec.bars.categories.append(QStringLiteral("%1 (%2 .. %3)").arg(key.name, key.values.first(), key.values.last()));
        spec.bars.low.append(bar.low.mean);
        spec.bars.high.append(bar.high.mean);
        spec.table.rows.append({key.name, number(bar.swing()), number(bar.low.mean), key.values[bar.lowIndex],
                                number(bar.high.mean), key.values[bar.highIndex], number(base.mean),
                                key.values[s.point[bar.key]]});
    }
    if (!base.isValid())  // no run at the base point: bars around nothing would mislead
        spec.bars.categories.clear();
    return spec;
}

ChartSpec CampaignCharts::ciBands(const CampaignData& data, const CampaignSelection& s)
{
    const CampaignKey& x = data.keys()[s.xKey];
    const CampaignKey* y = s.yKey >= 0 ? &data.keys()[s.yKey] : nullptr;
    ChartSpec spec;
    spec.id = QStringLiteral("campaign-ci-bands");
    spec.title = QStringLiteral("%1 with its 95% confidence interval").arg(CampaignMetric::label(s.metric));
    spec.subtitle = subtitle(data, s, {s.xKey, s.yKey});
    spec.xLabel = axisLabel(x);
    spec.yLabel = CampaignMetric::label(s.metric);
    spec.integerX = !x.isNumeric() || std::all_of(x.numbers.begin(), x.numbers.end(), [](double v) { return v == std::floor(v); });
    for (int r = 0; r < (y ? y->values.size() : 1); ++r) {
        ChartSeries series;
        series.name = y ? QStringLiteral("%1 = %2").arg(y->name, y->values[r]) : CampaignMetric::label(s.metric);
        bool banded = true;
        for (int c = 0; c < x.values.size(); ++c) {
            const CampaignValue v = CampaignMetric::value(s.metric, data, s.pointAt(c, r));
            if (!v.isValid())
                continue;
            series.points.append(QPointF(x.isNumeric() ? x.numbers[c] : c, v.mean));
            series.bandLow.append(v.low);
            series.bandHigh.append(v.high);
            banded = banded && v.hasInterval();
        }
        if (!banded) {
            series.bandLow.clear();
            series.bandHigh.clear();
        }
        if (!series.points.isEmpty())
            spec.series.append(series);
    }
    return spec;
}

}  // namespace spare
