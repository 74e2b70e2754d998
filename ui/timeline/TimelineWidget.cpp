#include "ui/timeline/TimelineWidget.h"

#include "ui/charts/ChartPalette.h"
#include "ui/models/EventLogModel.h"
#include "ui/playback/PlaybackClock.h"
#include "ui/playback/PlaybackCursor.h"
#include "ui/timeline/TimelineSelectionPanel.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace spare {

namespace {

constexpr int kDragThresholdPx = 3;
// One wheel notch (120) zooms by 1.25.
constexpr double kZoomPerNotch = 1.25;

QColor markColour(TimelineMarkKind kind)
{
    switch (kind) {
    case TimelineMarkKind::Failure: return QColor(0xD5, 0x5E, 0x00);     // vermillion
    case TimelineMarkKind::Decision: return QColor(0x00, 0x72, 0xB2);    // blue
    case TimelineMarkKind::Restart: return QColor(0xCC, 0x79, 0xA7);     // reddish purple
    case TimelineMarkKind::Checkpoint: return QColor(0x00, 0x9E, 0x73);  // bluish green
    }
    return Qt::black;
}

}  // namespace

TimelineWidget::TimelineWidget(PlaybackClock* clock, QWidget* parent)
    : QWidget(parent), clock_(clock), panel_(new TimelineSelectionPanel(this))
{
    setObjectName(QStringLiteral("timeline"));
    setFocusPolicy(Qt::ClickFocus);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setToolTip(tr("Timeline: wheel zooms, drag pans, click seeks; shift-drag or drag on the ruler selects a range; "
                  "drag the window in the strip on top; double click shows the default view"));
    connect(clock_, &PlaybackClock::ticked, this, qOverload<>(&QWidget::update));
    connect(clock_, &PlaybackClock::seeked, this, qOverload<>(&QWidget::update));
}

void TimelineWidget::addRun(const QString& name, PlaybackCursor* cursor, bool compact)
{
    runs_.push_back({name, cursor, compact, TimelineTracks(cursor->scenario().groups), QString()});
    connect(cursor, &PlaybackCursor::recordingGrew, this, &TimelineWidget::refresh);
    connect(cursor, &PlaybackCursor::stateChanged, this, &TimelineWidget::refresh);
    updateGeometry();
    refresh();
}

void TimelineWidget::setUnfinished(int run, const QString& note)
{
    runs_[static_cast<std::size_t>(run)].unfinished = note;
    refresh();
}

void TimelineWidget::refresh()
{
    double end = 0.0;
    double finishedEnd = 0.0;
    bool anyUnfinished = false;
    for (Run& run : runs_) {
        if (run.tracks.groups() != run.cursor->scenario().groups)
            run.tracks = TimelineTracks(run.cursor->scenario().groups);
        run.tracks.update(run.cursor->recording());
        end = std::max(end, run.tracks.endTime());
        if (run.unfinished.isEmpty())
            finishedEnd = std::max(finishedEnd, run.tracks.endTime());
        anyUnfinished = anyUnfinished || !run.unfinished.isEmpty();
    }
    const std::optional<double> defaultEnd = anyUnfinished ? std::optional(finishedEnd) : std::nullopt;
    if (end != viewport_.runEnd()) {
        // The statistics of a selection change as events arrive in it.
        const bool hadSelection = viewport_.selection().has_value();
        if (end < viewport_.runEnd()) {
            // A new run (opened, reset, restarted race): its default view, without the old run's selection.
            viewport_.clearSelection();
            viewport_.showDefaultView();
        }
        viewport_.setRunEnd(end);
        if (hadSelection)
            selectionMoved();
    }
    if (defaultEnd != shownDefaultEnd_) {
        shownDefaultEnd_ = defaultEnd;
        viewport_.setDefaultEnd(defaultEnd);
        viewChanged();
    }
    update();
}

void TimelineWidget::zoomAround(double time, double factor)
{
    viewport_.zoomAround(time, factor);
    viewChanged();
}

void TimelineWidget::moveWindowTo(double start)
{
    viewport_.moveTo(start);
    viewChanged();
}

void TimelineWidget::select(double from, double to)
{
    viewport_.select(from, to);
    selectionMoved();
}

