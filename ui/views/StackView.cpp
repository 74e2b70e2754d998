#include "ui/views/StackView.h"

#include "ui/base/ViewState.h"
#include "ui/charts/NiceTicks.h"
#include "ui/models/CountedNoun.h"
#include "ui/playback/PlaybackCursor.h"
#include "ui/views/ClusterPalette.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QTimer>
#include <QToolTip>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <unordered_map>

namespace spare {

namespace {

constexpr double kMinColumnWidth = 18.0;
constexpr double kFoldWidth = 3.0;  // columns narrower than this fold into runs this wide
constexpr int kAnimationMs = 500;
constexpr int kMarkMs = 3000;  // moved cells stay marked this long after their slide
const QColor kLostColour(0xd5, 0x00, 0x00);
const QColor kMovedColour(0x00, 0x72, 0xb2);

}  // namespace

StackView::StackView(PlaybackCursor* cursor, ViewState* viewState, QWidget* parent)
    : QWidget(parent), cursor_(cursor), viewState_(viewState ? viewState : new ViewState(this))
{
    animation_.setStartValue(0.0);
    animation_.setEndValue(1.0);
    animation_.setDuration(kAnimationMs);
    animation_.setEasingCurve(QEasingCurve::InOutCubic);
    connect(&animation_, &QVariantAnimation::valueChanged, this, qOverload<>(&QWidget::update));
    connect(&animation_, &QVariantAnimation::finished, this, qOverload<>(&QWidget::update));
    connect(&clock_, &AnimationClock::frameTimeSet, this, qOverload<>(&QWidget::update));
    connect(cursor_, &PlaybackCursor::stateChanged, this, &StackView::publishCapacity);
    connect(cursor_, &PlaybackCursor::stateChanged, this, qOverload<>(&QWidget::update));
    connect(cursor_, &PlaybackCursor::eventPlayed, this, &StackView::onEventPlayed);
    connect(viewState_, &ViewState::selectionChanged, this, qOverload<>(&QWidget::update));
    connect(viewState_, &ViewState::stackRangeChanged, this, qOverload<>(&QWidget::update));
    measureMargins();
    publishCapacity();
}

QSize StackView::sizeHint() const
{
    return {640, 260};
}

QSize StackView::minimumSizeHint() const
{
    return {200, 120};
}

void StackView::publishCapacity()
{
    const int fit = static_cast<int>((width() - leftMargin() - 4) / kMinColumnWidth);
    viewState_->setStackCapacity(cursor_->state().groups(), fit);
}

void StackView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    publishCapacity();
}

int StackView::visibleGroupCount() const
{
    return std::clamp(viewState_->stackCount(), 0, cursor_->state().groups());
}

int StackView::firstVisibleGroup() const
{
    return std::clamp(viewState_->stackFirst(), 0, std::max(0, cursor_->state().groups() - visibleGroupCount()));
}

std::vector<int> StackView::displayedStack(int group) const
{
    return cursor_->state().stack(group);
}

void StackView::onEventPlayed(const Event& event)
{
    if (event.kind == EventKind::Decision && event.decision) {
        animatedDecision_ = event.decision;
        slideStartMs_ = clock_.elapsed();
        animation_.stop();
        animation_.start();
        QTimer::singleShot(kAnimationMs + kMarkMs, this, qOverload<>(&QWidget::update));  // the marks go
        if (!event.decision->failedGroups.empty())
            viewState_->showAction(event.decision->failedGroups.front());
    } else if (event.kind == EventKind::RestartEnd) {
        animatedDecision_.reset();
        update();
    }
}

double StackView::slideProgress() const
{
    if (!animatedDecision_)
        return 1.0;
    const double progress = static_cast<double>(clock_.elapsed() - slideStartMs_) / kAnimationMs;
    return animation_.easingCurve().valueForProgress(std::clamp(progress, 0.0, 1.0));
}

