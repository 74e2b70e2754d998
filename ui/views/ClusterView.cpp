#include "ui/views/ClusterView.h"

#include "ui/base/ViewState.h"
#include "ui/charts/NiceTicks.h"
#include "ui/playback/PlaybackCursor.h"
#include "ui/views/ClusterPalette.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>
#include <span>

namespace spare {

namespace {

constexpr qint64 kFlashMs = 600;
constexpr qint64 kFrameMs = 33;
constexpr std::size_t kMaxFlashes = 8;
constexpr int kMaxBoundaryRows = 20'000;      // more visible groups than this: no boundaries drawn
constexpr double kMinBoundarySpacing = 3.0;  // px between two drawn rack lines
constexpr int kTickLength = 4;
constexpr int kBracketWidth = 4;  // the stack range's bar on the group axis
constexpr int kDragThreshold = 3;  // px a press must move to be a drag, not a click

// The first and last of `count` cells [origin + i * cell, + cell) that meet [start, start + length).
std::pair<int, int> cellsMeeting(double start, double length, double origin, double cell, int count)
{
    const int first = static_cast<int>(std::floor((start - origin) / cell));
    const int last = static_cast<int>(std::ceil((start + length - origin) / cell)) - 1;
    return {std::max(0, first), std::min(count - 1, last)};
}

// Multiples of a round step inside first..last, about `target` of them.
std::vector<int> roundTicks(int first, int last, int target)
{
    if (last < first)
        return {};
    const auto step = static_cast<int>(NiceTicks::forRange(first, last, true, std::max(1, target)).step);
    std::vector<int> ticks;
    for (int v = (first + step - 1) / step * step; v <= last; v += step)
        ticks.push_back(v);
    return ticks;
}

}  // namespace

ClusterView::ClusterView(PlaybackCursor* cursor, ViewState* viewState, QWidget* parent)
    : QWidget(parent), cursor_(cursor), viewState_(viewState)
{
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    animationTimer_.setInterval(static_cast<int>(kFrameMs));
    const auto advanceFlashes = [this] {
        updateFlashes();
        update();
    };
    connect(&animationTimer_, &QTimer::timeout, this, advanceFlashes);
    connect(&clock_, &AnimationClock::frameTimeSet, this, advanceFlashes);
    connect(cursor_, &PlaybackCursor::stateChanged, this, &ClusterView::followState);
    followState();
    connect(cursor_, &PlaybackCursor::eventPlayed, this, &ClusterView::onEventPlayed);
    if (viewState_) {
        connect(viewState_, &ViewState::selectionChanged, this, qOverload<>(&QWidget::update));
        connect(viewState_, &ViewState::zoomRequested, this, [this](double f) { zoomBy(f); });
        connect(viewState_, &ViewState::fitRequested, this, &ClusterView::fitToView);
        connect(viewState_, &ViewState::stackRangeChanged, this, qOverload<>(&QWidget::update));
    }
}

void ClusterView::followState()
{
    if (static_cast<int>(flashUntilMs_.size()) != cursor_->state().groups()
        || shownGpus_ != cursor_->state().gpusPerGroup()) {
        shownGpus_ = cursor_->state().gpusPerGroup();
        flashUntilMs_.assign(static_cast<std::size_t>(cursor_->state().groups()), 0);
        flashing_.assign(flashUntilMs_.size(), 0);
        flashCells_.clear();
        domainFlashes_.clear();
        rejoinFlashes_.clear();
        if (fitted_)
            fitToView();
    }
    update();
}

void ClusterView::setCompact(bool compact)
{
    compact_ = compact;
    setMouseTracking(!compact);
    fitToView();
}

QSize ClusterView::sizeHint() const
{
    return compact_ ? QSize(300, 60) : QSize(640, 400);
}

QSize ClusterView::minimumSizeHint() const
{
    return compact_ ? QSize(80, 24) : QSize(160, 100);
}

QRect ClusterView::gridRect() const
{
    const int band = policyBandHeight();
    return compact_ ? rect().adjusted(0, 0, 0, -band)
                    : rect().adjusted(groupAxisWidth(), layoutLegend(nullptr), -4, -gpuAxisHeight() - band);
}

int ClusterView::groupAxisWidth() const
{
    const int digits = std::max(3, static_cast<int>(QString::number(cursor_->state().groups() - 1).size()));
    return fontMetrics().horizontalAdvance(QString(digits, QLatin1Char('8'))) + kTickLength + kBracketWidth + 6;
}

int ClusterView::gpuAxisHeight() const
{
    return fontMetrics().height() + kTickLength + 2;
}

std::pair<int, int> ClusterView::visibleGroups() const
{
    const QRect grid = gridRect();
    return cellsMeeting(grid.top(), grid.height(), viewport_.originY, viewport_.cellHeight, cursor_->state().groups());
}

std::pair<int, int> ClusterView::visibleGpus() const
{
    const QRect grid = gridRect();
    return cellsMeeting(grid.left(), grid.width(), viewport_.originX, viewport_.cellWidth, cursor_->state().gpusPerGroup());
}

int ClusterView::groupAt(double y) const
{
    const int group = static_cast<int>(std::floor((y - viewport_.originY) / viewport_.cellHeight));
    return std::clamp(group, 0, std::max(0, cursor_->state().groups() - 1));
}

std::vector<int> ClusterView::groupTicks() const
{
    const auto [first, last] = visibleGroups();
    return roundTicks(first, last, gridRect().height() / (3 * fontMetrics().height()));
}

std::vector<int> ClusterView::gpuTicks() const
{
    const auto [first, last] = visibleGpus();
    const int label = fontMetrics().horizontalAdvance(QString::number(cursor_->state().gpusPerGroup() - 1));
    return roundTicks(first, last, gridRect().width() / (3 * std::max(label, 1)));
}

double ClusterView::zoomFactor() const
{
    const int groups = cursor_->state().groups();
    if (groups <= 0 || gridRect().height() <= 0)
        return 1.0;
    return viewport_.cellHeight * groups / gridRect().height();
}

QString ClusterView::zoomText() const
{
    const PlaybackState& s = cursor_->state();
    const auto [firstGroup, lastGroup] = visibleGroups();
    const auto [firstGpu, lastGpu] = visibleGpus();
    const double factor = zoomFactor();
    // Whole factors as "4x", others with one decimal ("1.6x"), large ones whole ("12x").
    const double rounded = factor >= 10.0 ? std::round(factor) : std::round(factor * 10.0) / 10.0;
    QString text = tr("groups %1-%2 of %3").arg(firstGroup).arg(lastGroup).arg(s.groups());
    if (firstGpu > 0 || lastGpu < s.gpusPerGroup() - 1)
        text += tr(", GPUs %1-%2 of %3").arg(firstGpu).arg(lastGpu).arg(s.gpusPerGroup());
    return text + tr(", %1x").arg(QString::number(rounded, 'f', rounded == std::round(rounded) ? 0 : 1));
}

QRect ClusterView::groupRect(int group) const
{
    const QRectF row(viewport_.originX, viewport_.originY + group * viewport_.cellHeight,
                     cursor_->state().gpusPerGroup() * viewport_.cellWidth, viewport_.cellHeight);
    return row.toAlignedRect().intersected(gridRect());
}

void ClusterView::fitToView()
{
    const PlaybackState& s = cursor_->state();
    fitted_ = true;
    if (s.groups() <= 0 || s.gpusPerGroup() <= 0)
        return;
    const QRect r = gridRect();
    viewport_.cellWidth = std::max(1e-6, static_cast<double>(r.width()) / s.gpusPerGroup());
    viewport_.cellHeight = std::max(1e-6, static_cast<double>(r.height()) / s.groups());
    viewport_.originX = r.left();
    viewport_.originY = r.top();
    update();
}

void ClusterView::zoomBy(double factor, QPointF anchor)
{
    if (compact_)
        return;
    const QRect r = gridRect();
    if (anchor.x() < 0)
        anchor = r.center();
    fitted_ = false;
    viewport_.originX = anchor.x() - (anchor.x() - viewport_.originX) * factor;
    viewport_.originY = anchor.y() - (anchor.y() - viewport_.originY) * factor;
    viewport_.cellWidth *= factor;
    viewport_.cellHeight *= factor;
    update();
}

QPoint ClusterView::cellAt(QPointF pos) const
{
    const PlaybackState& s = cursor_->state();
    if (!gridRect().contains(pos.toPoint()))
        return {-1, -1};
    const int gpu = static_cast<int>(std::floor((pos.x() - viewport_.originX) / viewport_.cellWidth));
    const int group = static_cast<int>(std::floor((pos.y() - viewport_.originY) / viewport_.cellHeight));
    if (gpu < 0 || gpu >= s.gpusPerGroup() || group < 0 || group >= s.groups())
        return {-1, -1};
    return {group, gpu};
}

QImage ClusterView::renderGrid(QSize size)
{
    if (image_.size() != size)
        image_ = QImage(size, QImage::Format_RGB32);
    ClusterViewport local = viewport_;
    local.originX -= gridRect().left();
    local.originY -= gridRect().top();
    ClusterImageRenderer::render(image_, cursor_->state(), local, flashing_);
    return image_;
}

void ClusterView::updateFlashes()
{
    const qint64 now = clock_.elapsed();
    bool any = false;
    for (std::size_t g = 0; g < flashUntilMs_.size(); ++g) {
        flashing_[g] = flashUntilMs_[g] > now;
        any = any || flashing_[g];
    }
    std::erase_if(flashCells_, [&](const QPoint& cell) { return !flashing_[static_cast<std::size_t>(cell.x())]; });
    std::erase_if(domainFlashes_, [now](const DomainFlash& flash) { return flash.untilMs <= now; });
    std::erase_if(rejoinFlashes_, [now](const RejoinFlash& flash) { return flash.untilMs <= now; });
    if (banner_.untilMs <= now)
        banner_ = {};
    any = any || !domainFlashes_.empty() || !rejoinFlashes_.empty() || !banner_.text.isEmpty();
    if (!any)
        animationTimer_.stop();
}

void ClusterView::stopFlash(std::size_t index)
{
    const int group = flashCells_[index].x();
    flashCells_.erase(flashCells_.begin() + static_cast<std::ptrdiff_t>(index));
    if (std::none_of(flashCells_.begin(), flashCells_.end(), [group](const QPoint& c) { return c.x() == group; }))
        flashUntilMs_[static_cast<std::size_t>(group)] = 0;
}

int ClusterView::flashingGroups() const
{
    return static_cast<int>(std::count(flashing_.begin(), flashing_.end(), std::uint8_t(1)));
}

void ClusterView::onEventPlayed(const Event& event)
{
    if (showBanner(event, clock_.elapsed())) {
        update();
        if (!animationTimer_.isActive())
            animationTimer_.start();
        return;
    }
    if ((event.kind != EventKind::Failure && event.kind != EventKind::Rejoin) || event.group < 0
        || event.group >= static_cast<int>(flashUntilMs_.size()))
        return;
    // At high playback speeds failures come faster than frames and than they fade: one mark per frame
    // (the latest failure of the frame) and only the latest few marks, so the view never turns red.
    const qint64 now = clock_.elapsed();
    if (event.kind == EventKind::Rejoin) {
        rejoinFlashes_.push_back({event.group, now + kFlashMs});
        if (rejoinFlashes_.size() > kMaxFlashes)
            rejoinFlashes_.erase(rejoinFlashes_.begin());
    }
    if (event.kind == EventKind::Rejoin || flashDomain(event, now)) {
        updateFlashes();
        update();
        if (!animationTimer_.isActive())
            animationTimer_.start();
        return;
    }
    if (!flashCells_.empty() && now - lastFlashMs_ < kFrameMs)
        stopFlash(flashCells_.size() - 1);
    lastFlashMs_ = now;
    flashUntilMs_[static_cast<std::size_t>(event.group)] = now + kFlashMs;
    flashCells_.push_back({event.group, event.gpu});
    if (flashCells_.size() > kMaxFlashes)
        stopFlash(0);
    updateFlashes();
    if (!animationTimer_.isActive())
        animationTimer_.start();
}

bool ClusterView::flashDomain(const Event& event, qint64 now)
{
    if (!event.origin || !event.origin->level || event.origin->domain < 0 || !cursor_->state().placement())
        return false;
    const auto same = [&event](const DomainFlash& flash) { return flash.origin == event.origin; };
    if (std::none_of(domainFlashes_.begin(), domainFlashes_.end(), same)) {
        domainFlashes_.push_back({event.origin, now + kFlashMs});
        if (domainFlashes_.size() > kMaxFlashes)
            domainFlashes_.erase(domainFlashes_.begin());
    }
    return true;
}

void ClusterView::drawDomainFlashes(QPainter& p)
{
    const PlaybackState& s = cursor_->state();
    const ClusterPlacement* placement = s.placement();
    if (!placement)
        return;
    p.setPen(QPen(QColor::fromRgb(ClusterPalette::failureFlash()), 2.0));
    p.setBrush(Qt::NoBrush);
    for (const DomainFlash& flash : domainFlashes_) {
        const std::span<const int> groups = placement->groupsIn(*flash.origin->level, flash.origin->domain);
        if (groups.empty())
            continue;
        const auto [first, last] = std::minmax_element(groups.begin(), groups.end());
        p.drawRect(QRectF(viewport_.originX, viewport_.originY + *first * viewport_.cellHeight,
                          s.gpusPerGroup() * viewport_.cellWidth,
                          std::max(2.0, (*last - *first + 1) * viewport_.cellHeight)));
    }
}

void ClusterView::drawRejoinFlashes(QPainter& p, qint64 now)
{
    const PlaybackState& s = cursor_->state();
    p.setPen(QPen(QColor::fromRgb(ClusterPalette::rejoinFlash()), 2.0));
    p.setBrush(Qt::NoBrush);
    for (const RejoinFlash& flash : rejoinFlashes_) {
        if (flash.untilMs <= now)
            continue;
        const double margin = 12.0 * static_cast<double>(flash.untilMs - now) / kFlashMs;  // closes in: 12 -> 0 px
        p.drawRect(QRectF(viewport_.originX, viewport_.originY + flash.group * viewport_.cellHeight,
                          s.gpusPerGroup() * viewport_.cellWidth, std::max(2.0, viewport_.cellHeight))
                       .adjusted(-margin, -margin, margin, margin));
    }
}

bool ClusterView::showBanner(const Event& event, qint64 now)
{
    const PlaybackState& s = cursor_->state();
    if (event.kind == EventKind::Restore)
        banner_ = event.value == 1 ? Banner{tr("restart loads the in-memory checkpoint of step %1").arg(event.step),
                                            ClusterPalette::memoryRestore(), 0}
                                   : Banner{tr("every copy of a shard lost: restart loads step %1 from storage").arg(event.step),
                                            ClusterPalette::storageRestore(), 0};
    else if (event.kind == EventKind::Reconfigure && s.policy() == Policy::Elastic)
        banner_ = {tr("failed group leaves: the batch shrinks to %1 / %2 groups").arg(event.value).arg(s.groups()),
                   ClusterPalette::liveBatch(), 0};
    else if (event.kind == EventKind::Reconfigure)
        banner_ = {tr("re-balanced: %1 groups share the work of %2").arg(event.value).arg(s.groups()),
                   ClusterPalette::liveBatch(), 0};
    else
        return false;
    banner_.untilMs = now + 3 * kFlashMs;
    return true;
}

QString ClusterView::bannerText() const
{
    return banner_.untilMs > clock_.elapsed() ? banner_.text : QString();
}

void ClusterView::drawBanner(QPainter& p, qint64 now)
{
    if (banner_.text.isEmpty() || banner_.untilMs <= now)
        return;
    const QRect grid = gridRect();
    const QFontMetrics metrics = fontMetrics();
    const int width = std::min(grid.width(), metrics.horizontalAdvance(banner_.text) + 16);
    const QRect box(grid.left() + (grid.width() - width) / 2, grid.top() + 6, width, metrics.height() + 8);
    QColor fill = QColor::fromRgb(banner_.colour);
    fill.setAlphaF(0.85 * std::min(1.0, static_cast<double>(banner_.untilMs - now) / kFlashMs));
    p.fillRect(box, fill);
    p.setPen(Qt::white);
    p.drawText(box, Qt::AlignCenter, metrics.elidedText(banner_.text, Qt::ElideRight, box.width() - 8));
}

int ClusterView::policyBandHeight() const
{
    const Policy policy = cursor_->state().policy();
    if (policy != Policy::Elastic && policy != Policy::Rebalance)
        return 0;
    return compact_ ? 4 : fontMetrics().height() + 6;
}

QString ClusterView::policyBandText() const
{
    const PlaybackState& s = cursor_->state();
    const int live = std::max(s.snapshot().aliveGroups, 0);
    switch (s.policy()) {
    case Policy::Elastic:
        return tr("batch %1 / %2 groups (%3%)").arg(live).arg(s.groups()).arg(100.0 * live / std::max(s.groups(), 1), 0, 'f', 1);
    case Policy::Rebalance:
        return live > 0 ? tr("work per group %1 / %2 = %3 x").arg(s.groups()).arg(live).arg(double(s.groups()) / live, 0, 'f', 3)
                        : tr("no live group: global restart");
    case Policy::Spare:
    case Policy::Rep:
    case Policy::Ckpt: break;
    }
    return {};
}

// Elastic: a bar whose filled share is the live share of the batch. Re-balancing: the batch stays
// whole, the bar says how much more each live group computes.
void ClusterView::drawPolicyBand(QPainter& p)
{
    const int height = policyBandHeight();
    if (height == 0)
        return;
    const PlaybackState& s = cursor_->state();
    const QRect grid = gridRect();
    const QRect band(grid.left(), compact_ ? grid.bottom() + 1 : grid.bottom() + gpuAxisHeight() + 1, grid.width(), height);
    p.fillRect(band, QColor::fromRgb(ClusterPalette::separator()));
    const int live = s.snapshot().aliveGroups;
    const double share = s.policy() == Policy::Elastic ? std::clamp(double(live) / std::max(s.groups(), 1), 0.0, 1.0)
                                                       : (live > 0 ? 1.0 : 0.0);
    p.fillRect(QRectF(band.left(), band.top(), band.width() * share, band.height()), QColor::fromRgb(ClusterPalette::liveBatch()));
    if (compact_)
        return;
    p.setPen(Qt::white);
    p.drawText(band.adjusted(6, 0, -6, 0), Qt::AlignVCenter | Qt::AlignLeft, policyBandText());
}

void ClusterView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    if (fitted_ || compact_)
        fitToView();
}