void TimelineWidget::clearSelection()
{
    viewport_.clearSelection();
    selectionMoved();
}

std::optional<TimeRangeStatistics> TimelineWidget::selectionStatistics(int run) const
{
    if (!viewport_.selection())
        return std::nullopt;
    return TimeRangeStatistics::of(tracks(run), viewport_.selection()->first, viewport_.selection()->second);
}

void TimelineWidget::viewChanged()
{
    emit viewportChanged();
    update();
}

void TimelineWidget::selectionMoved()
{
    QStringList names;
    std::vector<TimeRangeStatistics> statistics;
    for (int i = 0; i < runCount() && viewport_.selection(); ++i) {
        names << (runCount() > 1 ? runName(i) : QString());
        statistics.push_back(*selectionStatistics(i));
    }
    panel_->showStatistics(names, statistics);
    placePanel();
    emit selectionChanged();
    update();
}

void TimelineWidget::placePanel()
{
    // Top right, over the strip and the ruler too: the race's three rows are lower than its four lines.
    panel_->move(std::max(labelWidth(), width() - panel_->width() - 2), 0);
}

int TimelineWidget::rowHeight(bool compact) const
{
    // The race's three compact rows are a little lower, so that its tab still fits 700 px.
    return fontMetrics().height() + (compact ? -2 : 2);
}

int TimelineWidget::rowsHeight() const
{
    int height = 0;
    for (const Run& run : runs_)
        height += run.compact ? rowHeight(true) : 4 * rowHeight(false);
    return height;
}

int TimelineWidget::labelWidth() const
{
    int widest = fontMetrics().horizontalAdvance(tr("events"));
    for (const Run& run : runs_)
        widest = std::max(widest, fontMetrics().horizontalAdvance(run.name));
    return widest + 8;
}

QRect TimelineWidget::minimapRect() const
{
    return QRect(labelWidth(), 0, width() - labelWidth(), std::max(8, rowHeight(false) - 4));
}

QRect TimelineWidget::rulerRect() const
{
    return QRect(labelWidth(), minimapRect().bottom() + 2, width() - labelWidth(), rowHeight(false));
}

QRect TimelineWidget::tracksRect() const
{
    const int top = rulerRect().bottom() + 1;
    return QRect(labelWidth(), top, width() - labelWidth(), rowsHeight());
}

QSize TimelineWidget::sizeHint() const
{
    return QSize(600, tracksRect().bottom() + 2);
}

QSize TimelineWidget::minimumSizeHint() const
{
    return QSize(200, tracksRect().bottom() + 2);
}

double TimelineWidget::timeAtX(double x) const
{
    return viewport_.timeAt(x - labelWidth());
}

void TimelineWidget::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    viewport_.setWidth(width() - labelWidth());
    placePanel();
}

void TimelineWidget::paintEvent(QPaintEvent*)
{
    viewport_.setWidth(width() - labelWidth());
    QPainter painter(this);
    painter.drawImage(0, 0, background());
    const QRect tracks = tracksRect();
    const double cursorX = tracks.left() + viewport_.xAt(clock_->time());
    if (cursorX >= tracks.left() && cursorX <= tracks.right()) {
        painter.setPen(QPen(palette().text().color(), 1.5));
        painter.drawLine(QPointF(cursorX, rulerRect().top()), QPointF(cursorX, tracks.bottom()));
    }
}

const QImage& TimelineWidget::background()
{
    std::vector<double> key{double(width()), double(height()), devicePixelRatioF(), viewport_.start(), viewport_.span(),
                            viewport_.runEnd(), double(font().pointSizeF()), double(palette().base().color().rgba())};
    if (const auto& s = viewport_.selection())
        key.insert(key.end(), {s->first, s->second});
    for (const Run& run : runs_)
        key.insert(key.end(), {double(run.tracks.eventsRead()), double(run.unfinished.isEmpty())});
    if (key != backgroundKey_ || background_.isNull()) {
        background_ = QImage(size() * devicePixelRatioF(), QImage::Format_ARGB32_Premultiplied);
        background_.setDevicePixelRatio(devicePixelRatioF());
        QPainter painter(&background_);
        drawBackground(painter);
        backgroundKey_ = std::move(key);
    }
    return background_;
}

