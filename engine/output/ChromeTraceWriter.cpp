#include "engine/output/ChromeTraceWriter.h"

#include "engine/output/EventDetails.h"
#include "engine/sim/RestartCause.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <utility>
#include <cmath>

namespace spare {

namespace {

// Track ids (Chrome "tid"), in display order; group lanes follow from kFirstLane.
enum Track : int { kSteps = 1, kCompute, kController, kRestart, kCheckpoint, kEvents, kFirstLane };

const char* trackName(int track)
{
    switch (track) {
    case kSteps: return "steps";
    case kCompute: return "compute & all-reduce";
    case kController: return "controller";
    case kRestart: return "restart";
    case kCheckpoint: return "checkpoint";
    case kEvents: return "events";
    default: return "";
    }
}

std::int64_t toMicroseconds(double seconds) { return std::llround(seconds * 1e6); }

std::string jsonString(const std::string& text)
{
    return nlohmann::json(text).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string decisionArgs(const Event& event)
{
    if (!event.decision)
        return fmt::format("{{\"step\":{}}}", event.step);
    const ReorderDecision& d = *event.decision;
    return fmt::format("{{\"step\":{},\"phase\":{},\"wipeout\":{},\"S_before\":{},\"S_after\":{},\"moves\":{},"
                       "\"patches\":{},\"failed_groups\":[{}]}}",
                       event.step, static_cast<int>(d.phase), d.wipeout, d.previousStackNumber, d.stackNumber,
                       d.moves, d.patchComputes, fmt::join(d.failedGroups, ","));
}

}  // namespace

ChromeTraceWriter::ChromeTraceWriter(const std::string& path, ChromeTraceOptions options)
    : file_(path), options_(std::move(options))
{
    trackEndUs_.assign(static_cast<std::size_t>(kFirstLane) + options_.groupLanes.size(),
                       std::numeric_limits<std::int64_t>::min());
    dead_.assign(static_cast<std::size_t>(std::max(options_.groups, 0)), 0);
    aliveGroups_ = options_.groups;
    file_.write("{\"traceEvents\":[\n");
    writeMetadata();
}

void ChromeTraceWriter::appendEvent(const std::string& eventJson)
{
    if (!first_)
        file_.write(",\n");
    first_ = false;
    file_.write(eventJson);
}

void ChromeTraceWriter::writeMetadata()
{
    appendEvent(fmt::format(R"({{"ph":"M","pid":1,"tid":0,"name":"process_name","args":{{"name":{}}}}})",
                     jsonString(options_.policyLabel)));
    auto nameTrack = [this](int track, const std::string& name) {
        appendEvent(fmt::format(R"({{"ph":"M","pid":1,"tid":{},"name":"thread_name","args":{{"name":{}}}}})", track,
                         jsonString(name)));
        appendEvent(fmt::format(R"({{"ph":"M","pid":1,"tid":{},"name":"thread_sort_index","args":{{"sort_index":{}}}}})",
                         track, track));
    };
    for (int track = kSteps; track < kFirstLane; ++track)
        nameTrack(track, trackName(track));
    for (std::size_t i = 0; i < options_.groupLanes.size(); ++i)
        nameTrack(kFirstLane + static_cast<int>(i), fmt::format("group {}", options_.groupLanes[i]));
}

bool ChromeTraceWriter::admit(double timeS)
{
    if (capped_)
        return false;
    if (written_ >= options_.maxEvents) {
        capped_ = true;
        appendEvent(fmt::format(R"({{"ph":"i","pid":1,"tid":{},"name":"trace capped","ts":{},"s":"g",)"
                         R"("args":{{"reason":"event cap of {} reached; later events omitted"}}}})",
                         static_cast<int>(kEvents), toMicroseconds(timeS), options_.maxEvents));
        return false;
    }
    ++written_;
    return true;
}

void ChromeTraceWriter::span(int track, const std::string& name, double startS, double endS, const std::string& args)
{
    if (!admit(startS))
        return;
    std::int64_t& trackEnd = trackEndUs_[static_cast<std::size_t>(track)];
    const std::int64_t start = std::max(toMicroseconds(startS), trackEnd);
    const std::int64_t end = std::max(toMicroseconds(endS), start);
    trackEnd = end;
    appendEvent(fmt::format(R"({{"ph":"X","pid":1,"tid":{},"name":{},"ts":{},"dur":{},"args":{}}})", track, jsonString(name),
                     start, end - start, args.empty() ? "{}" : args));
}

void ChromeTraceWriter::instant(int track, const std::string& name, double timeS, const std::string& args)
{
    if (!admit(timeS))
        return;
    appendEvent(fmt::format(R"({{"ph":"i","pid":1,"tid":{},"name":{},"ts":{},"s":"t","args":{}}})", track, jsonString(name),
                     toMicroseconds(timeS), args.empty() ? "{}" : args));
}

void ChromeTraceWriter::counter(const char* name, double timeS, long long value)
{
    if (!admit(timeS))
        return;
    appendEvent(fmt::format(R"({{"ph":"C","pid":1,"name":"{}","ts":{},"args":{{"value":{}}}}})", name,
                     toMicroseconds(timeS), value));
}

void ChromeTraceWriter::openSpan(OpenSpan& open, double startS, std::string name, std::string args)
{
    open = {true, startS, std::move(name), std::move(args)};
}

void ChromeTraceWriter::closeSpan(OpenSpan& open, int track, double endS, const char* suffix)
{
    if (!open.open)
        return;
    open.open = false;
    span(track, open.name + suffix, open.startS, endS, open.args);
}

// A global restart with parts: detection, diagnosis and queueing (of its first stall) come first on the
// restart track, then the rest under the restart's own name.
void ChromeTraceWriter::closeRestart(double endS)
{
    if (restartInParts_ && restart_.open) {
        for (const auto& [name, seconds] : {std::pair{"restart: detection", options_.restartDetectS},
                                            std::pair{"restart: diagnosis", options_.restartDiagnoseS},
                                            std::pair{"restart: queueing", options_.restartQueueS}}) {
            const double partEndS = std::min(endS, restart_.startS + seconds);
            if (seconds > 0.0 && partEndS > restart_.startS) {
                span(kRestart, name, restart_.startS, partEndS, restart_.args);
                restart_.startS = partEndS;
            }
        }
    }
    restartInParts_ = false;
    closeSpan(restart_, kRestart, endS);
}

int ChromeTraceWriter::failureTrack(int group) const
{
    const auto it = std::find(options_.groupLanes.begin(), options_.groupLanes.end(), group);
    return it == options_.groupLanes.end() ? kEvents
                                           : kFirstLane + static_cast<int>(it - options_.groupLanes.begin());
}

void ChromeTraceWriter::updateCounters(const Event& event)
{
    const long long alive = aliveGroups_, stack = stackNumber_, steps = stepsDone_;
    switch (event.kind) {
    case EventKind::Failure:
        if (restarting_ || event.group < 0 || static_cast<std::size_t>(event.group) >= dead_.size())
            break;
        if (!dead_[static_cast<std::size_t>(event.group)]) {
            dead_[static_cast<std::size_t>(event.group)] = 1;
            --aliveGroups_;
        }
        break;
    case EventKind::RestartStart:
        restarting_ = true;
        aliveGroups_ = 0;
        break;
    case EventKind::RestartEnd:
        restarting_ = false;
        std::fill(dead_.begin(), dead_.end(), 0);
        aliveGroups_ = options_.groups;
        stackNumber_ = 1;
        break;
    case EventKind::StepStart: stackNumber_ = event.stackNumber; break;
    case EventKind::Decision:
        if (event.decision)
            stackNumber_ = event.decision->stackNumber;
        break;
    case EventKind::StepEnd: stepsDone_ = event.step + 1; break;
    case EventKind::Rollback: stepsDone_ = event.step; break;
    default: break;
    }
    const bool inWindow = event.time >= options_.fromS && event.time <= options_.toS;
    if (!inWindow)
        return;
    const bool all = !countersShown_;
    countersShown_ = true;
    if (options_.groups > 0 && (all || alive != aliveGroups_))
        counter("alive groups", event.time, aliveGroups_);
    if (all || stack != stackNumber_)
        counter("stack number", event.time, stackNumber_);
    if (all || steps != stepsDone_)
        counter("steps done", event.time, stepsDone_);
}

void ChromeTraceWriter::onEvent(const Event& event)
{
    if (finished_)
        return;
    lastTimeS_ = std::max(lastTimeS_, event.time + event.duration);
    const bool inWindow = event.time >= options_.fromS && event.time <= options_.toS;
    const double end = event.time + event.duration;
    switch (event.kind) {
    case EventKind::StepStart:
        closeSpan(step_, kSteps, event.time, " (aborted)");
        if (inWindow)
            openSpan(step_, event.time, fmt::format("step {}", event.step),
                     fmt::format("{{\"step\":{},\"S\":{}}}", event.step, event.stackNumber));
        break;
    case EventKind::StepEnd: closeSpan(step_, kSteps, event.time); break;
    case EventKind::StackCompute:
        if (inWindow)
            span(kCompute, "compute", event.time, end,
                 fmt::format("{{\"step\":{},\"position\":{},\"S\":{}}}", event.step, event.value, event.stackNumber));
        break;
    case EventKind::PatchCompute:
        if (inWindow)
            span(kCompute, "patch compute", event.time, end,
                 fmt::format("{{\"step\":{},\"groups\":{}}}", event.step, event.value));
        break;
    case EventKind::AllReduce:
    case EventKind::FailedAllReduce:
    case EventKind::Shrink:
        if (inWindow)
            span(kCompute, eventKindName(event.kind), event.time, end, fmt::format("{{\"step\":{}}}", event.step));
        break;
    case EventKind::Decision:
        if (!inWindow)
            break;
        if (options_.decisionDisplayS > 0.0)
            span(kController, "decision", event.time, event.time + options_.decisionDisplayS, decisionArgs(event));
        else
            instant(kController, "decision", event.time, decisionArgs(event));
        if (event.decision && event.decision->wipeout)
            instant(kEvents, "wipe-out", event.time,
                    fmt::format("{{\"lost_types\":[{}]}}", fmt::join(event.decision->lostTypes, ",")));
        break;
    case EventKind::RestartStart:
        closeSpan(step_, kSteps, event.time, " (aborted)");
        closeSpan(checkpoint_, kCheckpoint, event.time, " (aborted)");
        if (inWindow) {
            const RestartCause cause = restartCauseFromValue(event.value);
            openSpan(restart_, event.time, fmt::format("restart ({})", restartCauseName(cause)),
                     fmt::format("{{\"cause\":\"{}\"}}", restartCauseName(cause)));
            restartInParts_ = cause != RestartCause::Maintenance &&
                              options_.restartDetectS + options_.restartDiagnoseS + options_.restartQueueS > 0.0;
        }
        break;
    case EventKind::RestartEnd: closeRestart(event.time); break;
    case EventKind::CheckpointStart:
        if (inWindow)
            openSpan(checkpoint_, event.time, "checkpoint",
                     fmt::format("{{\"step\":{},\"writer\":{}}}", event.step, event.group));
        break;
    case EventKind::CheckpointEnd: closeSpan(checkpoint_, kCheckpoint, event.time); break;
    case EventKind::CheckpointVoided:
        closeSpan(checkpoint_, kCheckpoint, event.time, " (voided)");
        if (inWindow)
            instant(kEvents, "checkpoint voided", event.time,
                    fmt::format("{{\"step\":{},\"writer\":{}}}", event.step, event.group));
        break;
    case EventKind::Failure:
        if (inWindow)
            instant(failureTrack(event.group), "failure", event.time,
                    event.origin ? fmt::format("{{\"group\":{},\"gpu\":{},\"step\":{},\"origin\":{}}}", event.group,
                                               event.gpu, event.step,
                                               nlohmann::json(failureOriginText(*event.origin)).dump())
                                 : fmt::format("{{\"group\":{},\"gpu\":{},\"step\":{}}}", event.group, event.gpu,
                                               event.step));
        break;
    case EventKind::Detection:
        if (inWindow)
            instant(kEvents, "detection", event.time, fmt::format("{{\"failures\":{}}}", event.value));
        break;
    case EventKind::Rollback:
        if (inWindow)
            instant(kEvents, "rollback", event.time,
                    fmt::format("{{\"resume_step\":{},\"rework_steps\":{}}}", event.step, event.value));
        break;
    case EventKind::Rejoin:
        if (inWindow)
            instant(kEvents, "rejoin", event.time, fmt::format("{{\"group\":{}}}", event.group));
        break;
    case EventKind::Reconfigure:
        if (inWindow)
            instant(kEvents, "reconfigure", event.time,
                    fmt::format("{{\"live_groups\":{},\"wait_s\":{}}}", event.value, event.duration));
        break;
    case EventKind::Restore:
        if (inWindow)
            instant(kEvents, event.value ? "restore from memory" : "restore from storage", event.time,
                    fmt::format("{{\"resume_step\":{}}}", event.step));
        break;
    case EventKind::RunEnd:
        closeSpan(step_, kSteps, event.time);
        if (inWindow)
            instant(kEvents, "run end", event.time, {});
        break;
    }
    updateCounters(event);
}

void ChromeTraceWriter::finish()
{
    if (finished_)
        return;
    closeSpan(step_, kSteps, lastTimeS_, " (unfinished)");
    restartInParts_ = false;
    closeSpan(restart_, kRestart, lastTimeS_, " (unfinished)");
    closeSpan(checkpoint_, kCheckpoint, lastTimeS_, " (unfinished)");
    finished_ = true;
    file_.write("\n],\"displayTimeUnit\":\"ms\"}\n");
    file_.commit();
}

}  // namespace spare
