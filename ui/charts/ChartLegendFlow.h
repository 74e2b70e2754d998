#pragma once

#include "ui/charts/ChartLegendEntry.h"

#include <QFont>
#include <QObject>
#include <QVector>

class QChart;
class QGraphicsItem;
class QGraphicsTextItem;

namespace spare {

// A legend under the plot that wraps into as many centred rows as the chart's width needs, where Qt's
// own legend keeps one row and elides the names of a chart with many series or a narrow figure. It
// reserves its height in the chart's bottom margin and lays itself out again when the chart resizes.
class ChartLegendFlow : public QObject {
    Q_OBJECT

public:
    ChartLegendFlow(QChart* chart, QVector<ChartLegendEntry> entries, const QFont& font, const QColor& textColor);

    // For charts whose series come and go (the race's progress chart).
    void setEntries(QVector<ChartLegendEntry> entries);
    void setFont(const QFont& font);

    int rowCount() const { return rows_; }
    const QVector<ChartLegendEntry>& entries() const { return entries_; }
    const QVector<QGraphicsTextItem*>& labels() const { return labels_; }

private:
    void layOut();

    QChart* chart_;
    QFont font_;
    QColor textColor_;
    QVector<ChartLegendEntry> entries_;
    QVector<QGraphicsItem*> symbols_;
    QVector<QGraphicsTextItem*> labels_;
    double symbolWidth_ = 0.0;
    int rows_ = 0;
};

}  // namespace spare
