#include "engine/output/CsvEventWriter.h"

#include "engine/output/CsvField.h"
#include "engine/output/EventDetails.h"

#include <fmt/format.h>

namespace spare {

namespace {

std::string optionalIndex(int index) { return index < 0 ? std::string() : fmt::format("{}", index); }

}  // namespace

CsvEventWriter::CsvEventWriter(const std::string& path, std::size_t maxRows) : file_(path), maxRows_(maxRows)
{
    file_.write(header());
    file_.write("\n");
}

const char* CsvEventWriter::header() { return "time_s,duration_s,kind,group,gpu,step,stack_number,value,details"; }

std::string CsvEventWriter::formatRow(const Event& event)
{
    // fmt never uses the C/C++ locale unless asked ('L'), so decimals are always '.'.
    return fmt::format("{:.6f},{:.6f},{},{},{},{},{},{},{}", event.time, event.duration, eventKindName(event.kind),
                       optionalIndex(event.group), optionalIndex(event.gpu), event.step, event.stackNumber,
                       event.value, csvField(eventDetails(event)));
}

void CsvEventWriter::onEvent(const Event& event)
{
    if (finished_ || capped_)
        return;
    if (written_ >= maxRows_) {
        capped_ = true;
        file_.write(fmt::format("{:.6f},0.000000,events_capped,,,{},{},{},event cap of {} rows reached; later events "
                                "omitted\n",
                                event.time, event.step, event.stackNumber, maxRows_, maxRows_));
        return;
    }
    ++written_;
    std::string row = formatRow(event);
    row += '\n';
    file_.write(row);
}

void CsvEventWriter::finish()
{
    if (finished_)
        return;
    finished_ = true;
    file_.commit();
}

}  // namespace spare
