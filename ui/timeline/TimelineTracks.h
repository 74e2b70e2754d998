#pragma once

#include "engine/sim/Event.h"

#include <array>
#include <cstddef>
#include <vector>

namespace spare {

class Recording;
struct RecordingChunk;
class TimelineViewport;

// A counter's value from `time` on (until the next point).
struct TimelinePoint {
    double time = 0.0;
    int value = 0;
};

// An instant or a span on a marks track. value: Failure 1 when masked (survived without a restart);
// Decision the stack moves; Restart the RestartStart cause; Checkpoint 1 written, 0 voided.
struct TimelineMark {
    double time = 0.0;
    double duration = 0.0;
    int value = 0;
};

// Marks closer than a few pixels drawn as one item (level of detail): [x0, x1] in pixels, how many marks
// it stands for and the sum of their values.
struct TimelineMarkCluster {
    double x0 = 0.0;
    double x1 = 0.0;
    int count = 0;
    int valueSum = 0;
};

enum class TimelineMarkKind { Failure, Decision, Restart, Checkpoint };
inline constexpr std::array<TimelineMarkKind, 4> kTimelineMarkKinds{
    TimelineMarkKind::Failure, TimelineMarkKind::Decision, TimelineMarkKind::Restart, TimelineMarkKind::Checkpoint};

// What a timeline draws of one run, read from its recording as it grows: S, alive groups and steps
// done over time (replayed by the rules of SimulationSnapshot's contract, a point where one changes), the
// failure / decision / restart / checkpoint marks in time order, and the down time spans (restarts and
// communicator shrinks). No widgets: TimeRangeStatistics and the tests read it directly.
class TimelineTracks {
public:
    explicit TimelineTracks(int groups = 0);

    // Reads the events added since the last call; starts over when the recording was replaced.
    void update(const Recording& recording);

    int groups() const { return groups_; }
    std::size_t eventsRead() const { return eventsRead_; }
    double endTime() const { return endTime_; }
    const std::vector<TimelinePoint>& stackNumber() const { return stackNumber_; }
    const std::vector<TimelinePoint>& aliveGroups() const { return aliveGroups_; }
    const std::vector<TimelinePoint>& stepsDone() const { return stepsDone_; }
    const std::vector<TimelineMark>& marks(TimelineMarkKind kind) const { return marks_[static_cast<std::size_t>(kind)]; }
    // Restarts (to their end, or to endTime() while one is in progress) and shrinks, in time order.
    std::vector<TimelineMark> downSpans() const;

    // The value in force at `time` (the first point's before it).
    static int valueAt(const std::vector<TimelinePoint>& points, double time);
    // The marks of `kind` inside the viewport's window, folded so that no two drawn items start closer
    // than foldPx pixels: at most width / foldPx + 1 items whatever the number of marks.
    std::vector<TimelineMarkCluster> visibleClusters(TimelineMarkKind kind, const TimelineViewport& viewport,
                                                     double foldPx) const;

private:
    void reset();
    void read(const Event& event);
    static void setPoint(std::vector<TimelinePoint>& points, double time, int value);
    std::vector<TimelineMark>::iterator insertMark(TimelineMarkKind kind, const TimelineMark& mark);

    int groups_ = 0;
    const RecordingChunk* firstChunk_ = nullptr;
    std::size_t eventsRead_ = 0;
    double endTime_ = 0.0;
    std::vector<TimelinePoint> stackNumber_;
    std::vector<TimelinePoint> aliveGroups_;
    std::vector<TimelinePoint> stepsDone_;
    std::array<std::vector<TimelineMark>, kTimelineMarkKinds.size()> marks_;
    std::vector<TimelineMark> shrinks_;
    std::vector<bool> groupOut_;
    // Failure marks not yet known to be masked or not: before the failed all-reduce that notices them,
    // and after it until the answer (shrink, patch or restart).
    std::vector<std::size_t> unnoticedFailures_;
    std::vector<std::size_t> noticedFailures_;
    // Failures inside a restart after their group's window (event value 1): out, and unnoticed, from the
    // restart's end. Marks and their groups.
    std::vector<std::size_t> failuresAfterRestart_;
    std::vector<int> groupsOutAfterRestart_;
    bool restarting_ = false;
    int alive_ = 0;
};

}  // namespace spare
