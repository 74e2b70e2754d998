#include "ui/charts/ProgressChart.h"

#include "ui/charts/ChartLegendFlow.h"
#include "ui/charts/NiceTicks.h"

#include <QChart>
#include <QChartView>
#include <QLineSeries>
#include <QScatterSeries>
#include <QTimer>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <vector>

namespace spare {

namespace {

constexpr double kHour = 3600.0;
constexpr int kThinColumns = 800;  // at most about this many points per line across the time axis
constexpr double kMinStepAxis = 10.0;

// The smallest 1, 2, 5 x 10^k at or above `value`: an axis top that changes only now and then.
double niceCeiling(double value)
{
    const double decade = std::pow(10.0, std::floor(std::log10(value)));
    for (double f : {1.0, 2.0, 5.0, 10.0})
        if (f * decade >= value)
            return f * decade;
    return 10.0 * decade;
}

}  // namespace

struct ProgressChart::Impl {
    struct Line {
        QLineSeries* series = nullptr;
        QScatterSeries* markers = nullptr;
        QList<QPointF> pending;
        QList<QPointF> pendingMarkers;
        QPointF last{-1.0, -1.0};
        double lastMarkerX = -1e300;
    };
    QChart* chart = nullptr;
    QChartView* view = nullptr;
    QValueAxis* timeAxis = nullptr;
    QValueAxis* stepAxis = nullptr;
    ChartLegendFlow* legend = nullptr;
    std::vector<Line> lines;
    double maxHours = 1.0;
    double stepCap = 1.0;  // totalSteps x 1.05
    double stepTop = kMinStepAxis;
    QTimer flushTimer;

    // Round ticks on both axes ("0 50 100 150 200" steps, "0 0.25 0.5" h), never "0 53 105" or "0 0 1".
    void setStepRange(double top) { NiceTicks::forRange(0.0, top, false, 5, top).applyTo(stepAxis); }
    void setTimeRange(double hours) { NiceTicks::forRange(0.0, hours, false, 5, hours).applyTo(timeAxis); }

    // The chart's texts in the widget's font (so presentation mode's scale reaches them too); Qt
    // Charts' themes otherwise keep their own fixed sizes.
    void followFont(const QFont& font)
    {
        QFont title = font;
        title.setBold(true);
        chart->setTitleFont(title);
        legend->setFont(font);
        for (QValueAxis* axis : {timeAxis, stepAxis}) {
            axis->setLabelsFont(font);
            axis->setTitleFont(font);
        }
    }

    void fitSteps(double steps)
    {
        const double top = std::min(stepCap, niceCeiling(std::max(kMinStepAxis, steps * 1.05)));
        if (top > stepTop) {
            stepTop = top;
            setStepRange(stepTop);
        }
    }
};

ProgressChart::ProgressChart(QWidget* parent) : QWidget(parent), impl_(std::make_unique<Impl>())
{
    impl_->chart = new QChart;
    impl_->chart->setTitle(tr("Training progress vs simulated wall-clock"));
    impl_->chart->setMargins(QMargins(4, 4, 4, 4));
    impl_->chart->legend()->setVisible(false);  // ChartLegendFlow wraps where Qt's legend would elide
    impl_->legend = new ChartLegendFlow(impl_->chart, {}, font(), impl_->chart->legend()->labelColor());
    impl_->timeAxis = new QValueAxis;
    impl_->timeAxis->setTitleText(tr("simulated time (h)"));
    impl_->stepAxis = new QValueAxis;
    impl_->stepAxis->setTitleText(tr("committed steps"));
    impl_->chart->addAxis(impl_->timeAxis, Qt::AlignBottom);
    impl_->chart->addAxis(impl_->stepAxis, Qt::AlignLeft);
    impl_->followFont(font());
    impl_->view = new QChartView(impl_->chart);
    impl_->view->setRenderHint(QPainter::Antialiasing);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(impl_->view);
    impl_->flushTimer.setInterval(200);
    connect(&impl_->flushTimer, &QTimer::timeout, this, &ProgressChart::flush);
    impl_->flushTimer.start();
    reset(1);
}

ProgressChart::~ProgressChart() = default;

void ProgressChart::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        impl_->followFont(font());
}

