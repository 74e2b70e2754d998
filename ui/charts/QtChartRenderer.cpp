#include "ui/charts/QtChartRenderer.h"

#include "ui/charts/ChartLegendFlow.h"
#include "ui/charts/ChartPalette.h"
#include "ui/charts/NiceTicks.h"

#include <QAreaSeries>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QCategoryAxis>
#include <QChart>
#include <QFont>
#include <QGraphicsLayout>
#include <QGraphicsPixmapItem>
#include <QImage>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QTextDocument>
#include <QHorizontalStackedBarSeries>
#include <QLegend>
#include <QLineSeries>
#include <QPen>
#include <QScatterSeries>
#include <QStackedBarSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>

namespace spare {
namespace {

struct Range {
    double lo = std::numeric_limits<double>::infinity();
    double hi = -std::numeric_limits<double>::infinity();
    void add(double v)
    {
        if (!std::isfinite(v))
            return;
        lo = std::min(lo, v);
        hi = std::max(hi, v);
    }
    bool valid() const { return lo <= hi; }
};

QLineSeries* makeLine(const QVector<QPointF>& points)
{
    auto* line = new QLineSeries;
    line->replace(QList<QPointF>(points.begin(), points.end()));
    return line;
}

void useFont(const QFont& font, std::initializer_list<QAbstractAxis*> axes)
{
    for (QAbstractAxis* axis : axes) {
        axis->setLabelsFont(font);
        axis->setTitleFont(font);
    }
}

void applyRange(QValueAxis* axis, Range range, bool integer, double upperBound = 1e300)
{
    if (!range.valid())
        range = Range{0.0, 1.0};
    NiceTicks::forRange(range.lo, range.hi, integer, 6, upperBound).applyTo(axis);
}

QScatterSeries::MarkerShape scatterShape(ChartMarker::Shape shape)
{
    switch (shape) {
    case ChartMarker::Shape::Square: return QScatterSeries::MarkerShapeRectangle;
    case ChartMarker::Shape::Diamond: return QScatterSeries::MarkerShapeRotatedRectangle;
    case ChartMarker::Shape::Star: return QScatterSeries::MarkerShapeStar;
    }
    return QScatterSeries::MarkerShapeRectangle;
}

ChartLegendEntry::Symbol legendSymbol(ChartMarker::Shape shape)
{
    switch (shape) {
    case ChartMarker::Shape::Square: return ChartLegendEntry::Symbol::Square;
    case ChartMarker::Shape::Diamond: return ChartLegendEntry::Symbol::Diamond;
    case ChartMarker::Shape::Star: return ChartLegendEntry::Symbol::Star;
    }
    return ChartLegendEntry::Symbol::Square;
}

// Annotations beside their symbols: right of it when that stays inside the plot, else left; moved
// down past any annotation placed before it so that none overlap.
void placeAnnotations(QChart* chart, const QVector<QScatterSeries*>& dots, const QVector<QGraphicsTextItem*>& labels)
{
    const QRectF plot = chart->plotArea();
    QVector<QRectF> taken;
    for (qsizetype i = 0; i < labels.size(); ++i) {
        const QPointF at = chart->mapToPosition(dots[i]->at(0), dots[i]);
        const QSizeF size = labels[i]->boundingRect().size();
        const double offset = dots[i]->markerSize() / 2.0;
        QRectF box(at + QPointF(offset, -size.height()), size);
        if (box.right() > plot.right())
            box.moveRight(at.x() - offset);
        if (box.top() < plot.top())
            box.moveTop(at.y() + offset);
        for (bool moved = true; moved;) {
            moved = false;
            for (const QRectF& other : std::as_const(taken))
                if (box.intersects(other)) {
                    box.moveTop(other.bottom());
                    moved = true;
                }
        }
        taken.append(box);
        labels[i]->setPos(box.topLeft());
    }
}

// Markers: a dotted vertical guide, a symbol and a rich-text annotation, kept beside the symbol
// whenever the plot area moves.
void addMarkers(QChart* chart, const QVector<ChartMarker>& markers, QValueAxis* axisX, QValueAxis* axisY,
                const ChartStyle& style, const QFont& font, QVector<ChartLegendEntry>* legend)
{
    QVector<QScatterSeries*> dots;
    QVector<QGraphicsTextItem*> labels;
    for (const ChartMarker& m : markers) {
        const QColor color = m.color.isValid() ? m.color : ChartPalette::model();
        auto* guide = new QLineSeries;
        guide->append(m.position.x(), axisY->min());
        guide->append(m.position.x(), axisY->max());
        guide->setPen(QPen(color, std::max(1.0, style.lineWidth / 2.0), Qt::DotLine));
        auto* dot = new QScatterSeries;
        dot->append(m.position);
        dot->setName(m.label);
        dot->setColor(color);
        dot->setBorderColor(Qt::black);
        dot->setMarkerShape(scatterShape(m.shape));
        dot->setMarkerSize(style.lineWidth * (m.shape == ChartMarker::Shape::Star ? 8.0 : 6.0));
        for (QAbstractSeries* series : std::initializer_list<QAbstractSeries*>{guide, dot}) {
            chart->addSeries(series);
            series->attachAxis(axisX);
            series->attachAxis(axisY);
        }
        legend->append({m.label, legendSymbol(m.shape), QPen(Qt::black), color});
        auto* label = new QGraphicsTextItem(chart);
        label->setFont(font);
        label->setDefaultTextColor(chart->legend()->labelColor());
        label->setHtml(m.annotation.isEmpty() ? m.label : m.annotation);
        label->document()->setDocumentMargin(1.0);
        label->setZValue(10);
        dots.append(dot);
        labels.append(label);
    }
    const auto place = [chart, dots, labels] { placeAnnotations(chart, dots, labels); };
    QObject::connect(chart, &QChart::plotAreaChanged, chart, place);
    place();
}

// Cells as one image pixel each, stretched over the plot area without smoothing (crisp cells at any
// size); legend entries are squares in the level colours.
void addHeatMap(QChart* chart, const ChartHeatMap& map, QValueAxis* axisX, QValueAxis* axisY,
                QVector<ChartLegendEntry>* legend)
{
    QImage image(map.columns, map.rows, QImage::Format_RGB32);
    for (int row = 0; row < map.rows; ++row)
        for (int column = 0; column < map.columns; ++column) {
            const int level = map.values[qsizetype(row) * map.columns + column];
            image.setPixelColor(column, row, map.levelColors.value(level, QColor(Qt::black)));
        }
    auto* item = new QGraphicsPixmapItem(QPixmap::fromImage(image), chart);
    item->setTransformationMode(Qt::FastTransformation);
    item->setZValue(-1);
    QVector<QGraphicsSimpleTextItem*> labels;
    if (map.cellText.size() == map.values.size())
        for (qsizetype i = 0; i < map.cellText.size(); ++i) {
            auto* label = new QGraphicsSimpleTextItem(map.cellText[i], chart);
            label->setBrush(map.levelColors.value(map.values[i]).lightnessF() < 0.5 ? Qt::white : Qt::black);
            labels.append(label);
        }
    const auto place = [item, image, labels, columns = map.columns](const QRectF& area) {
        item->setPos(area.topLeft());
        item->setTransform(QTransform::fromScale(area.width() / image.width(), area.height() / image.height()));
        const double cellWidth = area.width() / image.width();
        const double cellHeight = area.height() / image.height();
        for (qsizetype i = 0; i < labels.size(); ++i) {
            const QRectF text = labels[i]->boundingRect();
            labels[i]->setVisible(text.width() < cellWidth && text.height() < cellHeight);
            labels[i]->setPos(area.left() + (i % columns + 0.5) * cellWidth - text.width() / 2,
                              area.top() + (i / columns + 0.5) * cellHeight - text.height() / 2);
        }
    };
    QObject::connect(chart, &QChart::plotAreaChanged, chart, place);
    place(chart->plotArea());
    axisX->setRange(map.xMin, map.xMax);
    axisY->setRange(map.yMin, map.yMax);
    axisY->setReverse(true);
    for (QValueAxis* axis : {axisX, axisY})
        axis->setLabelFormat(QStringLiteral("%d"));
    const auto name = [](QValueAxis* axis, const QStringList& names) {
        auto* categories = qobject_cast<QCategoryAxis*>(axis);
        if (!categories)
            return;
        categories->setLabelsPosition(QCategoryAxis::AxisLabelsPositionCenter);
        for (qsizetype i = 0; i < names.size(); ++i)
            categories->append(names[i], static_cast<double>(i + 1));
    };
    name(axisX, map.columnLabels);
    name(axisY, map.rowLabels);
    for (qsizetype level = 0; level < map.levelNames.size(); ++level)
        legend->append({map.levelNames[level], ChartLegendEntry::Symbol::Square, QPen(Qt::gray), map.levelColors.value(level)});
}

// A tornado: each category's bar split at the base into a below part (negative) and an above part.
void addBars(QChart* chart, const ChartSpec& spec, const QFont& font, QVector<ChartLegendEntry>* legend)
{
    const ChartBars& bars = spec.bars;
    auto* below = new QBarSet(bars.lowName);
    auto* above = new QBarSet(bars.highName);
    below->setColor(ChartPalette::series(0));
    above->setColor(ChartPalette::series(1));
    for (QBarSet* set : {below, above})
        legend->append({set->label(), ChartLegendEntry::Symbol::Square, QPen(Qt::NoPen), set->color()});
    QStringList categories;
    Range range;
    range.add(0.0);
    // QBarCategoryAxis puts its first category at the bottom.
    for (qsizetype i = bars.categories.size() - 1; i >= 0; --i) {
        below->append(std::min(0.0, bars.low[i] - bars.base));
        above->append(std::max(0.0, bars.high[i] - bars.base));
        categories.append(bars.categories[i]);
        range.add(bars.low[i] - bars.base);
        range.add(bars.high[i] - bars.base);
    }
    auto* series = new QHorizontalStackedBarSeries;
    series->append(below);
    series->append(above);
    chart->addSeries(series);
    auto* axisValue = new QValueAxis;
    auto* axisCategory = new QBarCategoryAxis;
    axisCategory->append(categories);
    axisValue->setTitleText(spec.xLabel);
    axisCategory->setTitleText(spec.yLabel);
    useFont(font, {axisValue, axisCategory});
    NiceTicks::forRange(range.lo, range.hi, false).applyTo(axisValue);
    chart->addAxis(axisValue, Qt::AlignBottom);
    chart->addAxis(axisCategory, Qt::AlignLeft);
    series->attachAxis(axisValue);
    series->attachAxis(axisCategory);
}

// Vertical stacked bars: one QBarSet per segment, the categories along the bottom.
void addStackedBars(QChart* chart, const ChartSpec& spec, const QFont& font, QVector<ChartLegendEntry>* legend)
{
    const ChartStackedBars& bars = spec.stackedBars;
    auto* series = new QStackedBarSeries;
    QVector<double> below(bars.categories.size(), 0.0);
    QVector<double> above(bars.categories.size(), 0.0);
    for (qsizetype s = 0; s < bars.segmentNames.size(); ++s) {
        auto* set = new QBarSet(bars.segmentNames[s]);
        set->setColor(bars.segmentColors[s]);
        set->setBorderColor(bars.segmentColors[s]);
        legend->append({bars.segmentNames[s], ChartLegendEntry::Symbol::Square, QPen(Qt::NoPen), bars.segmentColors[s]});
        for (qsizetype c = 0; c < bars.categories.size(); ++c) {
            const double value = bars.values[s][c];
            set->append(value);
            (value < 0.0 ? below : above)[c] += value;
        }
        series->append(set);
    }
    chart->addSeries(series);
    auto* axisCategory = new QBarCategoryAxis;
    axisCategory->append(bars.categories);
    axisCategory->setTruncateLabels(false);
    if (bars.categories.size() > 6)
        axisCategory->setLabelsAngle(-90);  // many bars: upright labels would overlap
    auto* axisValue = new QValueAxis;
    axisCategory->setTitleText(spec.xLabel);
    axisValue->setTitleText(spec.yLabel);
    useFont(font, {axisValue, axisCategory});
    const double lo = std::min(0.0, *std::min_element(below.begin(), below.end()));
    const double hi = std::max(0.0, *std::max_element(above.begin(), above.end()));
    NiceTicks::forRange(lo, hi, false).applyTo(axisValue);
    chart->addAxis(axisCategory, Qt::AlignBottom);
    chart->addAxis(axisValue, Qt::AlignLeft);
    series->attachAxis(axisCategory);
    series->attachAxis(axisValue);
}

}  // namespace

QChart* QtChartRenderer::createChart(const ChartSpec& spec, const ChartStyle& style)
{
    auto* chart = new QChart;
    if (style.showTitle)
        chart->setTitle(spec.subtitle.isEmpty() ? spec.title
                                                : spec.title + QStringLiteral("<br><small>") + spec.subtitle.toHtmlEscaped()
                                                      + QStringLiteral("</small>"));
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setTheme(style.highContrast ? QChart::ChartThemeHighContrast : QChart::ChartThemeLight);
    chart->setMargins(QMargins(4, 4, 8, 4));  // the room is the plot's: a figure has its own margins
    chart->setBackgroundRoundness(0.0);
    QFont font = chart->font();
    font.setPointSizeF(style.fontPointSize);
    QFont titleFont = font;
    titleFont.setPointSizeF(style.fontPointSize * 1.3);
    titleFont.setBold(true);
    chart->setTitleFont(titleFont);
    chart->legend()->setVisible(false);  // ChartLegendFlow wraps where Qt's legend would elide
    QVector<ChartLegendEntry> legend;
    const QColor textColor = chart->legend()->labelColor();  // the theme's, readable on its background
    if (!spec.bars.isEmpty()) {
        addBars(chart, spec, font, &legend);
        new ChartLegendFlow(chart, legend, font, textColor);
        return chart;
    }
    if (!spec.stackedBars.isEmpty()) {
        addStackedBars(chart, spec, font, &legend);
        new ChartLegendFlow(chart, legend, font, textColor);
        return chart;
    }

    QValueAxis* axisX = spec.heatMap.columnLabels.isEmpty() ? new QValueAxis : new QCategoryAxis;
    QValueAxis* axisY = spec.heatMap.rowLabels.isEmpty() ? new QValueAxis : new QCategoryAxis;
    axisX->setTitleText(spec.xLabel);
    axisY->setTitleText(spec.yLabel);
    useFont(font, {axisX, axisY});
    chart->addAxis(axisX, Qt::AlignBottom);
    chart->addAxis(axisY, Qt::AlignLeft);

    Range xRange;
    Range yRange;
    int colorIndex = 0;
    auto attach = [&](QAbstractSeries* series) {
        chart->addSeries(series);
        series->attachAxis(axisX);
        series->attachAxis(axisY);
    };

    for (const ChartSeries& s : spec.series) {
        const QColor color = s.color.isValid() ? s.color : ChartPalette::series(colorIndex++);
        for (const QPointF& p : s.points) {
            xRange.add(p.x());
            yRange.add(p.y());
        }
        if (s.hasBand()) {
            QVector<QPointF> lo;
            QVector<QPointF> hi;
            for (qsizetype i = 0; i < s.points.size(); ++i) {
                lo.append(QPointF(s.points[i].x(), s.bandLow[i]));
                hi.append(QPointF(s.points[i].x(), s.bandHigh[i]));
                yRange.add(s.bandLow[i]);
                yRange.add(s.bandHigh[i]);
            }
            QLineSeries* upper = makeLine(hi);
            QLineSeries* lower = makeLine(lo);
            auto* band = new QAreaSeries(upper, lower);
            upper->setParent(band);  // QAreaSeries does not own its boundaries
            lower->setParent(band);
            QColor fill = color;
            fill.setAlpha(50);
            band->setBrush(fill);
            band->setPen(Qt::NoPen);
            band->setName(s.name + QStringLiteral(" (spread)"));
            attach(band);
        }
        if (s.style == ChartSeries::Style::Points) {
            auto* scatter = new QScatterSeries;
            scatter->replace(QList<QPointF>(s.points.begin(), s.points.end()));
            scatter->setName(s.name);
            scatter->setColor(color);
            scatter->setBorderColor(color);
            scatter->setMarkerSize(style.lineWidth * 4.0);
            attach(scatter);
            legend.append({s.name, ChartLegendEntry::Symbol::Circle, QPen(color), color});
            continue;
        }
        QLineSeries* line = makeLine(s.points);
        line->setName(s.name);
        QPen pen(color, style.lineWidth);
        if (s.style == ChartSeries::Style::DashedLine)
            pen.setStyle(Qt::DashLine);
        line->setPen(pen);
        line->setPointsVisible(s.points.size() <= 40 && s.style == ChartSeries::Style::Line);
        attach(line);
        legend.append({s.name, ChartLegendEntry::Symbol::Line, pen, color});
    }

    for (const ChartMarker& m : spec.markers) {
        xRange.add(m.position.x());
        yRange.add(m.position.y());
    }
    if (spec.heatMap.isEmpty()) {
        applyRange(axisX, xRange, spec.integerX);
        applyRange(axisY, yRange, spec.integerY, spec.yUpperBound);
    } else {
        addHeatMap(chart, spec.heatMap, axisX, axisY, &legend);
    }
    addMarkers(chart, spec.markers, axisX, axisY, style, font, &legend);
    new ChartLegendFlow(chart, legend, font, textColor);
    return chart;
}

QGraphicsScene* QtChartRenderer::createScene(const ChartSpec& spec, QSizeF size, const ChartStyle& style)
{
    auto* scene = new QGraphicsScene;
    QChart* chart = createChart(spec, style);
    scene->addItem(chart);
    chart->setGeometry(QRectF(QPointF(0, 0), size));
    if (chart->layout())
        chart->layout()->activate();
    scene->setSceneRect(QRectF(QPointF(0, 0), size));
    return scene;
}

}  // namespace spare