void ClusterView::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange && fitted_)
        fitToView();  // the legend's height follows the font
}

void ClusterView::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    const QRect grid = gridRect();
    p.drawImage(grid.topLeft(), renderGrid(grid.size()));
    if (!compact_)
        drawDomainBoundaries(p);
    const PlaybackState& s = cursor_->state();
    // Failure animation: a shrinking ring at the failing GPU and an outline around its group (a domain
    // failure: one outline around the domain's groups, drawn below).
    const qint64 now = clock_.elapsed();
    p.setRenderHint(QPainter::Antialiasing);
    for (const QPoint& cell : flashCells_) {
        const auto g = static_cast<std::size_t>(cell.x());
        if (g >= flashUntilMs_.size() || flashUntilMs_[g] <= now)
            continue;
        const double left = static_cast<double>(flashUntilMs_[g] - now) / kFlashMs;  // 1 -> 0
        const QPointF centre(viewport_.originX + (cell.y() + 0.5) * viewport_.cellWidth,
                             viewport_.originY + (cell.x() + 0.5) * viewport_.cellHeight);
        p.setPen(QPen(QColor::fromRgb(ClusterPalette::failureFlash()), 2.0));
        p.setBrush(Qt::NoBrush);
        const double radius = 4.0 + 26.0 * left;
        p.drawEllipse(centre, radius, radius);
        p.drawRect(QRectF(viewport_.originX, viewport_.originY + cell.x() * viewport_.cellHeight,
                          s.gpusPerGroup() * viewport_.cellWidth, std::max(2.0, viewport_.cellHeight)));
    }
    p.setRenderHint(QPainter::Antialiasing, false);
    drawDomainFlashes(p);
    drawRejoinFlashes(p, now);
    drawBanner(p, now);
    if (viewState_ && viewState_->selectedGroup() >= 0 && viewState_->selectedGroup() < s.groups()) {
        p.setPen(QPen(QColor(0x30, 0x30, 0xff), 1.5));
        p.setBrush(Qt::NoBrush);
        const double y = viewport_.originY + viewState_->selectedGroup() * viewport_.cellHeight;
        p.drawRect(QRectF(viewport_.originX - 1, y - 1, s.gpusPerGroup() * viewport_.cellWidth + 2,
                          std::max(1.0, viewport_.cellHeight) + 2));
    }
    if (!compact_) {
        layoutLegend(&p);
        drawAxes(p);
        drawHostMarks(p);
        // Marked only when the stack view shows part of the cluster; around every group it says nothing.
        if (viewState_ && viewState_->stackLast() >= viewState_->stackFirst() &&
            (viewState_->stackFirst() > 0 || viewState_->stackLast() < s.groups() - 1))
            drawStackRange(p, viewState_->stackFirst(), viewState_->stackLast(), false);
        if (picking_)
            drawStackRange(p, std::min(pickFrom_, pickTo_), std::max(pickFrom_, pickTo_), true);
    }
    drawPolicyBand(p);  // after the axes, which clear the margins
}

