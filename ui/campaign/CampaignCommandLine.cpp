#include "campaign/CampaignCommandLine.h"

#include "StudioOptions.h"
#include "campaign/CampaignCharts.h"
#include "campaign/CampaignData.h"
#include "campaign/CampaignResultsLoader.h"
#include "charts/ChartExporter.h"

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

std::optional<CampaignSelection> CampaignCommandLine::selection(const CampaignData& data, const StudioOptions& options,
                                                                QString* error)
{
    const auto metric = options.campaignMetric.isEmpty() ? CampaignMetric::Kind::TttRatio
                                                         : CampaignMetric::parse(options.campaignMetric);
    if (!metric) {
        *error = QStringLiteral("--metric '%1': allowed %2").arg(options.campaignMetric, CampaignMetric::names().join(QStringLiteral(", ")));
        return std::nullopt;
    }
    const QString unavailable = CampaignMetric::unavailableReason(*metric, data);
    if (!unavailable.isEmpty()) {
        *error = QStringLiteral("--metric '%1': %2").arg(CampaignMetric::name(*metric), unavailable);
        return std::nullopt;
    }
    CampaignSelection s = CampaignSelection::defaults(data, *metric);
    const QVector<int> free = CampaignMetric::freeKeys(*metric, data);
    if (!options.campaignX.isEmpty() && (s.xKey = axisKey(data, free, QStringLiteral("--x"), options.campaignX, error)) < 0)
        return std::nullopt;
    if (!options.campaignY.isEmpty() && (s.yKey = axisKey(data, free, QStringLiteral("--y"), options.campaignY, error)) < 0)
        return std::nullopt;
    if (s.xKey == s.yKey) {
        // --x alone may pick the default y key: y moves to the first other free key.
        if (!options.campaignY.isEmpty() || options.campaignX.isEmpty()) {
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
    for (const QString& pair : options.campaignFixes) {
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

int CampaignCommandLine::exportChart(const StudioOptions& options, std::shared_ptr<const CampaignData>* checked)
{
    QStringList problems;
    const auto data = CampaignResultsLoader::load(options.campaignPath, &problems);
    if (!data) {
        for (const QString& problem : problems)
            fail(2, problem);
        return 2;
    }
    QString error;
    const auto selection = CampaignCommandLine::selection(*data, options, &error);
    if (!selection)
        return fail(2, error);
    const QString problem = selection->problem(*data);
    if (!problem.isEmpty())
        return fail(2, QStringLiteral("--campaign '%1': %2").arg(options.campaignPath, problem));
    if (checked)
        *checked = data;
    if (options.exportChart.isEmpty())
        return 0;
    const ChartSpec spec = CampaignCharts::build(options.exportChart, *data, *selection);
    if (spec.heatMap.isEmpty() && spec.bars.isEmpty() && spec.series.isEmpty())
        return fail(1, QStringLiteral("--export-chart %1: nothing to draw at this base point (no runs there); choose "
                                      "another with --fix").arg(options.exportChart));
    ChartExporter::Format format{};
    ChartExporter::formatForPath(options.exportChartOut, &format);
    if (!ChartExporter::write(spec, options.exportChartOut, format, &error, options.chartExport))
        return fail(1, error);
    return 0;
}

}  // namespace spare