void StackView::measureMargins()
{
    // Room for the widest position label ("S12 p11") in the current font, so none is clipped; two
    // lines above the cells: the decision summary and the group ids.
    leftMargin_ = fontMetrics().horizontalAdvance(QStringLiteral("S88 p88")) + 10;
    headerHeight_ = 2 * fontMetrics().height() + 4;
}

void StackView::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) {
        measureMargins();
        publishCapacity();
    }
}

bool StackView::marking() const
{
    return animatedDecision_ && clock_.elapsed() - slideStartMs_ < kAnimationMs + kMarkMs;
}

int StackView::markedMoveCount() const
{
    return marking() ? static_cast<int>(animatedDecision_->stackMoves.size()) : 0;
}

double StackView::columnWidth() const
{
    return static_cast<double>(width() - leftMargin() - 4) / std::max(1, visibleGroupCount());
}

int StackView::groupsPerColumn() const
{
    return std::max(1, static_cast<int>(std::ceil(kFoldWidth / columnWidth())));
}

int StackView::representative(int firstGroup, int lastGroup) const
{
    const std::vector<GroupState>& states = cursor_->state().snapshot().groupStates;
    int worst = firstGroup;
    for (int g = firstGroup + 1; g <= lastGroup; ++g)
        if (ClusterPalette::severity(states[static_cast<std::size_t>(g)])
            > ClusterPalette::severity(states[static_cast<std::size_t>(worst)]))
            worst = g;
    return worst;
}

QRectF StackView::cellRect(int column, double position) const
{
    const int r = std::max(1, cursor_->state().redundancy());
    const double rowHeight = static_cast<double>(height() - headerHeight() - 4) / r;
    return {leftMargin() + column * columnWidth(), headerHeight() + position * rowHeight, columnWidth(), rowHeight};
}

QRect StackView::cellGeometry(int group, int position) const
{
    const int column = group - firstVisibleGroup();
    if (cursor_->state().groups() <= 0 || column < 0 || column >= visibleGroupCount() || position < 0
        || position >= cursor_->state().redundancy())
        return {};
    return cellRect(column, position).toAlignedRect();
}

QPoint StackView::cellAt(QPointF pos) const
{
    const PlaybackState& s = cursor_->state();
    if (s.groups() <= 0)
        return {-1, -1};
    const QRectF first = cellRect(0, 0);
    const int column = static_cast<int>(std::floor((pos.x() - first.left()) / first.width()));
    const int position = static_cast<int>(std::floor((pos.y() - first.top()) / first.height()));
    if (column < 0 || column >= visibleGroupCount() || position < 0 || position >= s.redundancy())
        return {-1, -1};
    return {firstVisibleGroup() + column, position};
}

QFont StackView::cellNumberFont(QSizeF cell) const
{
    // The widget's font where three digits and a line fit; smaller cells shrink it to fit them (not
    // below kMinNumberPoints); large cells grow it to 40% of their height (the bottom line stays free
    // for the from -> to mark), as long as three digits take at most 60% of their width.
    QFont number = font();
    const QFontMetricsF metrics(number);
    const double digits = metrics.horizontalAdvance(QStringLiteral("888"));
    double scale = std::min(cell.height() * 0.4 / metrics.height(), cell.width() * 0.6 / digits);
    if (scale < 1.0)
        scale = std::min({1.0, (cell.width() - 2) / digits, cell.height() / metrics.height()});
    number.setPointSizeF(std::max(kMinNumberPoints, number.pointSizeF() * scale));
    return number;
}

std::vector<int> StackView::labelledGroups() const
{
    // A round step (1, 2, 5, 10, 20, 25, 50 ...) at which the widest group id fits with a gap.
    const int count = visibleGroupCount();
    if (count <= 0)
        return {};
    const int first = firstVisibleGroup();
    const int last = first + count - 1;
    const double labelWidth = fontMetrics().horizontalAdvance(QString::number(cursor_->state().groups() - 1))
                              + fontMetrics().averageCharWidth() * 1.5;
    const int target = std::max(1, static_cast<int>(count * columnWidth() / labelWidth));
    const auto step = static_cast<int>(NiceTicks::forRange(first, last, true, target).step);
    std::vector<int> groups;
    for (int g = (first + step - 1) / step * step; g <= last; g += step)
        groups.push_back(g);
    return groups;
}

