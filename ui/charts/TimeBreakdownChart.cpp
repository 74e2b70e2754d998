#include "ui/charts/TimeBreakdownChart.h"

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

QStringList texts(const std::vector<std::string>& items)
{
    QStringList list;
    for (const std::string& item : items)
        list.append(QString::fromStdString(item));
    return list;
}

}  // namespace

QString TimeBreakdownChart::category(const Bar& bar)
{
    return QString::fromStdString(TimeBreakdownTable::category(bar));
}

ChartSpec TimeBreakdownChart::build(const QVector<Bar>& bars, const QString& subtitle)
{
    ChartSpec spec;
    spec.id = QString::fromLatin1(kId);
    spec.title = QObject::tr("Where did the time go");
    spec.subtitle = subtitle;
    spec.xLabel = QObject::tr("policy and r");
    spec.yLabel = QObject::tr("time (h)");
    spec.table.columns = texts(TimeBreakdownTable::columns());
    for (const std::vector<std::string>& row : TimeBreakdownTable::rows({bars.begin(), bars.end()}))
        spec.table.rows.append(texts(row));
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
        }
    }
    return spec;
}

}  // namespace spare