void ClusterView::drawAxes(QPainter& p)
{
    const QRect grid = gridRect();
    const QFontMetrics metrics = fontMetrics();
    p.fillRect(QRect(0, grid.top(), grid.left(), height() - grid.top()), palette().window());
    p.fillRect(QRect(grid.left(), grid.bottom() + 1, width() - grid.left(), height() - grid.bottom()), palette().window());
    p.fillRect(QRect(grid.right() + 1, grid.top(), width() - grid.right(), grid.height()), palette().window());
    p.setPen(palette().color(QPalette::WindowText));
    // Ticks sit on the middle of their row / column: tick v names group (GPU) v.
    const int axisX = grid.left() - kBracketWidth - 1;
    for (int g : groupTicks()) {
        const int y = static_cast<int>(std::lround(viewport_.originY + (g + 0.5) * viewport_.cellHeight));
        p.drawLine(axisX - kTickLength, y, axisX, y);
        p.drawText(QRect(0, y - metrics.height() / 2, axisX - kTickLength - 2, metrics.height()),
                   Qt::AlignVCenter | Qt::AlignRight, QString::number(g));
    }
    // The zoom indicator ends the GPU axis; tick labels that would run into it are left out.
    const QString zoom = zoomText();
    const int zoomLeft = grid.right() - metrics.horizontalAdvance(zoom);
    const int labelTop = grid.bottom() + 1 + kTickLength;
    p.drawText(QRect(zoomLeft, labelTop, metrics.horizontalAdvance(zoom) + 2, metrics.height()),
               Qt::AlignVCenter | Qt::AlignRight, zoom);
    for (int gpu : gpuTicks()) {
        const int x = static_cast<int>(std::lround(viewport_.originX + (gpu + 0.5) * viewport_.cellWidth));
        p.drawLine(x, grid.bottom() + 1, x, grid.bottom() + kTickLength);
        const QString label = QString::number(gpu);
        const int half = metrics.horizontalAdvance(label) / 2 + 1;
        if (x + half + metrics.averageCharWidth() < zoomLeft)
            p.drawText(QRect(x - half, labelTop, 2 * half, metrics.height()), Qt::AlignCenter, label);
    }
}

