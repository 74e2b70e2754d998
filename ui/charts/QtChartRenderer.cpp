#include "charts/QtChartRenderer.h"

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
#include <QHorizontalStackedBarSeries>
#include <QLegend>
#include <QLegendMarker>
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

const QColor kPalette[] = {QColor(0x1f, 0x77, 0xb4), QColor(0xd6, 0x27, 0x28), QColor(0x2c, 0xa0, 0x2c),
                           QColor(0x94, 0x67, 0xbd), QColor(0xff, 0x7f, 0x0e), QColor(0x8c, 0x56, 0x4b),
                           QColor(0x17, 0xbe, 0xcf), QColor(0x7f, 0x7f, 0x7f)};

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

// Pads a range so curves do not touch the frame, and makes a zero-width range visible.
void applyRange(QValueAxis* axis, Range range, bool integer)
{
    if (!range.valid())
        range = Range{0.0, 1.0};
    if (integer) {
        const double lo = std::floor(range.lo);
        const double hi = std::max(std::ceil(range.hi), lo + 1.0);
        axis->setRange(lo, hi);
        const int span = static_cast<int>(hi - lo);
        axis->setTickType(QValueAxis::TicksDynamic);
        axis->setTickAnchor(lo);
        axis->setTickInterval(std::max(1, span / 10));
        axis->setLabelFormat(QStringLiteral("%d"));
        return;
    }
    double pad = (range.hi - range.lo) * 0.05;
    if (pad <= 0.0)
        pad = std::max(std::abs(range.hi) * 0.1, 0.5);
    // Non-negative data (ratios, counts) keeps a zero floor instead of a padded negative one.
    axis->setRange(range.lo >= 0.0 ? std::max(0.0, range.lo - pad) : range.lo - pad, range.hi + pad);
    axis->applyNiceNumbers();
}

// Cells as one image pixel each, stretched over the plot area without smoothing (crisp cells at any
// size); legend entries are empty scatter series in the level colours.
void addHeatMap(QChart* chart, const ChartHeatMap& map, QValueAxis* axisX, QValueAxis* axisY)
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
    for (qsizetype level = 0; level < map.levelNames.size(); ++level) {
        auto* entry = new QScatterSeries;
        entry->setName(map.levelNames[level]);
        entry->setColor(map.levelColors.value(level));
        entry->setBorderColor(Qt::gray);
        entry->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
        chart->addSeries(entry);
        entry->attachAxis(axisX);
        entry->attachAxis(axisY);
    }
}

// A tornado: each category's bar split at the base into a below part (negative) and an above part.
void addBars(QChart* chart, const ChartSpec& spec, const QFont& font)
{
    const ChartBars& bars = spec.bars;
    auto* below = new QBarSet(bars.lowName);
    auto* above = new QBarSet(bars.highName);
    below->setColor(kPalette[0]);
    above->setColor(kPalette[1]);
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
    for (QAbstractAxis* axis : std::initializer_list<QAbstractAxis*>{axisValue, axisCategory}) {
        axis->setLabelsFont(font);
        axis->setTitleFont(font);
    }
    const double pad = std::max((range.hi - range.lo) * 0.05, 1e-9);
    axisValue->setRange(range.lo - pad, range.hi + pad);
    axisValue->applyNiceNumbers();
    chart->addAxis(axisValue, Qt::AlignBottom);
    chart->addAxis(axisCategory, Qt::AlignLeft);
    series->attachAxis(axisValue);
    series->attachAxis(axisCategory);
}

// Vertical stacked bars: one QBarSet per segment, the categories along the bottom.
void addStackedBars(QChart* chart, const ChartSpec& spec, const QFont& font)
{
    const ChartStackedBars& bars = spec.stackedBars;
    auto* series = new QStackedBarSeries;
    QVector<double> below(bars.categories.size(), 0.0);
    QVector<double> above(bars.categories.size(), 0.0);
    for (qsizetype s = 0; s < bars.segmentNames.size(); ++s) {
        auto* set = new QBarSet(bars.segmentNames[s]);
        set->setColor(bars.segmentColors[s]);
        set->setBorderColor(bars.segmentColors[s]);
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
    axisValue->setLabelFormat(QStringLiteral("%g"));
    axisCategory->setTitleText(spec.xLabel);
    axisValue->setTitleText(spec.yLabel);
    for (QAbstractAxis* axis : std::initializer_list<QAbstractAxis*>{axisValue, axisCategory}) {
        axis->setLabelsFont(font);
        axis->setTitleFont(font);
    }
    const double lo = std::min(0.0, *std::min_element(below.begin(), below.end()));
    const double hi = std::max(0.0, *std::max_element(above.begin(), above.end()));
    axisValue->setRange(lo, std::max(hi * 1.05, lo + 1e-9));
    axisValue->applyNiceNumbers();
    chart->addAxis(axisCategory, Qt::AlignBottom);
    chart->addAxis(axisValue, Qt::AlignLeft);
    series->attachAxis(axisCategory);
    series->attachAxis(axisValue);
    chart->legend()->setAlignment(Qt::AlignRight);
}

}  // namespace

