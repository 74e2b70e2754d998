#include "ui/charts/TimeBreakdownChart.h"

#include <QLocale>
#include <QObject>

#include <iterator>

namespace spare {
namespace {

// Okabe-Ito colours (colour-blind safe), one per part in timeBreakdownParts() order; the restart's
// first parts (detection, diagnosis, queueing) are lighter shades of the restart's vermilion.
const QColor kPartColors[] = {QColor(0x00, 0x9e, 0x73), QColor(0x56, 0xb4, 0xe9), QColor(0xf0, 0xe4, 0x42),
                              QColor(0x00, 0x72, 0xb2), QColor(0xe6, 0x9f, 0x00), QColor(0xcc, 0x79, 0xa7),
                              QColor(0x99, 0x99, 0x99), QColor(0xf4, 0xa5, 0x82), QColor(0xe8, 0x85, 0x50),
                              QColor(0xfb, 0xd0, 0xb4), QColor(0xd5, 0x5e, 0x00), QColor(0x6a, 0x3d, 0x9a),
                              QColor(0x33, 0x33, 0x33)};

QString exact(double value)
{
    return QString::number(value, 'g', QLocale::FloatingPointShortest);
}

}  // namespace

QString TimeBreakdownChart::category(const Bar& bar)
{
    QString label;
    switch (bar.policy) {
    case Policy::Spare: label = QStringLiteral("SPARe r=%1").arg(bar.redundancy); break;
    case Policy::Rep: label = QStringLiteral("Rep r=%1").arg(bar.redundancy); break;
    case Policy::Ckpt: label = QStringLiteral("CKPT-only"); break;
    case Policy::Elastic: label = QStringLiteral("Elastic DP"); break;
    case Policy::Rebalance: label = QStringLiteral("Re-balance"); break;
    }
    return bar.completed ? label : label + QStringLiteral(" (unfinished)");
}

ChartSpec TimeBreakdownChart::build(const QVector<Bar>& bars, const QString& subtitle)
{
    ChartSpec spec;
    spec.id = QString::fromLatin1(kId);
    spec.title = QObject::tr("Where did the time go");
    spec.subtitle = subtitle;
    spec.xLabel = QObject::tr("policy and r");
    spec.yLabel = QObject::tr("time (h)");
    spec.table.columns = {QStringLiteral("bar"), QStringLiteral("policy"), QStringLiteral("redundancy"),
                          QStringLiteral("part"), QStringLiteral("seconds"), QStringLiteral("share_of_ttt"),
                          QStringLiteral("ttt_s")};
    ChartStackedBars& stacked = spec.stackedBars;
    const auto parts = timeBreakdownParts();
    for (std::size_t p = 0; p < parts.size(); ++p) {
        stacked.segmentNames.append(QString::fromLatin1(parts[p].label));
        stacked.segmentColors.append(kPartColors[p % std::size(kPartColors)]);
        stacked.values.append(QVector<double>{});
    }
    for (const Bar& bar : bars) {
        stacked.categories.append(category(bar));
        for (std::size_t p = 0; p < parts.size(); ++p) {
            const double seconds = bar.parts.*parts[p].seconds;
            stacked.values[static_cast<qsizetype>(p)].append(seconds / 3600.0);
            spec.table.rows.append({category(bar), QString::fromLatin1(policyName(bar.policy)),
                                    QString::number(bar.redundancy), QString::fromLatin1(parts[p].key),
                                    exact(seconds), exact(bar.tttS > 0.0 ? seconds / bar.tttS : 0.0), exact(bar.tttS)});
        }
    }
    return spec;
}

}  // namespace spare