void ClusterView::drawHostMarks(QPainter& p)
{
    const HostPopulation* hosts = cursor_->state().hosts();
    if (!hosts)
        return;
    const QRect grid = gridRect();
    const auto [first, last] = visibleGroups();
    const double half = kBracketWidth / 2.0;
    const auto mark = [&](const std::vector<int>& groups, QRgb colour, double x) {
        auto it = std::lower_bound(groups.begin(), groups.end(), first);
        for (; it != groups.end() && *it <= last; ++it) {
            const double y = viewport_.originY + *it * viewport_.cellHeight;
            p.fillRect(QRectF(x, y, half, std::max(2.0, viewport_.cellHeight)), QColor::fromRgb(colour));
        }
    };
    p.save();
    p.setClipRect(QRect(0, grid.top(), width(), grid.height()));
    // Prone groups are in node order, so ascending (a group may repeat).
    mark(hosts->proneGroups(), ClusterPalette::proneHost(), grid.left() - kBracketWidth);
    mark(hosts->slowGroups(), ClusterPalette::slowHost(), grid.left() - half);
    p.restore();
}

void ClusterView::drawStackRange(QPainter& p, int first, int last, bool rubberBand)
{
    const QRect grid = gridRect();
    const QColor colour = QColor::fromRgb(ClusterPalette::stackRange());
    const double top = viewport_.originY + first * viewport_.cellHeight;
    const double bottom = viewport_.originY + (last + 1) * viewport_.cellHeight;
    const double centre = (top + bottom) / 2.0;
    // At least a few pixels tall, so a range of one folded row stays visible.
    const double half = std::max((bottom - top) / 2.0, 2.0);
    const QRectF rows(grid.left(), centre - half, grid.width(), 2.0 * half);
    p.save();
    p.setClipRect(QRect(0, grid.top(), width(), grid.height()));
    if (rubberBand) {
        QColor fill = colour;
        fill.setAlpha(60);
        p.fillRect(rows, fill);
    }
    p.fillRect(QRectF(grid.left() - kBracketWidth, rows.top(), kBracketWidth, rows.height()), colour);
    p.setPen(QPen(colour, 2.0, rubberBand ? Qt::DashLine : Qt::SolidLine));
    p.setBrush(Qt::NoBrush);
    p.drawRect(rows.adjusted(1, 1, -1, -1));
    p.restore();
}