void TimelineWidget::drawBackground(QPainter& painter)
{
    painter.fillRect(rect(), palette().base());
    drawnItems_ = 0;
    drawMinimap(painter);
    drawRuler(painter);

    const QRect tracks = tracksRect();
    painter.setClipRect(QRect(0, tracks.top(), width(), tracks.height()));
    int y = tracks.top();
    for (const Run& run : runs_) {
        auto row = [&] {
            const QRect r(tracks.left(), y, tracks.width(), rowHeight(run.compact));
            y += r.height();
            return r;
        };
        if (!run.compact) {
            QRect r = row();
            int maxS = 1;
            for (const TimelinePoint& p : run.tracks.stackNumber())
                maxS = std::max(maxS, p.value);
            drawRowLabel(painter, r, tr("S"));
            drawSeries(painter, run.tracks.stackNumber(), r, maxS, ChartPalette::series(0), run.tracks.endTime());
            r = row();
            drawRowLabel(painter, r, tr("alive"));
            drawSeries(painter, run.tracks.aliveGroups(), r, run.tracks.groups(), ChartPalette::series(1),
                       run.tracks.endTime());
        }
        QRect r = row();
        drawRowLabel(painter, r, run.compact ? run.name : tr("steps"));
        drawSeries(painter, run.tracks.stepsDone(), r, std::max(1, run.cursor->scenario().steps),
                   run.compact ? ChartPalette::policy(run.cursor->scenario().policy) : ChartPalette::series(2),
                   run.tracks.endTime());
        // A compact run draws its marks over its steps.
        if (!run.compact) {
            r = row();
            drawRowLabel(painter, r, tr("events"));
        }
        drawMarks(painter, run.tracks, r);
        if (!run.unfinished.isEmpty() && viewport_.end() < run.tracks.endTime())
            drawUnfinished(painter, r, run.unfinished);
    }
    painter.setClipping(false);

    const QRect area(tracks.left(), rulerRect().top(), tracks.width(), tracks.bottom() - rulerRect().top() + 1);
    if (const auto& s = viewport_.selection()) {
        const double x0 = tracks.left() + viewport_.xAt(s->first);
        const double x1 = tracks.left() + viewport_.xAt(s->second);
        QColor shade = palette().highlight().color();
        shade.setAlpha(50);
        painter.fillRect(QRectF(x0, area.top(), std::max(1.0, x1 - x0), area.height()), shade);
        painter.setPen(palette().highlight().color());
        painter.drawLine(QPointF(x0, area.top()), QPointF(x0, area.bottom()));
        painter.drawLine(QPointF(x1, area.top()), QPointF(x1, area.bottom()));
    }
}

void TimelineWidget::drawRowLabel(QPainter& painter, const QRect& row, const QString& text)
{
    painter.setPen(palette().text().color());
    painter.drawText(QRect(2, row.top(), labelWidth() - 4, row.height()), Qt::AlignLeft | Qt::AlignVCenter, text);
    painter.setPen(palette().mid().color());
    painter.drawLine(row.left(), row.bottom(), row.right(), row.bottom());
}

void TimelineWidget::drawUnfinished(QPainter& painter, const QRect& row, const QString& note)
{
    const QString text = note + QStringLiteral(" \u25B6");
    QRect box(0, row.top(), fontMetrics().horizontalAdvance(text) + 8, row.height());
    box.moveRight(row.right());
    QColor back = palette().base().color();
    back.setAlpha(220);
    painter.fillRect(box, back);
    painter.setPen(palette().text().color());
    painter.drawText(box, Qt::AlignCenter, text);
}

