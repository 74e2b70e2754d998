#include "ui/base/ViewState.h"

#include <algorithm>

namespace spare {

ViewState::ViewState(QObject* parent) : QObject(parent) {}

void ViewState::select(int group, int gpu)
{
    if (group == selectedGroup_ && gpu == selectedGpu_)
        return;
    selectedGroup_ = group;
    selectedGpu_ = gpu;
    // A selection out of the stack view's range (from the event log, say) brings the range to it.
    if (group >= 0 && group < groups_ && (group < stackFirst_ || group > stackLast_))
        centreStackRange(group);
    emit selectionChanged(group, gpu);
}

void ViewState::setStackCapacity(int groups, int columns)
{
    columns = std::max(1, columns);
    if (groups != groups_) {
        groups_ = groups;
        columns_ = columns;
        picked_ = false;
        setFollowAction(true);
        placeStackRange(0, columns);
        return;
    }
    columns_ = columns;
    if (!picked_)
        placeStackRange(stackFirst_, columns);
}

void ViewState::pickStackRange(int first, int last)
{
    if (groups_ <= 0)
        return;
    if (first > last)
        std::swap(first, last);
    picked_ = true;
    setFollowAction(false);
    placeStackRange(first, last - first + 1);
}

void ViewState::pickStackGroup(int group)
{
    const int count = stackLast_ >= stackFirst_ ? stackCount() : columns_;
    pickStackRange(group - count / 2, group - count / 2 + count - 1);
}

void ViewState::pageStackRange(int pages)
{
    if (stackLast_ < stackFirst_)
        return;
    const int shift = pages * stackCount();
    pickStackRange(stackFirst_ + shift, stackLast_ + shift);
}

void ViewState::setFollowAction(bool follow)
{
    if (follow == followAction_)
        return;
    followAction_ = follow;
    if (follow)
        picked_ = false;
    emit followActionChanged(follow);
}

void ViewState::showAction(int group)
{
    if (followAction_ && group >= 0 && group < groups_)
        centreStackRange(group);
}

void ViewState::centreStackRange(int group)
{
    const int count = stackLast_ >= stackFirst_ ? stackCount() : columns_;
    placeStackRange(group - count / 2, count);
}

void ViewState::placeStackRange(int first, int count)
{
    count = std::clamp(count, std::min(1, groups_), groups_);
    first = std::clamp(first, 0, groups_ - count);
    if (first == stackFirst_ && first + count - 1 == stackLast_)
        return;
    stackFirst_ = first;
    stackLast_ = first + count - 1;
    emit stackRangeChanged(stackFirst_, stackLast_);
}

}  // namespace spare