void ClusterView::drawDomainBoundaries(QPainter& p)
{
    const PlaybackState& s = cursor_->state();
    const ClusterPlacement* placement = s.placement();
    if (!placement || s.gpusPerGroup() <= 0)
        return;
    const QRect grid = gridRect();
    const int firstRow = std::max(0, static_cast<int>(std::floor((grid.top() - viewport_.originY) / viewport_.cellHeight)));
    const int lastRow = std::min(s.groups() - 1,
                                 static_cast<int>(std::ceil((grid.bottom() - viewport_.originY) / viewport_.cellHeight)));
    if (lastRow - firstRow > kMaxBoundaryRows)
        return;
    const auto rack = [&](int node) { return placement->domainOfNode(node, DomainLevel::Rack); };
    const auto pod = [&](int node) { return placement->domainOfNode(node, DomainLevel::Pod); };
    const auto pen = [](bool podBoundary) { return QPen(QColor(0x20, 0x20, 0x20), podBoundary ? 2.5 : 1.0); };
    const int lastGpu = s.gpusPerGroup() - 1;
    const double right = viewport_.originX + s.gpusPerGroup() * viewport_.cellWidth;
    double lastLineY = -1e9;
    p.save();
    p.setClipRect(grid);
    for (int g = std::max(firstRow, 1); g <= lastRow; ++g) {
        // Between groups: the previous group's last GPU and this one's first in different racks.
        const double top = viewport_.originY + g * viewport_.cellHeight;
        const int before = placement->nodeOfGpu(g - 1, lastGpu);
        const int first = placement->nodeOfGpu(g, 0);
        if (rack(before) != rack(first) && top - lastLineY >= kMinBoundarySpacing) {
            p.setPen(pen(pod(before) != pod(first)));
            p.drawLine(QPointF(viewport_.originX, top), QPointF(right, top));
            lastLineY = top;
        }
    }
    if (viewport_.cellHeight >= kMinBoundarySpacing)
        for (int g = firstRow; g <= lastRow; ++g) {
            // Inside a group: where its GPUs move on to a node in another rack.
            const auto nodes = placement->nodesOf(g);
            const double top = viewport_.originY + g * viewport_.cellHeight;
            for (std::size_t k = 1; k < nodes.size(); ++k)
                if (rack(nodes[k]) != rack(nodes[k - 1])) {
                    const double x = viewport_.originX + placement->firstGpuOnNode(g, k) * viewport_.cellWidth;
                    p.setPen(pen(pod(nodes[k]) != pod(nodes[k - 1])));
                    p.drawLine(QPointF(x, top), QPointF(x, top + viewport_.cellHeight));
                }
        }
    p.restore();
}

