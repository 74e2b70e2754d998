#include "ViewState.h"

namespace spare {

ViewState::ViewState(QObject* parent) : QObject(parent) {}

void ViewState::select(int group, int gpu)
{
    if (group == selectedGroup_ && gpu == selectedGpu_)
        return;
    selectedGroup_ = group;
    selectedGpu_ = gpu;
    emit selectionChanged(group, gpu);
}

}  // namespace spare
