#pragma once

namespace spare {

// A run's figures at one point of its replay: progress, groups alive, failures, restarts, rejoins, down
// time and availability. ReplayState::figures derives them in one place, so every reader (`spare-cli
// simulate --state-at`, the window's --export-state and views) gets the same values.
struct RunFigures {
    double timeS = 0.0;
    int step = 0;
    int stepsDone = 0;
    int totalSteps = 0;
    int stackNumber = 1;
    int aliveGroups = 0;
    int groups = 0;
    int restarts = 0;
    int failures = 0;
    int rejoins = 0;  // groups back after repair (repair.rejoin at_step)
    double downTimeS = 0.0;
    double availability = 1.0;
    bool restarting = false;
    bool finished = false;

    friend bool operator==(const RunFigures&, const RunFigures&) = default;
};

}  // namespace spare