void TimelineWidget::drawMinimap(QPainter& painter)
{
    const QRect strip = minimapRect();
    painter.fillRect(strip, palette().alternateBase());
    const double end = viewport_.runEnd();
    if (end <= 0.0 || runs_.empty())
        return;
    // The first run's progress over the whole run, one column per pixel.
    const auto& steps = runs_.front().tracks.stepsDone();
    const double total = std::max(1, runs_.front().cursor->scenario().steps);
    painter.setPen(ChartPalette::series(2));
    for (int c = 0; c < strip.width(); ++c) {
        const double value = TimelineTracks::valueAt(steps, end * (c + 1) / strip.width());
        const int h = static_cast<int>(std::lround(value / total * (strip.height() - 1)));
        if (h > 0)
            painter.drawLine(strip.left() + c, strip.bottom(), strip.left() + c, strip.bottom() - h + 1);
    }
    const double x0 = strip.left() + viewport_.start() / end * strip.width();
    const double x1 = strip.left() + viewport_.end() / end * strip.width();
    QColor window = palette().highlight().color();
    painter.setPen(QPen(window, 1.5));
    window.setAlpha(60);
    painter.setBrush(window);
    painter.drawRect(QRectF(x0, strip.top() + 0.5, std::max(3.0, x1 - x0), strip.height() - 1.0));
    painter.setBrush(Qt::NoBrush);
}

void TimelineWidget::drawRuler(QPainter& painter)
{
    const QRect ruler = rulerRect();
    painter.fillRect(ruler, palette().window());
    if (viewport_.span() <= 0.0)
        return;
    const int labelPx = fontMetrics().horizontalAdvance(EventLogModel::formatTime(viewport_.end())) + 12;
    const double step = TimelineViewport::tickStep(viewport_.span() * labelPx / std::max(1, ruler.width()));
    painter.setPen(palette().text().color());
    for (double t = std::ceil(viewport_.start() / step) * step; t <= viewport_.end(); t += step) {
        const double x = ruler.left() + viewport_.xAt(t);
        QString label = EventLogModel::formatTime(t);
        if (step >= 1.0)
            label.chop(2);  // whole seconds: no ".0"
        painter.drawLine(QPointF(x, ruler.bottom() - 3), QPointF(x, ruler.bottom()));
        painter.drawText(QPointF(x + 2, ruler.bottom() - 3), label);
    }
}

void TimelineWidget::drawSeries(QPainter& painter, const std::vector<TimelinePoint>& points, const QRect& row,
                                double maxValue, const QColor& colour, double dataEnd)
{
    if (points.empty() || viewport_.span() <= 0.0)
        return;
    // Level of detail: per pixel column the lowest and highest value in force there.
    const int columns = row.width();
    auto it = std::upper_bound(points.begin(), points.end(), viewport_.start(),
                               [](double t, const TimelinePoint& p) { return t < p.time; });
    int value = it == points.begin() ? points.front().value : std::prev(it)->value;
    auto yOf = [&](int v) { return row.bottom() - 1 - (row.height() - 3) * std::clamp(v / maxValue, 0.0, 1.0); };
    QColor fill = colour;
    fill.setAlpha(70);
    QPolygonF top;
    // A run that ended (or recorded) less far than the longest one stops where its data does.
    for (int c = 0; c < columns && viewport_.timeAt(c) <= dataEnd; ++c) {
        const double columnEnd = viewport_.timeAt(c + 1);
        int lo = value;
        int hi = value;
        for (; it != points.end() && it->time < columnEnd; ++it) {
            value = it->value;
            lo = std::min(lo, value);
            hi = std::max(hi, value);
        }
        const double x = row.left() + c + 0.5;
        if (lo != hi) {
            painter.setPen(colour);
            painter.drawLine(QPointF(x, yOf(lo)), QPointF(x, yOf(hi)));
            ++drawnItems_;
        }
        top << QPointF(x, yOf(value));
    }
    if (top.isEmpty())
        return;
    QPolygonF area = top;
    area << QPointF(top.back().x(), row.bottom()) << QPointF(top.front().x(), row.bottom());
    painter.setPen(Qt::NoPen);
    painter.setBrush(fill);
    painter.drawPolygon(area);
    painter.setBrush(Qt::NoBrush);
    painter.setPen(QPen(colour, 1.2));
    painter.drawPolyline(top);
    drawnItems_ += 1;
}

