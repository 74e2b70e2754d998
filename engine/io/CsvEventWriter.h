#pragma once

#include "io/AtomicFile.h"
#include "sim/Event.h"

#include <string>

namespace spare {

// Writes every event as one CSV row (RFC 4180, '.' decimals whatever the locale), atomically:
// the file appears at finish(). Columns:
//   time_s,duration_s,kind,group,gpu,step,stack_number,value,details
// times in seconds with 6 decimals; kind = eventKindName(); group/gpu empty when not applicable (-1);
// details = eventDetails() ("phase=2 moves=3 S=1->2 patches=5 failed=4;17"), quoted when needed.
class CsvEventWriter : public SimulationObserver {
public:
    explicit CsvEventWriter(const std::string& path);

    void onEvent(const Event& event) override;
    void finish();  // commits the file; throws on I/O error

    static const char* header();                     // without the newline
    static std::string formatRow(const Event& event); // without the newline

private:
    AtomicFileWriter file_;
    bool finished_ = false;
};

}  // namespace spare
