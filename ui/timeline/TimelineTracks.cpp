#include "ui/timeline/TimelineTracks.h"

#include "engine/sim/Recording.h"
#include "ui/timeline/TimelineViewport.h"

#include <algorithm>

namespace spare {

TimelineTracks::TimelineTracks(int groups) : groups_(groups)
{
    reset();
}

void TimelineTracks::update(const Recording& recording)
{
    const RecordingChunk* first = recording.chunks().empty() ? nullptr : recording.chunks().front().get();
    if (first != firstChunk_ || recording.eventCount() < eventsRead_) {
        reset();
        firstChunk_ = first;
    }
    for (; eventsRead_ < recording.eventCount(); ++eventsRead_)
        read(recording.event(eventsRead_));
}

void TimelineTracks::reset()
{
    eventsRead_ = 0;
    endTime_ = 0.0;
    stackNumber_.clear();
    aliveGroups_.clear();
    stepsDone_.clear();
    for (auto& marks : marks_)
        marks.clear();
    shrinks_.clear();
    groupOut_.assign(static_cast<std::size_t>(std::max(groups_, 0)), false);
    unnoticedFailures_.clear();
    noticedFailures_.clear();
    restarting_ = false;
    alive_ = groups_;
}

void TimelineTracks::setPoint(std::vector<TimelinePoint>& points, double time, int value)
{
    if (!points.empty() && points.back().value == value)
        return;
    // A failure noticed late is applied when playback reaches it, after its successors' time.
    points.push_back({points.empty() ? time : std::max(time, points.back().time), value});
}

std::vector<TimelineMark>::iterator TimelineTracks::insertMark(TimelineMarkKind kind, const TimelineMark& mark)
{
    auto& marks = marks_[static_cast<std::size_t>(kind)];
    const auto at = std::upper_bound(marks.begin(), marks.end(), mark.time,
                                     [](double t, const TimelineMark& m) { return t < m.time; });
    const auto index = static_cast<std::size_t>(at - marks.begin());
    if (kind == TimelineMarkKind::Failure)
        for (auto* list : {&unnoticedFailures_, &noticedFailures_, &failuresAfterRestart_})
            for (std::size_t& failure : *list)
                failure += failure >= index ? 1 : 0;
    return marks.insert(at, mark);
}

void TimelineTracks::read(const Event& e)
{
    if (eventsRead_ == 0) {
        setPoint(stackNumber_, 0.0, e.stackNumber);
        setPoint(aliveGroups_, 0.0, alive_);
        setPoint(stepsDone_, 0.0, 0);
    }
    endTime_ = std::max(endTime_, e.time);
    setPoint(stackNumber_, e.time, e.stackNumber);
    // A failure is masked when the failed all-reduce that noticed it is answered by a shrink or a
    // patch compute rather than a restart (as the engine counts RunMetrics::maskedFailures).
    auto resolveFailures = [this](std::vector<std::size_t>& list, bool masked) {
        auto& failures = marks_[static_cast<std::size_t>(TimelineMarkKind::Failure)];
        for (std::size_t index : list)
            failures[index].value = masked ? 1 : 0;
        list.clear();
    };
    switch (e.kind) {
    case EventKind::Failure: {
        const auto mark = insertMark(TimelineMarkKind::Failure, {e.time, 0.0, 0});
        const auto index =
            static_cast<std::size_t>(mark - marks_[static_cast<std::size_t>(TimelineMarkKind::Failure)].begin());
        if (!restarting_) {
            unnoticedFailures_.push_back(index);
        } else if (e.value == 1) {
            failuresAfterRestart_.push_back(index);
            groupsOutAfterRestart_.push_back(e.group);
        }
        const auto group = static_cast<std::size_t>(e.group);
        if (!restarting_ && e.group >= 0 && group < groupOut_.size() && !groupOut_[group]) {
            groupOut_[group] = true;
            setPoint(aliveGroups_, e.time, --alive_);
        }
        break;
    }
    case EventKind::FailedAllReduce:
        noticedFailures_.insert(noticedFailures_.end(), unnoticedFailures_.begin(), unnoticedFailures_.end());
        unnoticedFailures_.clear();
        break;
    case EventKind::PatchCompute:
        resolveFailures(noticedFailures_, true);
        break;
    case EventKind::StepEnd:
        setPoint(stepsDone_, e.time, e.step + 1);
        break;
    case EventKind::Rollback:
        setPoint(stepsDone_, e.time, e.step);
        break;
    case EventKind::Decision:
        insertMark(TimelineMarkKind::Decision,
                   {e.time, 0.0, e.decision ? static_cast<int>(e.decision->stackMoves.size()) : 0});
        break;
    case EventKind::Shrink:
        resolveFailures(noticedFailures_, true);
        shrinks_.push_back({e.time, e.duration, 0});
        break;
    case EventKind::RestartStart:
        resolveFailures(noticedFailures_, false);
        resolveFailures(unnoticedFailures_, false);
        restarting_ = true;
        insertMark(TimelineMarkKind::Restart, {e.time, 0.0, e.value});
        break;
    case EventKind::RestartEnd: {
        restarting_ = false;
        std::fill(groupOut_.begin(), groupOut_.end(), false);
        alive_ = groups_;
        for (const int group : groupsOutAfterRestart_) {
            const auto out = static_cast<std::size_t>(group);
            if (group >= 0 && out < groupOut_.size() && !groupOut_[out]) {
                groupOut_[out] = true;
                --alive_;
            }
        }
        setPoint(aliveGroups_, e.time, alive_);
        unnoticedFailures_.insert(unnoticedFailures_.end(), failuresAfterRestart_.begin(), failuresAfterRestart_.end());
        failuresAfterRestart_.clear();
        groupsOutAfterRestart_.clear();
        auto& restarts = marks_[static_cast<std::size_t>(TimelineMarkKind::Restart)];
        if (!restarts.empty())
            restarts.back().duration = e.time - restarts.back().time;
        break;
    }
    case EventKind::CheckpointStart:
        insertMark(TimelineMarkKind::Checkpoint, {e.time, e.duration, 1});
        break;
    case EventKind::CheckpointVoided:
        insertMark(TimelineMarkKind::Checkpoint, {e.time, 0.0, 0});
        break;
    default:
        break;
    }
}

std::vector<TimelineMark> TimelineTracks::downSpans() const
{
    std::vector<TimelineMark> spans = shrinks_;
    for (const TimelineMark& restart : marks(TimelineMarkKind::Restart)) {
        const bool inProgress = restarting_ && &restart == &marks(TimelineMarkKind::Restart).back();
        spans.push_back({restart.time, inProgress ? endTime_ - restart.time : restart.duration, restart.value});
    }
    std::sort(spans.begin(), spans.end(), [](const TimelineMark& a, const TimelineMark& b) { return a.time < b.time; });
    return spans;
}

int TimelineTracks::valueAt(const std::vector<TimelinePoint>& points, double time)
{
    if (points.empty())
        return 0;
    const auto after = std::upper_bound(points.begin(), points.end(), time,
                                        [](double t, const TimelinePoint& p) { return t < p.time; });
    return after == points.begin() ? points.front().value : std::prev(after)->value;
}

std::vector<TimelineMarkCluster> TimelineTracks::visibleClusters(TimelineMarkKind kind, const TimelineViewport& viewport,
                                                                 double foldPx) const
{
    const auto& all = marks(kind);
    // Spans that began before the window but reach into it are drawn too.
    auto first = std::lower_bound(all.begin(), all.end(), viewport.start(),
                                  [](const TimelineMark& m, double t) { return m.time < t; });
    while (first != all.begin() && std::prev(first)->time + std::prev(first)->duration >= viewport.start())
        --first;
    std::vector<TimelineMarkCluster> clusters;
    for (auto m = first; m != all.end() && m->time <= viewport.end(); ++m) {
        const double x0 = viewport.xAt(m->time);
        const double x1 = viewport.xAt(m->time + m->duration);
        if (!clusters.empty() && x0 - clusters.back().x0 < foldPx) {
            TimelineMarkCluster& c = clusters.back();
            c.x1 = std::max(c.x1, x1);
            ++c.count;
            c.valueSum += m->value;
        } else {
            clusters.push_back({x0, x1, 1, m->value});
        }
    }
    return clusters;
}

}  // namespace spare
