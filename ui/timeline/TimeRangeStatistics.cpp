#include "ui/timeline/TimeRangeStatistics.h"

#include "ui/timeline/TimelineTracks.h"

#include <algorithm>

namespace spare {

namespace {

// The marks with from < time <= to.
template <typename Visit>
void forMarksIn(const std::vector<TimelineMark>& marks, double from, double to, Visit visit)
{
    auto m = std::upper_bound(marks.begin(), marks.end(), from, [](double t, const TimelineMark& mark) { return t < mark.time; });
    for (; m != marks.end() && m->time <= to; ++m)
        visit(*m);
}

}  // namespace

TimeRangeStatistics TimeRangeStatistics::of(const TimelineTracks& tracks, double from, double to)
{
    TimeRangeStatistics s;
    s.fromS = from;
    s.toS = to;
    forMarksIn(tracks.marks(TimelineMarkKind::Failure), from, to, [&s](const TimelineMark& m) {
        ++s.failures;
        s.maskedFailures += m.value;
    });
    forMarksIn(tracks.marks(TimelineMarkKind::Decision), from, to, [&s](const TimelineMark& m) {
        ++s.decisions;
        s.moves += m.value;
    });
    forMarksIn(tracks.marks(TimelineMarkKind::Restart), from, to, [&s](const TimelineMark&) { ++s.restarts; });
    forMarksIn(tracks.marks(TimelineMarkKind::Checkpoint), from, to, [&s](const TimelineMark& m) { s.checkpoints += m.value; });
    for (const TimelineMark& span : tracks.downSpans())
        s.downTimeS += std::max(0.0, std::min(to, span.time + span.duration) - std::max(from, span.time));
    s.stepsGained = TimelineTracks::valueAt(tracks.stepsDone(), to) - TimelineTracks::valueAt(tracks.stepsDone(), from);
    return s;
}

}  // namespace spare
