#include "ui/campaign/CampaignCommandLine.h"

#include "ui/campaign/CampaignCharts.h"
#include "ui/campaign/CampaignData.h"
#include "ui/campaign/CampaignResultsLoader.h"
#include "ui/charts/ChartExporter.h"

#include <cstdio>

namespace spare {

namespace {

int fail(int code, const QString& message)
{
    std::fprintf(stderr, "spare-studio: %s\n", qUtf8Printable(message));
    return code;
}

QStringList keyNames(const CampaignData& data, const QVector<int>& keys)
{
    QStringList names;
    for (int k : keys)
        names.append(data.keys()[k].name);
    return names;
}

// The free key named by an axis flag; -1 and *error when it is not one.
int axisKey(const CampaignData& data, const QVector<int>& free, const QString& flag, const QString& name, QString* error)
{
    const int k = data.keyIndex(name);
    if (k >= 0 && free.contains(k))
        return k;
    *error = QStringLiteral("%1 '%2': allowed %3").arg(flag, name, keyNames(data, free).join(QStringLiteral(", ")));
    return -1;
}

}  // namespace

std::optional<CampaignSelection> CampaignCommandLine::selection(const CampaignData& data, const CampaignChartRequest& request,
                                                                QString* error)
{
    const auto metric =
        request.metric.isEmpty() ? CampaignMetric::Kind::TttRatio : CampaignMetric::parse(request.metric);
    if (!metric) {
        *error = QStringLiteral("--metric '%1': allowed %2").arg(request.metric, CampaignMetric::names().join(QStringLiteral(", ")));
        return std::nullopt;
    }
    const QString unavailable = CampaignMetric::unavailableReason(*metric, data);
    if (!unavailable.isEmpty()) {
        *error = QStringLiteral("--metric '%1': %2").arg(CampaignMetric::name(*metric), unavailable);
        return std::nullopt;
    }
    CampaignSelection s = CampaignSelection::defaults(data, *metric);
    const QVector<int> free = CampaignMetric::freeKeys(*metric, data);
    if (!request.x.isEmpty() && (s.xKey = axisKey(data, free, QStringLiteral("--x"), request.x, error)) < 0)
        return std::nullopt;
    if (!request.y.isEmpty() && (s.yKey = axisKey(data, free, QStringLiteral("--y"), request.y, error)) < 0)
        return std::nullopt;
    if (s.xKey == s.yKey) {
        // --x alone may pick the default y key: y moves to the first other free key.
        if (!request.y.isEmpty() || request.x.isEmpty()) {
            *error = QStringLiteral("--y '%1': the same key as --x; allowed another of %2")
                         .arg(data.keys()[s.yKey].name, keyNames(data, free).join(QStringLiteral(", ")));
            return std::nullopt;
        }
        s.yKey = -1;
        for (int k : free)
            if (k != s.xKey) {
                s.yKey = k;
                break;
            }
    }
    for (const QString& pair : request.fixes) {
        const QString name = pair.section(QLatin1Char('='), 0, 0);
        const QString value = pair.section(QLatin1Char('='), 1);
        const int k = data.keyIndex(name);
        if (k < 0 || !free.contains(k)) {
            *error = QStringLiteral("--fix '%1': unknown key %2; allowed %3").arg(pair, name, keyNames(data, free).join(QStringLiteral(", ")));
            return std::nullopt;
        }
        const int index = data.keys()[k].indexOf(value);
        if (index < 0) {
            *error = QStringLiteral("--fix '%1': %2 has no value %3; allowed %4")
                         .arg(pair, name, value, data.keys()[k].values.join(QStringLiteral(", ")));
            return std::nullopt;
        }
        s.point[k] = index;
    }
    return s;
}

int CampaignCommandLine::exportChart(const CampaignChartRequest& request, std::shared_ptr<const CampaignData>* checked)
{
    QStringList problems;
    const auto data = CampaignResultsLoader::load(request.path, &problems);
    if (!data) {
        for (const QString& problem : problems)
            fail(2, problem);
        return 2;
    }
    QString error;
    const auto selection = CampaignCommandLine::selection(*data, request, &error);
    if (!selection)
        return fail(2, error);
    const QString problem = selection->problem(*data);
    if (!problem.isEmpty())
        return fail(2, QStringLiteral("--campaign '%1': %2").arg(request.path, problem));
    if (checked)
        *checked = data;
    if (request.chart.isEmpty())
        return 0;
    const ChartSpec spec = CampaignCharts::build(request.chart, *data, *selection);
    if (spec.heatMap.isEmpty() && spec.bars.isEmpty() && spec.series.isEmpty())
        return fail(1, QStringLiteral("--export-chart %1: nothing to draw at this base point (no runs there); choose "
                                      "another with --fix").arg(request.chart));
    ChartExporter::Format format{};
    ChartExporter::formatForPath(request.chartOut, &format);
    if (!ChartExporter::write(spec, request.chartOut, format, &error, request.chartOptions))
        return fail(1, error);
    return 0;
}

}  // namespace spare
