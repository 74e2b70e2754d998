#pragma once

// Shared by the chart and window suites: a chart legend shows every entry whole and inside its view.
#include "ui/charts/ChartLegendFlow.h"

#include <QChart>
#include <QChartView>
#include <QGraphicsTextItem>
#include <QLegend>
#include <QTextDocumentFragment>
#include <QtTest>

namespace spare::test {

// Every legend entry shows its whole name inside the part of the chart its view shows on screen.
inline void verifyLegendFits(QChartView* view)
{
    auto* legend = view->chart()->findChild<ChartLegendFlow*>();
    QVERIFY(legend);
    QVERIFY(!view->chart()->legend()->isVisible());
    QVERIFY(!legend->entries().isEmpty());
    const QRectF shown = view->mapToScene(view->viewport()->visibleRegion().boundingRect()).boundingRect();
    for (qsizetype i = 0; i < legend->entries().size(); ++i) {
        const QGraphicsTextItem* label = legend->labels()[i];
        QCOMPARE(label->toPlainText(), QTextDocumentFragment::fromHtml(legend->entries()[i].name).toPlainText());
        QVERIFY2(shown.contains(label->sceneBoundingRect()),
                 qPrintable(QStringLiteral("%1 at %2,%3 %4x%5 outside %6x%7")
                                .arg(label->toPlainText())
                                .arg(label->sceneBoundingRect().x())
                                .arg(label->sceneBoundingRect().y())
                                .arg(label->sceneBoundingRect().width())
                                .arg(label->sceneBoundingRect().height())
                                .arg(shown.width())
                                .arg(shown.height())));
    }
}

}  // namespace spare::test
