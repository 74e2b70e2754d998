// libFuzzer target: the input is a CSV failure log (its first byte chooses the reader's options). The
// preview and the reader must either accept it or throw InputError; what they accept must be sorted,
// finite, inside its window and consistent (one location per failure, the counts adding up).
//   ./failure_log_fuzz -max_total_time=10 <repo>/tests/fuzz/corpus/failure_log
#include "engine/base/InputError.h"
#include "engine/planning/FailureLogPreview.h"
#include "engine/planning/FailureLogReader.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <string>
#include <string_view>

namespace {

// The reader streams a file: each input is written to this process's own one, removed at exit.
struct LogFile {
    std::string path = "/tmp/failure_log_fuzz." + std::to_string(::getpid()) + ".csv";
    ~LogFile() { ::unlink(path.c_str()); }
};

const std::string& logPath()
{
    static const LogFile file;
    return file.path;
}

spare::FailureLogOptions optionsFor(std::uint8_t choice)
{
    spare::FailureLogOptions options;
    options.timeColumn = "time";
    switch (choice % 3) {
    case 0: options.timeFormat = spare::TimeFormat::iso8601(); break;
    case 1: options.timeFormat = spare::TimeFormat::parse("epoch"); break;
    default: options.timeFormat = spare::TimeFormat::parse("%m/%d/%Y %H:%M"); break;
    }
    if (choice & 4) {
        options.locationColumn = "location";
        options.locationPattern = spare::LocationPattern::parse("c{col}-{row}c{cage}s{slot}n{node}");
    }
    if (choice & 8)
        options.filters.push_back({"cause", {"Scheduled maintenance"}, (choice & 16) != 0});
    options.badRows = (choice & 32) ? spare::FailureLogOptions::BadRows::Skip : spare::FailureLogOptions::BadRows::Error;
    options.requireSorted = (choice & 64) != 0;
    options.maxLineBytes = 4096;
    options.maxFailures = 100000;
    return options;
}

void checkLog(const spare::FailureLog& log, const spare::FailureLogOptions& options)
{
    const auto& t = log.timesS;
    if (t.empty() || !std::is_sorted(t.begin(), t.end()) || t.size() != log.counts.failures)
        std::abort();
    if (!std::all_of(t.begin(), t.end(), [](double s) { return std::isfinite(s); }))
        std::abort();
    if (!(log.windowStartS <= t.front()) || !(t.back() <= log.windowEndS) || !(log.resolutionS > 0.0))
        std::abort();
    if (!options.locationColumn.empty()
        && (log.locations.size() != t.size() || log.levelNames.size() != options.locationPattern->levelNames().size()))
        std::abort();
    for (const auto& location : log.locations)
        if (location.size() != log.levelNames.size())
            std::abort();
    const auto& c = log.counts;
    if (c.headerLines + c.emptyLines + c.commentLines + c.malformedRows + c.filteredOut + c.outsideWindow + c.failures > c.lines)
        std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size == 0)
        return 0;
    {
        std::ofstream file(logPath(), std::ios::binary | std::ios::trunc);
        file.write(reinterpret_cast<const char*>(data) + 1, static_cast<std::streamsize>(size - 1));
    }
    try {
        const spare::FailureLogPreview preview = spare::previewFailureLog(logPath(), 5);
        if (preview.rows.size() > 5 || preview.rows.size() != preview.rowLines.size())
            std::abort();
    } catch (const spare::InputError&) {
    }
    const spare::FailureLogOptions options = optionsFor(data[0]);
    try {
        checkLog(spare::readFailureLog(logPath(), options), options);
    } catch (const spare::InputError&) {
    }
    return 0;
}
