#pragma once

namespace spare {

class TimelineTracks;

// What happened in a selected time range (from, to] of a run, as a timeline's area selection shows it.
// masked failures: failures the run survived without a restart (their step still committed); down
// time: the part of the range spent in restarts and communicator shrinks; steps gained: steps done at
// `to` minus steps done at `from` (negative when a rollback lost more than was gained).
struct TimeRangeStatistics {
    double fromS = 0.0;
    double toS = 0.0;
    int failures = 0;
    int maskedFailures = 0;
    int decisions = 0;
    int moves = 0;
    int restarts = 0;
    int checkpoints = 0;
    double downTimeS = 0.0;
    int stepsGained = 0;

    static TimeRangeStatistics of(const TimelineTracks& tracks, double from, double to);

    friend bool operator==(const TimeRangeStatistics&, const TimeRangeStatistics&) = default;
};

}  // namespace spare
