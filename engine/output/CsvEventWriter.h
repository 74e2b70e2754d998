#pragma once

#include "engine/base/AtomicFile.h"
#include "engine/sim/Event.h"

#include <cstddef>
#include <string>

namespace spare {

// Writes every event as one CSV row (RFC 4180, '.' decimals whatever the locale), atomically:
// the file appears at finish(). Columns:
//   time_s,duration_s,kind,group,gpu,step,stack_number,value,details
// times in seconds with 6 decimals; kind = eventKindName(); group/gpu empty when not applicable (-1);
// details = eventDetails() ("phase=2 moves=3 S=1->2 patches=5 failed=4;17"), quoted when needed.
// At most maxRows events are written; the next one is replaced by a last row of kind "events_capped"
// (value = the cap, details say that later events are omitted), so a capped file says so itself.
class CsvEventWriter : public SimulationObserver {
public:
    static constexpr std::size_t kDefaultMaxRows = 1'000'000;  // ~100 MB

    explicit CsvEventWriter(const std::string& path, std::size_t maxRows = kDefaultMaxRows);

    void onEvent(const Event& event) override;
    void finish();  // commits the file; throws on I/O error

    static const char* header();                     // without the newline
    static std::string formatRow(const Event& event); // without the newline
    bool capped() const { return capped_; }

private:
    AtomicFileWriter file_;
    std::size_t maxRows_;
    std::size_t written_ = 0;
    bool capped_ = false;
    bool finished_ = false;
};

}  // namespace spare
