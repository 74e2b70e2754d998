#pragma once

#include <cstddef>
#include <vector>

namespace spare {

// Which groups of a run are alive: a failure takes a group out, a rejoin or the end of a global restart
// brings it back.
class GroupRoster {
public:
    explicit GroupRoster(int groups) : alive_(static_cast<std::size_t>(groups), 1), aliveCount_(groups) {}

    int groups() const { return static_cast<int>(alive_.size()); }
    bool alive(int group) const { return alive_[static_cast<std::size_t>(group)] != 0; }
    int aliveCount() const { return aliveCount_; }
    // The groups that went out since the last allBack() (may repeat; some may be back by a rejoin).
    const std::vector<int>& wentOut() const { return wentOut_; }
    // The lowest-numbered live group (groups() when none).
    int firstAlive() const;

    void takeOut(int group);
    // A group that went out comes back alone (a rejoin).
    void bringBack(int group);
    // Every group that went out since the last call comes back.
    void allBack();

private:
    std::vector<char> alive_;
    int aliveCount_ = 0;
    std::vector<int> wentOut_;  // groups that dropped out since the last allBack() (may repeat)
};

}  // namespace spare