QChart* QtChartRenderer::createChart(const ChartSpec& spec, const ChartStyle& style)
{
    auto* chart = new QChart;
    chart->setTitle(spec.subtitle.isEmpty() ? spec.title
                                            : spec.title + QStringLiteral("<br><small>") + spec.subtitle.toHtmlEscaped()
                                                  + QStringLiteral("</small>"));
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setTheme(style.highContrast ? QChart::ChartThemeHighContrast : QChart::ChartThemeLight);
    QFont font = chart->font();
    font.setPointSizeF(style.fontPointSize);
    QFont titleFont = font;
    titleFont.setPointSizeF(style.fontPointSize * 1.3);
    titleFont.setBold(true);
    chart->setTitleFont(titleFont);
    chart->legend()->setFont(font);
    chart->legend()->setAlignment(Qt::AlignBottom);
    if (!spec.bars.isEmpty()) {
        addBars(chart, spec, font);
        return chart;
    }
    if (!spec.stackedBars.isEmpty()) {
        addStackedBars(chart, spec, font);
        return chart;
    }

    QValueAxis* axisX = spec.heatMap.columnLabels.isEmpty() ? new QValueAxis : new QCategoryAxis;
    QValueAxis* axisY = spec.heatMap.rowLabels.isEmpty() ? new QValueAxis : new QCategoryAxis;
    axisX->setTitleText(spec.xLabel);
    axisY->setTitleText(spec.yLabel);
    for (QValueAxis* axis : {axisX, axisY}) {
        axis->setLabelsFont(font);
        axis->setTitleFont(font);
        chart->addAxis(axis, axis == axisX ? Qt::AlignBottom : Qt::AlignLeft);
    }

    Range xRange;
    Range yRange;
    int colorIndex = 0;
    auto attach = [&](QAbstractSeries* series) {
        chart->addSeries(series);
        series->attachAxis(axisX);
        series->attachAxis(axisY);
    };

    for (const ChartSeries& s : spec.series) {
        const QColor color = s.color.isValid() ? s.color : kPalette[colorIndex++ % std::size(kPalette)];
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
            chart->legend()->markers(band).first()->setVisible(false);
        }
        if (s.style == ChartSeries::Style::Points) {
            auto* scatter = new QScatterSeries;
            scatter->replace(QList<QPointF>(s.points.begin(), s.points.end()));
            scatter->setName(s.name);
            scatter->setColor(color);
            scatter->setBorderColor(color);
            scatter->setMarkerSize(style.lineWidth * 4.0);
            attach(scatter);
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
    }

    for (const ChartMarker& m : spec.markers) {
        xRange.add(m.position.x());
        yRange.add(m.position.y());
    }
    if (spec.heatMap.isEmpty()) {
        applyRange(axisX, xRange, spec.integerX);
        applyRange(axisY, yRange, false);
    } else {
        addHeatMap(chart, spec.heatMap, axisX, axisY);
    }

    for (const ChartMarker& m : spec.markers) {
        const QColor color = m.color.isValid() ? m.color : QColor(Qt::black);
        auto* guide = new QLineSeries;
        guide->append(m.position.x(), axisY->min());
        guide->append(m.position.x(), axisY->max());
        guide->setPen(QPen(color, std::max(1.0, style.lineWidth / 2.0), Qt::DotLine));
        attach(guide);
        chart->legend()->markers(guide).first()->setVisible(false);
        auto* dot = new QScatterSeries;
        dot->append(m.position);
        dot->setName(m.label);
        dot->setColor(color);
        dot->setBorderColor(Qt::white);
        dot->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
        dot->setMarkerSize(style.lineWidth * 5.0);
        dot->setPointLabelsVisible(true);
        dot->setPointLabelsFormat(m.label);
        dot->setPointLabelsFont(font);
        dot->setPointLabelsClipping(false);
        attach(dot);
    }
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