std::vector<ClusterView::LegendEntry> ClusterView::legendEntries()
{
    std::vector<LegendEntry> entries;
    for (int pos = 0; pos < 3; ++pos)
        entries.push_back({ClusterPalette::computing(pos), pos == 0 ? tr("computing stack 1") : QString::number(pos + 1)});
    for (GroupState st : {GroupState::Idle, GroupState::Checkpointing, GroupState::Restarting, GroupState::MaskedOut,
                          GroupState::Failed})
        entries.push_back({ClusterPalette::state(st), ClusterPalette::name(st)});
    entries.push_back({ClusterPalette::failureFlash(), tr("failure")});
    entries.push_back({ClusterPalette::stackRange(), tr("stack view's groups")});
    return entries;
}

int ClusterView::layoutLegend(QPainter* p) const
{
    // In the widget's font, swatches as tall as its capitals, wrapped onto as many lines as the width
    // needs; the size of the cluster ends the last line. Returns the legend's height.
    const QFontMetrics metrics = fontMetrics();
    const int line = metrics.height() + 6;
    const int swatch = metrics.capHeight() + 2;
    const int gap = metrics.averageCharWidth();
    const PlaybackState& s = cursor_->state();
    const QString dims = tr("%1 groups x %2 GPUs").arg(s.groups()).arg(s.gpusPerGroup());
    int x = 6;
    int top = 0;
    auto place = [&](int itemWidth) {
        if (x > 6 && x + itemWidth > width() - 6) {
            x = 6;
            top += line;
        }
        const int left = x;
        x += itemWidth + 2 * gap;
        return left;
    };
    if (p) {
        p->fillRect(QRect(0, 0, width(), layoutLegend(nullptr)), palette().window());
        p->setPen(palette().color(QPalette::WindowText));
    }
    for (const LegendEntry& entry : legendEntries()) {
        const int labelWidth = metrics.horizontalAdvance(entry.label);
        const int left = place(swatch + gap + labelWidth);
        if (!p)
            continue;
        p->fillRect(QRect(left, top + (line - swatch) / 2, swatch, swatch), QColor::fromRgb(entry.colour));
        p->drawText(QRect(left + swatch + gap, top, labelWidth + 2, line), Qt::AlignVCenter | Qt::AlignLeft, entry.label);
    }
    place(metrics.horizontalAdvance(dims));
    if (p)
        p->drawText(QRect(0, top, width() - 6, line), Qt::AlignVCenter | Qt::AlignRight, dims);
    return top + line;
}

