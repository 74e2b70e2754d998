#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace spare {

// What reading a failure log did with its lines: every line of the file lands in exactly one count
// (header and comment lines included), so the report can account for the whole file.
struct FailureLogCounts {
    std::size_t lines = 0;            // physical lines read, header included
    std::size_t headerLines = 0;      // 1 (the column names)
    std::size_t emptyLines = 0;       // blank lines, skipped
    std::size_t commentLines = 0;     // lines starting with '#', skipped
    std::size_t malformedRows = 0;    // rows skipped as malformed (only with skipping on; else an error)
    std::size_t filteredOut = 0;      // rows that a --where filter rejected
    std::size_t outsideWindow = 0;    // rows before --from or after --to
    std::size_t failures = 0;         // rows kept: failures in the window
    std::size_t unsortedRows = 0;     // kept rows earlier than the kept row before them (the log is sorted)
    std::size_t tiedFailures = 0;     // kept failures at the same time as the one before them (zero gaps)
    // The first few malformed rows, as "line L, column C (NAME): problem" (at most 10).
    std::vector<std::string> malformedExamples;
};

// A failure log reduced to what fitting needs: failure times in the window, in seconds (UTC epoch
// seconds for calendar formats), sorted ascending; and, with a location column, each failure's domain
// names at every level of the location pattern.
struct FailureLog {
    std::string path;
    std::vector<double> timesS;       // sorted ascending, one per kept failure
    // The observation window. start: --from, else the first failure. end: --to, else the last failure;
    // the gap from the last failure to end is right-censored.
    double windowStartS = 0.0;
    double windowEndS = 0.0;
    // The log's time resolution in seconds (60 for a "%m/%d/%Y %H:%M" format, 1 for whole epoch
    // seconds): two failures in the same tick are a tie, and a zero gap means "less than one tick".
    double resolutionS = 1.0;

    // Location levels, outermost first, as named by the pattern ("col", "row", "cage", "slot", "node").
    std::vector<std::string> levelNames;
    // locations[i][l]: failure i's value of level l (parallel to timesS; empty without a location column).
    std::vector<std::vector<std::string>> locations;

    FailureLogCounts counts;
};

}  // namespace spare
