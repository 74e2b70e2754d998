#pragma once

#include "engine/sim/Event.h"
#include "ui/views/AnimationClock.h"

#include <QPointer>
#include <QVariantAnimation>
#include <QWidget>

#include <memory>
#include <vector>

namespace spare {

class PlaybackCursor;
class ViewState;

// The shard stacks: one column per group, one cell per stack position (top = position 0), coloured
// by shard type. The top-S band (what each group computes per step) is highlighted. Draws the
// controller's decisions as they are played: moved cells slide to their new position, patch-compute
// cells flash, moved cells stay outlined with their from -> to positions for a few seconds, and on a
// wipe-out the lost types are marked in all their dead holders. For large N it shows the range of
// groups the shared ViewState holds (picked in the cluster view, or following the action); columns
// narrower than a few pixels fold into one that shows the most severe group of the run.
// Groups are labelled at a round step, types by number where the cells have room and by a
// colour and pattern that no two of 108 consecutive types share; hovering a cell names its group,
// position, type and the type's holders.
class StackView : public QWidget {
    Q_OBJECT
public:
    explicit StackView(PlaybackCursor* cursor, ViewState* viewState = nullptr, QWidget* parent = nullptr);

    // The first group shown and how many columns fit.
    int firstVisibleGroup() const;
    int visibleGroupCount() const;
    // What the view shows for a group: the stack order of the current playback state.
    std::vector<int> displayedStack(int group) const;
    bool animating() const { return animation_.state() == QAbstractAnimation::Running; }
    // The time the slides run on (an animation export sets it per frame).
    AnimationClock* animationClock() { return &clock_; }
    // Moves of the last decision still marked (from -> to) now: during its slide and a few seconds
    // after, so that a jump that lands on a reorder leaves the moved cells visible.
    int markedMoveCount() const;
    // The cell of `group` at stack `position`, in widget coordinates; null when the group is not shown.
    QRect cellGeometry(int group, int position) const;
    // The font of the type numbers in cells of this size: the widget's, grown in large cells and
    // shrunk (not below kMinNumberPoints) to fit three digits in small ones.
    QFont cellNumberFont(QSizeF cell) const;
    static constexpr double kMinNumberPoints = 6.0;
    // The groups labelled under the header now (a round step apart).
    std::vector<int> labelledGroups() const;
    // The hover text of the cell at a widget position; empty outside the cells.
    QString tooltipAt(QPoint pos) const;
    // The caption line under the stacks: the last decision's phase, moves, patches and S change.
    QString decisionSummary() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;
    bool event(QEvent* event) override;

private:
    void onEventPlayed(const Event& event);
    // Tells the view state the cluster's size and how many columns fit at a readable width.
    void publishCapacity();
    double columnWidth() const;
    // Groups per drawn column: 1, or a run folded into one column a few pixels wide.
    int groupsPerColumn() const;
    // The group a drawn run shows: its most severe one (a dead group stays visible).
    int representative(int firstGroup, int lastGroup) const;
    // The group and stack position under a widget position; {-1, -1} outside the cells.
    QPoint cellAt(QPointF pos) const;
    QRectF cellRect(int column, double position) const;
    // The margins that follow the font, measured once per font (cellRect runs per cell).
    void measureMargins();
    int leftMargin() const { return leftMargin_; }
    int headerHeight() const { return headerHeight_; }
    bool marking() const;
    // 0 -> 1 (eased) over the slide of the last played decision; 1 when none is sliding.
    double slideProgress() const;

    QPointer<PlaybackCursor> cursor_;
    QPointer<ViewState> viewState_;
    std::shared_ptr<const ReorderDecision> animatedDecision_;
    QVariantAnimation animation_;  // repaints the window while a slide runs
    AnimationClock clock_;
    qint64 slideStartMs_ = 0;
    int leftMargin_ = 0;
    int headerHeight_ = 0;
};

}  // namespace spare