QString StackView::tooltipAt(QPoint pos) const
{
    const QPoint cell = cellAt(pos);
    if (cell.x() < 0)
        return {};
    const PlaybackState& s = cursor_->state();
    const SimulationSnapshot& snap = s.snapshot();
    // In a folded run, the group the run shows.
    const int fold = groupsPerColumn();
    const int runFirst = firstVisibleGroup() + (cell.x() - firstVisibleGroup()) / fold * fold;
    const int runLast = std::min(runFirst + fold, firstVisibleGroup() + visibleGroupCount()) - 1;
    const int group = representative(runFirst, runLast);
    const int position = cell.y();
    const int type = s.stack(group)[static_cast<std::size_t>(position)];
    QStringList holders;
    const std::vector<int>& stacks = snap.stacks;
    for (int g = 0; g < s.groups(); ++g) {
        const auto begin = stacks.begin() + static_cast<std::ptrdiff_t>(g) * s.redundancy();
        const auto at = std::find(begin, begin + s.redundancy(), type);
        if (at == begin + s.redundancy())
            continue;
        const GroupState st = snap.groupStates[static_cast<std::size_t>(g)];
        const bool out = st == GroupState::Failed || st == GroupState::MaskedOut;
        holders << (out ? tr("%1 (p%2, out)") : tr("%1 (p%2)")).arg(g).arg(at - begin);
    }
    const QString run = runLast > runFirst ? tr(" (groups %1-%2 folded, showing the most severe)").arg(runFirst).arg(runLast)
                                           : QString();
    return tr("group %1%2, stack position p%3%4\nshard type %5\nheld by groups %6")
        .arg(group)
        .arg(run)
        .arg(position)
        .arg(position < snap.stackNumber ? tr(" (computed: top S = %1)").arg(snap.stackNumber) : QString())
        .arg(type)
        .arg(holders.join(QStringLiteral(", ")));
}

bool StackView::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QString text = tooltipAt(help->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QWidget::event(event);
}

QString StackView::decisionSummary() const
{
    const SimulationSnapshot& s = cursor_->state().snapshot();
    const std::shared_ptr<const ReorderDecision>& d = s.lastDecision;
    if (!s.lostTypes.empty()) {
        QStringList lost;
        for (int t : s.lostTypes)
            lost << QString::number(t);
        return tr("WIPE-OUT: type %1 lost every holder -> global restart").arg(lost.join(QStringLiteral(", ")));
    }
    if (!d)
        return tr("S = %1 (no reorder since the last restart)").arg(s.stackNumber);
    static const char* const phases[] = {QT_TR_NOOP("phase 0: fixed check, no reorder"),
                                         QT_TR_NOOP("phase 1: free search"),
                                         QT_TR_NOOP("phase 2: min-cost reorder"),
                                         QT_TR_NOOP("phase 3: re-admission, groups back")};
    static_assert(std::size(phases) == static_cast<std::size_t>(ReorderDecision::Phase::Readmit) + 1);
    return tr("Last decision: %1 | %2 | %3 | S %4 -> %5")
        .arg(tr(phases[static_cast<int>(d->phase)]))
        .arg(countedNoun(d->moves, "move", "moves"))
        .arg(countedNoun(d->patchComputes, "patch compute", "patch computes"))
        .arg(d->previousStackNumber)
        .arg(d->stackNumber);
}

