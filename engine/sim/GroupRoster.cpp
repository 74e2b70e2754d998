#include "engine/sim/GroupRoster.h"

#include <algorithm>

namespace spare {

int GroupRoster::firstAlive() const
{
    return static_cast<int>(std::find(alive_.begin(), alive_.end(), 1) - alive_.begin());
}

void GroupRoster::takeOut(int group)
{
    alive_[static_cast<std::size_t>(group)] = 0;
    wentOut_.push_back(group);
    --aliveCount_;
}

void GroupRoster::bringBack(int group)
{
    alive_[static_cast<std::size_t>(group)] = 1;
    ++aliveCount_;
}

void GroupRoster::allBack()
{
    for (const int group : wentOut_)
        alive_[static_cast<std::size_t>(group)] = 1;
    wentOut_.clear();
    aliveCount_ = groups();
}

}  // namespace spare
