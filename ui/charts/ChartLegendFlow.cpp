#include "ui/charts/ChartLegendFlow.h"

#include <QChart>
#include <QFontMetricsF>
#include <QGraphicsLineItem>
#include <QGraphicsPathItem>
#include <QGraphicsTextItem>
#include <QTextDocument>
#include <QPainterPath>
#include <QtMath>

#include <algorithm>

namespace spare {
namespace {

QPainterPath symbolPath(ChartLegendEntry::Symbol symbol, double size)
{
    QPainterPath path;
    const double h = size / 2.0;
    switch (symbol) {
    case ChartLegendEntry::Symbol::Line:
        break;
    case ChartLegendEntry::Symbol::Circle:
        path.addEllipse(QPointF(0, 0), h, h);
        break;
    case ChartLegendEntry::Symbol::Square:
        path.addRect(-h, -h, size, size);
        break;
    case ChartLegendEntry::Symbol::Diamond:
        path.moveTo(0, -h);
        path.lineTo(h, 0);
        path.lineTo(0, h);
        path.lineTo(-h, 0);
        path.closeSubpath();
        break;
    case ChartLegendEntry::Symbol::Star:
        for (int i = 0; i < 10; ++i) {
            const double radius = i % 2 == 0 ? h * 1.25 : h * 0.5;
            const double angle = -M_PI / 2.0 + i * M_PI / 5.0;
            const QPointF p(radius * std::cos(angle), radius * std::sin(angle));
            i == 0 ? path.moveTo(p) : path.lineTo(p);
        }
        path.closeSubpath();
        break;
    }
    return path;
}

}  // namespace

ChartLegendFlow::ChartLegendFlow(QChart* chart, QVector<ChartLegendEntry> entries, const QFont& font,
                                 const QColor& textColor)
    : QObject(chart), chart_(chart), font_(font), textColor_(textColor)
{
    connect(chart, &QChart::geometryChanged, this, &ChartLegendFlow::layOut);
    setEntries(std::move(entries));
}

void ChartLegendFlow::setFont(const QFont& font)
{
    font_ = font;
    setEntries(std::move(entries_));
}

void ChartLegendFlow::setEntries(QVector<ChartLegendEntry> entries)
{
    qDeleteAll(symbols_);
    qDeleteAll(labels_);
    symbols_.clear();
    labels_.clear();
    entries_ = std::move(entries);
    const double symbolSize = QFontMetricsF(font_).height() * 0.7;
    symbolWidth_ = symbolSize * 2.5;
    for (const ChartLegendEntry& entry : std::as_const(entries_)) {
        QGraphicsItem* symbol = nullptr;
        if (entry.symbol == ChartLegendEntry::Symbol::Line) {
            auto* line = new QGraphicsLineItem(0, 0, symbolSize * 2.5, 0, chart_);
            QPen pen = entry.pen;
            pen.setCapStyle(Qt::FlatCap);
            line->setPen(pen);
            symbol = line;
        } else {
            auto* shape = new QGraphicsPathItem(symbolPath(entry.symbol, symbolSize), chart_);
            shape->setPen(entry.pen);
            shape->setBrush(entry.fill);
            symbol = shape;
        }
        auto* label = new QGraphicsTextItem(chart_);
        label->setFont(font_);
        label->setDefaultTextColor(textColor_);
        label->setHtml(entry.name);
        label->document()->setDocumentMargin(1.0);
        symbols_.append(symbol);
        labels_.append(label);
    }
    layOut();
}

void ChartLegendFlow::layOut()
{
    const QRectF area = chart_->geometry();
    // A chart not sized yet would get one entry a row, and the margin reserved for them would stretch
    // the chart past its view once it is sized.
    if (area.isEmpty())
        return;
    const double symbolWidth = symbolWidth_;
    const double gap = symbolWidth * 0.6;
    const double margin = 4.0;
    const double available = std::max(1.0, area.width() - 2 * margin);
    // Greedy rows: as many entries as fit the width, each row centred.
    QVector<QVector<int>> rows;
    double rowWidth = 0.0;
    for (qsizetype i = 0; i < labels_.size(); ++i) {
        const double width = symbolWidth + 4.0 + labels_[i]->boundingRect().width();
        if (rows.isEmpty() || rowWidth + gap + width > available) {
            rows.append(QVector<int>());
            rowWidth = -gap;
        }
        rows.back().append(static_cast<int>(i));
        rowWidth += gap + width;
    }
    rows_ = static_cast<int>(rows.size());
    const double rowHeight = labels_.isEmpty() ? 0.0 : labels_.front()->boundingRect().height();
    const double height = rows_ * rowHeight;
    double y = area.height() - margin - height;
    for (const QVector<int>& row : std::as_const(rows)) {
        double width = -gap;
        for (int i : row)
            width += gap + symbolWidth + 4.0 + labels_[i]->boundingRect().width();
        double x = std::max(margin, (area.width() - width) / 2.0);
        for (int i : row) {
            const double middle = y + rowHeight / 2.0;
            if (entries_[i].symbol == ChartLegendEntry::Symbol::Line)
                symbols_[i]->setPos(x, middle);
            else
                symbols_[i]->setPos(x + symbolWidth / 2.0, middle);
            labels_[i]->setPos(x + symbolWidth + 4.0, y);
            x += symbolWidth + 4.0 + labels_[i]->boundingRect().width() + gap;
        }
        y += rowHeight;
    }
    QMargins margins = chart_->margins();
    const int bottom = qCeil(height + margin);
    if (margins.bottom() != bottom) {
        margins.setBottom(bottom);
        chart_->setMargins(margins);
    }
}

}  // namespace spare