void ProgressChart::reset(int totalSteps)
{
    for (Impl::Line& l : impl_->lines) {
        impl_->chart->removeSeries(l.series);
        impl_->chart->removeSeries(l.markers);
        delete l.series;
        delete l.markers;
    }
    impl_->lines.clear();
    impl_->legend->setEntries({});
    impl_->maxHours = 1.0;
    impl_->setTimeRange(impl_->maxHours);
    impl_->stepCap = std::max(1, totalSteps) * 1.05;
    impl_->stepTop = std::min(impl_->stepCap, kMinStepAxis);
    impl_->setStepRange(impl_->stepTop);
}

int ProgressChart::addLine(const QString& name, const QColor& colour)
{
    Impl::Line l;
    l.series = new QLineSeries;
    l.series->setName(name);
    l.series->setPen(QPen(colour, 2.0));
    l.markers = new QScatterSeries;
    l.markers->setName(tr("%1 failures").arg(name));
    l.markers->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
    l.markers->setMarkerSize(5.0);
    l.markers->setColor(colour.darker(140));
    l.markers->setBorderColor(Qt::transparent);
    for (QAbstractSeries* s : {static_cast<QAbstractSeries*>(l.series), static_cast<QAbstractSeries*>(l.markers)}) {
        impl_->chart->addSeries(s);
        s->attachAxis(impl_->timeAxis);
        s->attachAxis(impl_->stepAxis);
    }
    impl_->lines.push_back(l);
    QVector<ChartLegendEntry> entries = impl_->legend->entries();
    entries.append({name, ChartLegendEntry::Symbol::Line, l.series->pen(), colour});
    entries.append({l.markers->name(), ChartLegendEntry::Symbol::Square, QPen(Qt::NoPen), l.markers->color()});
    impl_->legend->setEntries(entries);
    return static_cast<int>(impl_->lines.size()) - 1;
}

void ProgressChart::addPoint(int line, double timeS, int stepsDone)
{
    Impl::Line& l = impl_->lines.at(static_cast<std::size_t>(line));
    const QPointF p(timeS / kHour, stepsDone);
    const double minGap = impl_->maxHours / kThinColumns;
    // Keep every drop (a rollback) as a vertical edge; thin the rest to about one point per column.
    if (l.last.x() >= 0 && p.y() >= l.last.y() && p.x() - l.last.x() < minGap)
        return;
    if (l.last.x() >= 0 && p.y() < l.last.y())
        l.pending.append(QPointF(p.x(), l.last.y()));
    l.pending.append(p);
    l.last = p;
}

void ProgressChart::addFailureMarker(int line, double timeS, int stepsDone)
{
    Impl::Line& l = impl_->lines.at(static_cast<std::size_t>(line));
    const double x = timeS / kHour;
    if (x - l.lastMarkerX < impl_->maxHours / kThinColumns)
        return;
    l.lastMarkerX = x;
    l.pendingMarkers.append(QPointF(x, stepsDone));
}

void ProgressChart::flush()
{
    double maxX = impl_->maxHours;
    double maxY = 0.0;
    for (Impl::Line& l : impl_->lines) {
        if (!l.pending.isEmpty()) {
            maxX = std::max(maxX, l.pending.back().x());
            for (const QPointF& p : std::as_const(l.pending))
                maxY = std::max(maxY, p.y());
            l.series->append(l.pending);
            l.pending.clear();
        }
        if (!l.pendingMarkers.isEmpty()) {
            l.markers->append(l.pendingMarkers);
            l.pendingMarkers.clear();
        }
    }
    impl_->fitSteps(maxY);
    ensureTimeRange(maxX * kHour);
}

double ProgressChart::stepAxisMax() const
{
    return impl_->stepAxis->max();
}

QChartView* ProgressChart::chartView() const
{
    return impl_->view;
}

QFont ProgressChart::axisLabelsFont() const
{
    return impl_->stepAxis->labelsFont();
}

void ProgressChart::ensureTimeRange(double seconds)
{
    const double hours = seconds / kHour;
    if (hours <= impl_->maxHours)
        return;
    // Grow the time axis in powers of two so that it does not rescale on every flush.
    impl_->maxHours = std::pow(2.0, std::ceil(std::log2(hours * 1.05)));
    impl_->setTimeRange(impl_->maxHours);
}

int ProgressChart::pointCount(int line) const
{
    const Impl::Line& l = impl_->lines.at(static_cast<std::size_t>(line));
    return static_cast<int>(l.series->count() + l.pending.size());
}

int ProgressChart::markerCount(int line) const
{
    const Impl::Line& l = impl_->lines.at(static_cast<std::size_t>(line));
    return static_cast<int>(l.markers->count() + l.pendingMarkers.size());
}

}  // namespace spare
