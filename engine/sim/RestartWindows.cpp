#include "engine/sim/RestartWindows.h"

namespace spare {

void RestartWindows::start(double firstEndS)
{
    for (const int group : startedOver_)
        windowEnd_[static_cast<std::size_t>(group)] = 0.0;
    startedOver_.clear();
    firstEndS_ = firstEndS;
}

void RestartWindows::startOver(int group, double endS)
{
    double& stored = windowEnd_[static_cast<std::size_t>(group)];
    if (stored == 0.0)
        startedOver_.push_back(group);
    stored = endS;
}

}  // namespace spare
