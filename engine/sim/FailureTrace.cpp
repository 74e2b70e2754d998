#include "sim/FailureTrace.h"

#include "io/InputFile.h"

#include <fmt/core.h>

#include <algorithm>
#include <charconv>
#include <cmath>

namespace spare {

namespace {

constexpr std::size_t kMaxReportedProblems = 20;

// One RFC 4180 record and the line it starts on.
struct CsvRecord {
    int line = 0;
    std::vector<std::string> fields;
};

// Splits CSV text into records: quoted fields may hold commas, doubled quotes and line breaks;
// CRLF or LF line ends; blank lines and lines starting with '#' are skipped.
class CsvReader {
public:
    CsvReader(std::string_view text, std::vector<std::string>& problems) : text_(text), problems_(problems) {}

    bool next(CsvRecord& record)
    {
        while (pos_ < text_.size()) {
            const char c = text_[pos_];
            if (c == '#') {
                skipLine();
                continue;
            }
            if (c == '\n' || c == '\r') {
                skipLineEnd();
                continue;
            }
            record.line = line_;
            record.fields.clear();
            readRecord(record);
            return true;
        }
        return false;
    }

private:
    void skipLine()
    {
        while (pos_ < text_.size() && text_[pos_] != '\n' && text_[pos_] != '\r')
            ++pos_;
        skipLineEnd();
    }

    void skipLineEnd()
    {
        if (pos_ < text_.size() && text_[pos_] == '\r')
            ++pos_;
        if (pos_ < text_.size() && text_[pos_] == '\n')
            ++pos_;
        ++line_;
    }

    void readRecord(CsvRecord& record)
    {
        std::string field;
        bool quoted = false;
        while (pos_ < text_.size()) {
            const char c = text_[pos_];
            if (quoted) {
                ++pos_;
                if (c == '"') {
                    if (pos_ < text_.size() && text_[pos_] == '"') {
                        field += '"';
                        ++pos_;
                    } else {
                        quoted = false;
                    }
                } else {
                    if (c == '\n')
                        ++line_;
                    field += c;
                }
            } else if (c == '"' && field.empty()) {
                quoted = true;
                ++pos_;
            } else if (c == ',') {
                record.fields.push_back(std::move(field));
                field.clear();
                ++pos_;
            } else if (c == '\n' || c == '\r') {
                skipLineEnd();
                break;
            } else {
                field += c;
                ++pos_;
            }
        }
        if (quoted)
            problems_.push_back(fmt::format("line {}: unterminated quoted field", record.line));
        record.fields.push_back(std::move(field));
    }

    std::string_view text_;
    std::vector<std::string>& problems_;
    std::size_t pos_ = 0;
    int line_ = 1;
};

std::string_view trimmed(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
        s.remove_suffix(1);
    return s;
}

std::string shown(std::string_view value)
{
    std::string text(value.substr(0, 40));
    if (value.size() > 40)
        text += "...";
    return "\"" + text + "\"";
}

}  // namespace

std::vector<TraceFailure> parseFailureTrace(std::string_view text, int groups, const std::string& origin)
{
    std::vector<std::string> problems;
    std::vector<TraceFailure> failures;
    CsvReader reader(text, problems);
    CsvRecord record;
    const bool hasHeader = reader.next(record);
    if (!hasHeader || record.fields.size() != 2 || trimmed(record.fields[0]) != "time_s" ||
        trimmed(record.fields[1]) != "group") {
        problems.push_back(fmt::format("line {}: expected the header \"time_s,group\"", hasHeader ? record.line : 1));
    } else {
        const std::string groupRange = fmt::format("0 .. {}", groups - 1);
        while (reader.next(record)) {
            if (record.fields.size() != 2) {
                problems.push_back(fmt::format("line {}: expected 2 fields (time_s,group), got {}", record.line,
                                               record.fields.size()));
                continue;
            }
            const std::string_view timeText = trimmed(record.fields[0]);
            const std::string_view groupText = trimmed(record.fields[1]);
            TraceFailure failure;
            const auto timeEnd = timeText.data() + timeText.size();
            const auto [timePtr, timeErr] = std::from_chars(timeText.data(), timeEnd, failure.timeS);
            if (timeText.empty() || timeErr != std::errc() || timePtr != timeEnd || !std::isfinite(failure.timeS) ||
                failure.timeS < 0.0) {
                problems.push_back(fmt::format("line {}: time_s {} is not allowed; expected a finite number >= 0 "
                                               "(seconds, '.' decimal)",
                                               record.line, shown(timeText)));
                continue;
            }
            const auto groupEnd = groupText.data() + groupText.size();
            const auto [groupPtr, groupErr] = std::from_chars(groupText.data(), groupEnd, failure.group);
            if (groupText.empty() || groupErr != std::errc() || groupPtr != groupEnd || failure.group < 0 ||
                failure.group >= groups) {
                problems.push_back(fmt::format("line {}: group {} is out of range; allowed: integer {}", record.line,
                                               shown(groupText), groupRange));
                continue;
            }
            failures.push_back(failure);
        }
    }
    if (!problems.empty()) {
        std::string message;
        for (std::size_t i = 0; i < std::min(problems.size(), kMaxReportedProblems); ++i)
            message += fmt::format("{}{}: {}", i == 0 ? "" : "\n", origin, problems[i]);
        if (problems.size() > kMaxReportedProblems)
            message += fmt::format("\n{}: ... and {} more problems", origin, problems.size() - kMaxReportedProblems);
        throw FailureTraceError(message);
    }
    std::stable_sort(failures.begin(), failures.end(),
                     [](const TraceFailure& a, const TraceFailure& b) { return a.timeS < b.timeS; });
    return failures;
}

std::vector<TraceFailure> loadFailureTrace(const std::string& path, int groups)
{
    return parseFailureTrace(readInputFile(path, InputFileKind::FailureTrace), groups, path);
}

}  // namespace spare
