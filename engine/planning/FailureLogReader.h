#pragma once

#include "engine/planning/FailureLog.h"
#include "engine/planning/LocationPattern.h"
#include "engine/planning/TimeFormat.h"

#include <atomic>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace spare {

// --where COLUMN=V1,V2: a row is kept only when its COLUMN is one of the values (exact match);
// COLUMN!=V1,V2 (exclude): only when it is none of them.
struct FailureLogFilter {
    std::string column;
    std::vector<std::string> values;
    bool exclude = false;
};

struct FailureLogOptions {
    enum class BadRows { Error, Skip };

    std::string timeColumn;
    TimeFormat timeFormat = TimeFormat::iso8601();
    std::vector<FailureLogFilter> filters;  // all must hold
    std::optional<double> fromS;            // keep failures at fromS <= t <= toS
    std::optional<double> toS;
    std::string locationColumn;             // empty: no locations; else locationPattern is required
    std::optional<LocationPattern> locationPattern;
    BadRows badRows = BadRows::Error;
    bool requireSorted = false;             // an earlier row after a later one is an error, not sorted
    std::size_t maxLineBytes = std::size_t{1} << 20;
    std::size_t maxFailures = 10'000'000;
};

// Reads a CSV failure log (RFC 4180: quoted fields with "" escapes, commas and newlines inside quotes;
// CRLF or LF; an optional UTF-8 BOM; '#' comment lines and blank lines anywhere; a header row of
// column names, matched after trimming spaces). Streams the file in chunks: memory is one line (at
// most maxLineBytes, a longer line is an error at once) plus the kept failures.
//
// Every line of the file lands in one FailureLogCounts count (a row with quoted newlines counts once;
// messages give the line it starts on). A bad row (wrong field count, a time that does not read, a
// location that does not match, a stray quote) throws InputError "FILE: line L, column C (NAME): ..."
// with BadRows::Error, or is counted (the first 10 kept as examples) with BadRows::Skip. Throws
// InputError for a file that cannot be read, a missing header, a column not in the header (listing the
// header's columns), more than maxFailures kept, and no failure in the window.
//
// When *cancel turns true, reading stops and the failures read so far are returned (sorted).
FailureLog readFailureLog(const std::string& path, const FailureLogOptions& options,
                          const std::atomic<bool>* cancel = nullptr);

}  // namespace spare
