#pragma once

#include "io/AtomicFile.h"
#include "sim/Event.h"

#include <cstddef>
#include <limits>
#include <string>
#include <vector>

namespace spare {

struct ChromeTraceOptions {
    std::string policyLabel = "SPARe+CKPT";  // process name shown in Perfetto
    double fromS = 0.0;                       // only events with time in [fromS, toS] are written
    double toS = std::numeric_limits<double>::infinity();
    std::vector<int> groupLanes;              // groups that get their own lane (failures, checkpoint writes)
    std::size_t maxEvents = 1'000'000;        // cap on trace events (~150 MB); past it a final instant says so
    double decisionDisplayS = 0.0;            // Decision span width (0 = instant; the model has no duration)
};

// Streams the run as Chrome trace-event JSON (open in ui.perfetto.dev or chrome://tracing), written
// atomically: the file appears at finish(). Tracks: "phases" (compute, all-reduce, shrink, restart,
// checkpoint spans), "controller" (decisions), "events" (failures, wipe-outs, rollbacks), counters
// (alive groups, stack number, steps done) and one lane per groupLanes entry. ts/dur in microseconds.
class ChromeTraceWriter : public SimulationObserver {
public:
    ChromeTraceWriter(const std::string& path, ChromeTraceOptions options = {});
    ~ChromeTraceWriter() override;

    void onEvent(const Event& event) override;
    // Closes open spans, ends the JSON and commits the file. Valid JSON whenever it is called.
    void finish();

    std::size_t eventsWritten() const { return written_; }
    bool capped() const { return capped_; }

private:
    bool inWindow(double timeS) const;
    bool admit();  // counts one event against the cap; false once capped
    void writeRaw(const std::string& eventJson);
    void writeMetadata();
    void span(int tid, const char* name, const char* category, double startS, double durationS,
              const std::string& args);
    void instant(int tid, const char* name, double timeS, const std::string& args);
    void counter(const char* name, double timeS, double value);
    int laneOf(int group) const;
    void closeOpenSpan(double& startS, const char* name, const char* category, double endS,
                       const std::string& args);

    AtomicFileWriter file_;
    ChromeTraceOptions options_;
    std::size_t written_ = 0;
    bool capped_ = false;
    bool first_ = true;
    bool finished_ = false;
    double lastTimeS_ = 0.0;

    // Open spans (start time, or NaN when none).
    double restartStartS_;
    double checkpointStartS_;
    int checkpointStep_ = 0;
    int checkpointWriter_ = -1;
    int restartCause_ = 0;

    // Counter state.
    int groups_ = 0;           // learnt from events: max group seen + 1 (for the alive counter)
    int aliveGroups_ = -1;     // -1 until the first restart/step; see onEvent
    int lastStackNumber_ = 0;
    int stepsDone_ = 0;
};

}  // namespace spare