void StackView::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    const PlaybackState& s = cursor_->state();
    if (s.groups() <= 0)
        return;
    const SimulationSnapshot& snap = s.snapshot();
    const int first = firstVisibleGroup();
    const int count = visibleGroupCount();
    const int r = s.redundancy();
    const double t = slideProgress();

    const int line = fontMetrics().height();
    p.setPen(palette().color(QPalette::Text));
    p.drawText(QRect(6, 2, width() - 12, line), Qt::AlignVCenter | Qt::AlignLeft, decisionSummary());
    if (count < s.groups())
        p.drawText(QRect(6, 2, width() - 12, line), Qt::AlignVCenter | Qt::AlignRight,
                   tr("groups %1-%2 of %3%4")
                       .arg(first)
                       .arg(first + count - 1)
                       .arg(s.groups())
                       .arg(viewState_->followsAction() ? tr(" (following)") : QString()));

    // Top-S band.
    const QRectF band = cellRect(0, 0).united(cellRect(count - 1, snap.stackNumber - 1)).adjusted(-3, -2, 3, 2);
    p.fillRect(band, QColor(0xff, 0xf1, 0x76, 120));
    p.setPen(QPen(QColor(0xf9, 0xa8, 0x25), 2));
    p.drawRect(band);
    // Position labels, in the widget's font (leftMargin() makes room for it): every row when there is
    // room, else every other one.
    const int labelEvery = cellRect(0, 0).height() >= line ? 1 : 2;
    for (int pos = 0; pos < r; pos += labelEvery) {
        const QRectF row = cellRect(0, pos);
        p.setPen(palette().color(QPalette::Text));
        p.drawText(QRectF(2, row.top(), leftMargin() - 6, row.height()), Qt::AlignVCenter | Qt::AlignRight,
                   pos < snap.stackNumber ? QStringLiteral("S%1 p%2").arg(pos + 1).arg(pos) : QStringLiteral("p%1").arg(pos));
    }
    // Group ids at a round step, centred on their columns.
    for (int g : labelledGroups()) {
        const GroupState st = snap.groupStates[static_cast<std::size_t>(g)];
        const QRectF head = cellRect(g - first, 0);
        p.setPen(st == GroupState::Failed || st == GroupState::MaskedOut ? QColor(0x9e, 0x9e, 0x9e)
                                                                          : palette().color(QPalette::Text));
        p.drawText(QRectF(head.center().x() - 40, line + 2, 80, line), Qt::AlignCenter, QString::number(g));
    }

    // Where each moved type started, for the slide animation.
    std::unordered_map<long long, int> movedFrom;
    const bool animating = animatedDecision_ && t < 1.0;
    if (animating)
        for (const StackMove& m : animatedDecision_->stackMoves)
            movedFrom[static_cast<long long>(m.group) * s.groups() + m.type] = m.fromPosition;
    const std::vector<int>& lost = snap.lostTypes;
    const QFont numberFont = cellNumberFont(cellRect(0, 0).size());
    const QFontMetricsF numberMetrics(numberFont);
    // Narrow columns fold: each run of `fold` groups is one column showing its most severe group.
    const int fold = groupsPerColumn();
    for (int c = 0; c < count; c += fold) {
        const int g = fold == 1 ? first + c : representative(first + c, std::min(first + c + fold, first + count) - 1);
        const double runWidth = std::min(fold, count - c) * columnWidth();
        const GroupState st = snap.groupStates[static_cast<std::size_t>(g)];
        const bool dead = st == GroupState::Failed || st == GroupState::MaskedOut;
        const double inset = runWidth >= 6.0 ? 1.0 : 0.0;
        // Only the drawn columns are looked up: when S grew every survivor patches, a million of them.
        const int patchedPosition = animating ? patchPosition(*animatedDecision_, g, !dead) : -1;
        const std::vector<int> stack = displayedStack(g);
        p.setFont(numberFont);
        for (int pos = 0; pos < r; ++pos) {
            const int type = stack[static_cast<std::size_t>(pos)];
            double y = pos;
            if (auto it = movedFrom.find(static_cast<long long>(g) * s.groups() + type); it != movedFrom.end())
                y = it->second + (pos - it->second) * t;
            QRectF cell = cellRect(c, y);
            cell.setWidth(runWidth);
            cell.adjust(inset, 1, -inset, -1);
            QColor colour = ClusterPalette::shardType(type);
            if (dead)
                colour = QColor::fromHsvF(colour.hsvHueF(), 0.08f, 0.55f);
            p.fillRect(cell, colour);
            if (!dead && ClusterPalette::shardTypePattern(type) != Qt::NoBrush && cell.width() >= 6.0)
                p.fillRect(cell, QBrush(ClusterPalette::shardTypePatternColour(type), ClusterPalette::shardTypePattern(type)));
            const bool lostType = std::binary_search(lost.begin(), lost.end(), type);
            if (lostType) {
                p.fillRect(cell, QBrush(kLostColour, Qt::BDiagPattern));
                p.setPen(QPen(kLostColour, 2));
                p.drawRect(cell);
            }
            if (pos == patchedPosition) {
                const double pulse = 0.5 + 0.5 * std::sin(t * 6 * M_PI);
                p.setPen(QPen(QColor(0xff, 0x6f, 0x00), 1.5 + 2.0 * pulse));
                p.drawRect(cell);
            }
            if (fold > 1)
                continue;  // folded runs are too narrow for numbers
            const QString number = QString::number(type);
            const double numberWidth = numberMetrics.horizontalAdvance(number);
            if (numberWidth <= cell.width() - 1 && numberMetrics.height() <= cell.height() + 2) {
                // Centred in the cell, drawn from a baseline point (no text layout per cell).
                const QPointF baseline(cell.center().x() - numberWidth / 2.0,
                                       cell.center().y() + (numberMetrics.ascent() - numberMetrics.descent()) / 2.0);
                // A plate keeps the number readable over hatching and patterns.
                if (lostType || ClusterPalette::shardTypePattern(type) != Qt::NoBrush)
                    p.fillRect(QRectF(baseline.x() - 2, baseline.y() - numberMetrics.ascent(), numberWidth + 4,
                                      numberMetrics.height())
                                   .intersected(cell),
                               lostType ? QColor(0xff, 0xff, 0xff, 220) : colour);
                p.setPen(dead ? QColor(0x42, 0x42, 0x42) : QColor(0x21, 0x21, 0x21));
                p.drawText(baseline, number);
            }
        }
        p.setFont(font());
        if (marking() && fold == 1) {
            for (const StackMove& m : animatedDecision_->stackMoves) {
                if (m.group != g)
                    continue;
                const QRectF cell = cellRect(c, m.toPosition).adjusted(1, 1, -1, -1);
                p.setPen(QPen(kMovedColour, 2.5, Qt::DashLine));
                p.setBrush(Qt::NoBrush);
                p.drawRect(cell);
                const QString arrow = QStringLiteral("p%1→p%2").arg(m.fromPosition).arg(m.toPosition);
                if (cell.width() >= p.fontMetrics().horizontalAdvance(arrow) + 4
                    && cell.height() >= 2.2 * p.fontMetrics().height()) {
                    p.setPen(kMovedColour.darker(130));
                    p.drawText(cell.adjusted(2, 0, -2, -2), Qt::AlignHCenter | Qt::AlignBottom, arrow);
                }
            }
        }
    }
    const int selected = viewState_->selectedGroup();
    if (selected >= first && selected < first + count) {
        p.setPen(QPen(QColor(0x30, 0x30, 0xff), 2));
        p.setBrush(Qt::NoBrush);
        p.drawRect(cellRect(selected - first, 0).united(cellRect(selected - first, r - 1)));
    }
}

void StackView::mousePressEvent(QMouseEvent* event)
{
    const QPoint cell = cellAt(event->position());
    if (cell.x() >= 0)
        viewState_->select(cell.x());
}

}  // namespace spare
