#pragma once

#include <QObject>

namespace spare {

// The one selection/zoom state every view follows: the selected group (and GPU), the range of groups
// the stack view shows, and zoom requests from the View menu. Lives on the GUI thread.
//
// The stack range: until the user picks one it follows the action (each decision's failed group);
// a pick (a click or a drag in the cluster view, the View menu's page keys) turns following off, so the
// range stays where it was put during playback. The toggle turns following back on.
class ViewState : public QObject {
    Q_OBJECT
public:
    explicit ViewState(QObject* parent = nullptr);

    int selectedGroup() const { return selectedGroup_; }
    int selectedGpu() const { return selectedGpu_; }
    // The stack view's groups, first..last (inclusive); last < first before a run is shown.
    int stackFirst() const { return stackFirst_; }
    int stackLast() const { return stackLast_; }
    int stackCount() const { return stackLast_ - stackFirst_ + 1; }
    bool followsAction() const { return followAction_; }

public slots:
    void select(int group, int gpu = -1);
    void zoomIn() { emit zoomRequested(1.25); }
    void zoomOut() { emit zoomRequested(0.8); }
    void zoomToFit() { emit fitRequested(); }
    // The cluster's group count and how many groups the stack view shows at a readable width (the stack
    // view tells it whenever either changes). A new group count starts over: a fresh range, following.
    void setStackCapacity(int groups, int columns);
    // The user's pick of the stack view's groups (clamped to the cluster); following turns off.
    void pickStackRange(int first, int last);
    // A pick of a range as wide as the current one, centred on `group`.
    void pickStackGroup(int group);
    // A pick of the range `pages` widths later (negative: earlier).
    void pageStackRange(int pages);
    void setFollowAction(bool follow);
    // The action at `group` (a decision's failed group): the range moves there when following.
    void showAction(int group);

signals:
    void selectionChanged(int group, int gpu);
    void zoomRequested(double factor);
    void fitRequested();
    void stackRangeChanged(int first, int last);
    void followActionChanged(bool follow);

private:
    // Moves the range to first..first+count-1, shifted to lie inside the cluster.
    void placeStackRange(int first, int count);
    void centreStackRange(int group);

    int selectedGroup_ = -1;
    int selectedGpu_ = -1;
    int groups_ = 0;
    int columns_ = 1;
    int stackFirst_ = 0;
    int stackLast_ = -1;
    bool picked_ = false;
    bool followAction_ = true;
};

}  // namespace spare