void ClusterView::wheelEvent(QWheelEvent* event)
{
    if (compact_)
        return QWidget::wheelEvent(event);
    zoomBy(std::pow(1.0015, event->angleDelta().y()), event->position());
    event->accept();
}

void ClusterView::mousePressEvent(QMouseEvent* event)
{
    if (compact_)
        return QWidget::mousePressEvent(event);
    dragStart_ = event->position().toPoint();
    const QRect grid = gridRect();
    const bool onRows = event->position().y() >= grid.top() && event->position().y() <= grid.bottom();
    if (event->button() == Qt::LeftButton && viewState_ && onRows) {  // on the grid or the group axis
        picking_ = false;
        pickFrom_ = groupAt(event->position().y());
        pickTo_ = pickFrom_;
    } else if (event->button() == Qt::RightButton || event->button() == Qt::MiddleButton) {
        panning_ = true;
        dragOrigin_ = QPointF(viewport_.originX, viewport_.originY);
    } else {
        QWidget::mousePressEvent(event);
    }
}

void ClusterView::mouseMoveEvent(QMouseEvent* event)
{
    const QPoint delta = event->position().toPoint() - dragStart_;
    if (delta.manhattanLength() < kDragThreshold)
        return;
    if (panning_) {
        fitted_ = false;
        viewport_.originX = dragOrigin_.x() + delta.x();
        viewport_.originY = dragOrigin_.y() + delta.y();
        update();
    } else if (pickFrom_ >= 0) {
        picking_ = true;
        pickTo_ = groupAt(event->position().y());
        update();
    }
}

