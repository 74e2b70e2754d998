#pragma once

#include "engine/base/AtomicFile.h"
#include "engine/sim/Event.h"

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace spare {

struct ChromeTraceOptions {
    std::string policyLabel = "SPARe+CKPT";  // process name shown in Perfetto
    int groups = 0;                           // N, for the "alive groups" counter (0: no such counter)
    double fromS = 0.0;                       // only events starting in [fromS, toS] are written
    double toS = std::numeric_limits<double>::infinity();
    std::vector<int> groupLanes;              // groups that get their own lane (their failure instants)
    std::size_t maxEvents = 1'000'000;        // cap on trace events (~130 MB); past it a final instant says so
    double decisionDisplayS = 0.0;            // decision span width; 0 = instant (the model gives it no time)
    // restart.detect_s, diagnose_s, queue_s: a global restart (not a maintenance stop) is drawn as these
    // parts, then the rest as "restart (cause)"; all zero: one span, as before.
    double restartDetectS = 0.0;
    double restartDiagnoseS = 0.0;
    double restartQueueS = 0.0;
};

// Streams the run as Chrome trace-event JSON (ui.perfetto.dev, chrome://tracing), written atomically:
// the file appears at finish(); destroyed without finish() it leaves nothing. One process (the policy)
// with tracks "steps", "compute & all-reduce", "controller", "restart", "checkpoint", "events"
// (failures, wipe-outs, rollbacks) and one lane per groupLanes entry; counters "alive groups",
// "stack number", "steps done". ts/dur in integer microseconds; spans never overlap on a track.
class ChromeTraceWriter : public SimulationObserver {
public:
    ChromeTraceWriter(const std::string& path, ChromeTraceOptions options = {});

    void onEvent(const Event& event) override;
    // Closes open spans at the last event's time, ends the JSON and commits the file (throws on I/O
    // error). Valid JSON whenever it is called; later events are ignored.
    void finish();

    std::size_t eventsWritten() const { return written_; }
    bool capped() const { return capped_; }

private:
    struct OpenSpan {
        bool open = false;
        double startS = 0.0;
        std::string name;
        std::string args;
    };

    bool admit(double timeS);
    void appendEvent(const std::string& eventJson);
    void writeMetadata();
    void span(int track, const std::string& name, double startS, double endS, const std::string& args);
    void instant(int track, const std::string& name, double timeS, const std::string& args);
    void counter(const char* name, double timeS, long long value);
    void openSpan(OpenSpan& span, double startS, std::string name, std::string args);
    void closeSpan(OpenSpan& span, int track, double endS, const char* suffix = "");
    void closeRestart(double endS);
    void updateCounters(const Event& event);
    int failureTrack(int group) const;

    AtomicFileWriter file_;
    ChromeTraceOptions options_;
    std::vector<std::int64_t> trackEndUs_;  // per track: end of its last span (spans are clipped to follow it)
    std::size_t written_ = 0;
    bool capped_ = false;
    bool first_ = true;
    bool finished_ = false;
    bool countersShown_ = false;
    double lastTimeS_ = 0.0;

    OpenSpan step_;
    OpenSpan restart_;
    bool restartInParts_ = false;  // the open restart is a global restart with parts to draw
    OpenSpan checkpoint_;

    bool restarting_ = false;
    std::vector<char> dead_;  // per group: failed and masked until the next restart
    long long aliveGroups_ = 0;
    long long stackNumber_ = 1;
    long long stepsDone_ = 0;
};

}  // namespace spare
