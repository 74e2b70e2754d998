#pragma once

namespace spare {

// Every figure the window shows for one run (status bar, Race lanes, --export-state), derived in one
// place (ReplayState::figures) so that no view computes its own.
struct DisplayedFigures {
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

    friend bool operator==(const DisplayedFigures&, const DisplayedFigures&) = default;
};

}  // namespace spare
