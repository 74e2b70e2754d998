#pragma once

#include "sim/Event.h"
#include "views/AnimationClock.h"

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
// wipe-out the lost types are marked in all their dead holders. For large N it
// shows a window of groups around the selected one.
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
    static QColor typeColor(int type);
    // The time the slides run on (an animation export sets it per frame).
    AnimationClock* animationClock() { return &clock_; }
    // Moves of the last decision still marked (from -> to) now: during its slide and a few seconds
    // after, so that a jump that lands on a reorder leaves the moved cells visible.
    int markedMoveCount() const;
    // The cell of `group` at stack `position`, in widget coordinates; null when the group is not shown.
    QRect cellGeometry(int group, int position) const;
    // The font of the type numbers in cells of this size: the widget's, grown in large cells.
    QFont cellNumberFont(QSizeF cell) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;

private:
    void onEventPlayed(const Event& event);
    QRectF cellRect(int column, double position) const;
    int leftMargin() const;
    int headerHeight() const;
    bool marking() const;
    QString decisionSummary() const;
    // 0 -> 1 (eased) over the slide of the last played decision; 1 when none is sliding.
    double slideProgress() const;

    QPointer<PlaybackCursor> cursor_;
    QPointer<ViewState> viewState_;
    std::shared_ptr<const ReorderDecision> animatedDecision_;
    QVariantAnimation animation_;  // repaints the window while a slide runs
    AnimationClock clock_;
    qint64 slideStartMs_ = 0;
};

}  // namespace spare