void ClusterView::mouseReleaseEvent(QMouseEvent* event)
{
    if (panning_) {
        panning_ = false;
        return;
    }
    if (pickFrom_ < 0 || !viewState_)
        return QWidget::mouseReleaseEvent(event);
    if (picking_) {
        viewState_->pickStackRange(std::min(pickFrom_, pickTo_), std::max(pickFrom_, pickTo_));
    } else if (const QPoint cell = cellAt(event->position()); cell.x() >= 0) {
        viewState_->pickStackGroup(cell.x());
        viewState_->select(cell.x(), cell.y());
    }
    picking_ = false;
    pickFrom_ = -1;
    update();
}

QString ClusterView::tooltipFor(QPoint cell) const
{
    const PlaybackState& s = cursor_->state();
    const SimulationSnapshot& snap = s.snapshot();
    const int g = cell.x();
    GroupState st = snap.groupStates[static_cast<std::size_t>(g)];
    QString state = ClusterPalette::name(st);
    if (cell.y() == snap.failedGpus[static_cast<std::size_t>(g)] && (st == GroupState::Failed || st == GroupState::MaskedOut))
        state = tr("failed GPU (took the group out)");
    else if (st == GroupState::Computing)
        state += tr(" (stack position %1)").arg(s.computePosition(g) + 1);
    QStringList stack;
    const std::vector<int> types = s.stack(g);
    for (std::size_t p = 0; p < types.size(); ++p)
        stack << (static_cast<int>(p) < snap.stackNumber ? QStringLiteral("[%1]") : QStringLiteral("%1")).arg(types[p]);
    QString text = tr("group %1, GPU %2\nstate: %3\nshard types, top of the stack first (top S = %4 in brackets): %5")
                       .arg(g).arg(cell.y()).arg(state).arg(snap.stackNumber).arg(stack.join(QLatin1Char(' ')));
    if (const HostPopulation* hosts = s.hosts()) {
        const auto prone = std::equal_range(hosts->proneGroups().begin(), hosts->proneGroups().end(), g);
        const auto slow = std::lower_bound(hosts->slowGroups().begin(), hosts->slowGroups().end(), g);
        const int slowNodes = slow != hosts->slowGroups().end() && *slow == g
                                  ? hosts->slowNodesInGroup()[static_cast<std::size_t>(slow - hosts->slowGroups().begin())]
                                  : 0;
        text += tr("\nfailure-prone nodes: %1, slow nodes: %2 (hosts section; marked red and amber on the group "
                   "axis)")
                    .arg(prone.second - prone.first)
                    .arg(slowNodes);
    }
    if (const ClusterPlacement* placement = s.placement()) {
        const int node = placement->nodeOfGpu(g, cell.y());
        text += tr("\nnode %1, rack %2, pod %3")
                    .arg(node)
                    .arg(placement->domainOfNode(node, DomainLevel::Rack))
                    .arg(placement->domainOfNode(node, DomainLevel::Pod));
    }
    return text;
}

bool ClusterView::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip && !compact_) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QPoint cell = cellAt(help->pos());
        if (cell.x() >= 0)
            QToolTip::showText(help->globalPos(), tooltipFor(cell), this);
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

}  // namespace spare