void TimelineWidget::drawMarks(QPainter& painter, const TimelineTracks& tracks, const QRect& row)
{
    const double h = row.height() - 2;
    for (TimelineMarkKind kind : kTimelineMarkKinds) {
        const auto clusters = tracks.visibleClusters(kind, viewport_, kFoldPx);
        drawnItems_ += static_cast<int>(clusters.size());
        const QColor colour = markColour(kind);
        for (const TimelineMarkCluster& c : clusters) {
            const double x0 = row.left() + std::max(0.0, c.x0);
            const double w = std::max(c.count > 1 ? 3.0 : 1.5, row.left() + std::min<double>(row.width(), c.x1) - x0);
            switch (kind) {
            case TimelineMarkKind::Restart: {
                QColor band = colour;
                band.setAlpha(110);
                painter.fillRect(QRectF(x0, row.top() + 1, w, h), band);
                break;
            }
            case TimelineMarkKind::Checkpoint:
                painter.fillRect(QRectF(x0, row.top() + 1 + 0.66 * h, w, 0.34 * h), colour);
                break;
            case TimelineMarkKind::Decision:
                painter.fillRect(QRectF(x0, row.top() + 1 + 0.33 * h, w, 0.34 * h), colour);
                break;
            case TimelineMarkKind::Failure:
                painter.fillRect(QRectF(x0, row.top() + 1, w, 0.34 * h), colour);
                break;
            }
        }
    }
}

void TimelineWidget::wheelEvent(QWheelEvent* event)
{
    const QPoint delta = event->angleDelta();
    if (delta.y() != 0) {
        const double x = event->position().x();
        zoomAround(timeAtX(std::max<double>(x, labelWidth())), std::pow(kZoomPerNotch, delta.y() / 120.0));
    } else if (delta.x() != 0) {
        moveWindowTo(viewport_.start() - viewport_.span() * delta.x() / 1200.0);
    }
    event->accept();
}

void TimelineWidget::mousePressEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton || viewport_.runEnd() <= 0.0)
        return QWidget::mousePressEvent(event);
    pressPos_ = event->position().toPoint();
    pressTime_ = timeAtX(pressPos_.x());
    pressWindowStart_ = viewport_.start();
    const QRect strip = minimapRect();
    if (strip.contains(pressPos_)) {
        const double t = viewport_.runEnd() * (pressPos_.x() - strip.left()) / strip.width();
        // Outside the window: the window centres there first, then follows the drag.
        if (t < viewport_.start() || t > viewport_.end())
            moveWindowTo(t - viewport_.span() / 2);
        pressTime_ = t;
        pressWindowStart_ = viewport_.start();
        drag_ = Drag::Minimap;
    } else if (rulerRect().contains(pressPos_) || (event->modifiers() & Qt::ShiftModifier)) {
        drag_ = Drag::Select;
    } else if (tracksRect().contains(pressPos_)) {
        drag_ = Drag::Pending;
    }
    event->accept();
}

void TimelineWidget::mouseMoveEvent(QMouseEvent* event)
{
    const QPoint pos = event->position().toPoint();
    switch (drag_) {
    case Drag::None:
        return QWidget::mouseMoveEvent(event);
    case Drag::Minimap: {
        const double t = viewport_.runEnd() * (pos.x() - minimapRect().left()) / minimapRect().width();
        moveWindowTo(pressWindowStart_ + t - pressTime_);
        break;
    }
    case Drag::Select:
        select(pressTime_, timeAtX(pos.x()));
        break;
    case Drag::Pending:
        if (std::abs(pos.x() - pressPos_.x()) < kDragThresholdPx)
            break;
        drag_ = Drag::Pan;
        [[fallthrough]];
    case Drag::Pan:
        moveWindowTo(pressWindowStart_ - viewport_.span() * (pos.x() - pressPos_.x()) / viewport_.width());
        break;
    }
    event->accept();
}

void TimelineWidget::mouseReleaseEvent(QMouseEvent* event)
{
    if (drag_ == Drag::Pending) {
        const double t = std::clamp(pressTime_, 0.0, viewport_.runEnd());
        clock_->seek(t);
        emit seekRequested(t);
    } else if (drag_ == Drag::Select && !viewport_.selection()) {
        clearSelection();
    }
    drag_ = Drag::None;
    event->accept();
}

void TimelineWidget::mouseDoubleClickEvent(QMouseEvent* event)
{
    viewport_.showDefaultView();
    viewChanged();
    event->accept();
}

void TimelineWidget::keyPressEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Escape && viewport_.selection()) {
        clearSelection();
        event->accept();
        return;
    }
    QWidget::keyPressEvent(event);
}

}  // namespace spare
