#include "engine/sim/FailureTrace.h"

#include "engine/base/InputFile.h"
#include "engine/base/ProblemList.h"

#include <fmt/core.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <initializer_list>
#include <optional>

namespace spare {

namespace {

// One RFC 4180 record and the line it starts on.
struct CsvRecord {
    int line = 0;
    std::vector<std::string> fields;
};

// A problem at a line of the trace (the origin is set when the file's problems are thrown).
InputIssue lineIssue(int line, std::string problem, std::string value = {})
{
    return {{}, fmt::format("line {}", line), std::move(problem), std::move(value)};
}

// Splits CSV text into records: quoted fields may hold commas, doubled quotes and line breaks;
// CRLF or LF line ends; blank lines and lines starting with '#' are skipped.
class CsvReader {
public:
    CsvReader(std::string_view text, std::vector<InputIssue>& problems) : text_(text), problems_(problems) {}

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
            problems_.push_back(lineIssue(record.line, "unterminated quoted field"));
        record.fields.push_back(std::move(field));
    }

    std::string_view text_;
    std::vector<InputIssue>& problems_;
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

// A field as it appears in a message: quoted, cut after 40 bytes, control bytes (a NUL would end the
// message early) written as \xNN.
std::string shown(std::string_view value)
{
    std::string text = "\"";
    for (const char c : value.substr(0, 40)) {
        const auto byte = static_cast<unsigned char>(c);
        text += byte < 0x20 || byte == 0x7f ? fmt::format("\\x{:02x}", byte) : std::string(1, c);
    }
    return text + (value.size() > 40 ? "...\"" : "\"");
}

constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";

}  // namespace

namespace {

// A non-negative integer field below `count`, or a problem naming the line, the column and the range.
std::optional<int> indexField(const CsvRecord& record, std::string_view text, const char* column, int count,
                              std::vector<InputIssue>& problems)
{
    int value = 0;
    const auto end = text.data() + text.size();
    const auto [ptr, err] = std::from_chars(text.data(), end, value);
    const bool isInteger =
        !text.empty() && ptr == end && (err == std::errc() || err == std::errc::result_out_of_range);
    if (!isInteger || err != std::errc() || value < 0 || value >= count) {
        problems.push_back(lineIssue(record.line,
                                     fmt::format("{} {} is {}; allowed: integer 0 .. {}", column, shown(text),
                                                 isInteger ? "out of range" : "not an integer", count - 1),
                                     shown(text)));
        return std::nullopt;
    }
    return value;
}

}  // namespace

std::vector<TraceFailure> parseFailureTrace(std::string_view text, int groups, const std::string& origin,
                                            const ClusterPlacement* placement)
{
    std::vector<InputIssue> problems;
    std::vector<TraceFailure> failures;
    if (text.substr(0, kUtf8Bom.size()) == kUtf8Bom)
        text.remove_prefix(kUtf8Bom.size());
    CsvReader reader(text, problems);
    CsvRecord record;
    const bool hasHeader = reader.next(record);
    const auto headerIs = [&](std::initializer_list<std::string_view> names) {
        if (record.fields.size() != names.size())
            return false;
        std::size_t i = 0;
        for (const std::string_view name : names)
            if (trimmed(record.fields[i++]) != name)
                return false;
        return true;
    };
    const bool domainRows = hasHeader && headerIs({"time_s", "level", "id"});
    if (!hasHeader || (!domainRows && !headerIs({"time_s", "group"}))) {
        problems.push_back(
            lineIssue(hasHeader ? record.line : 1, "expected the header \"time_s,group\" or \"time_s,level,id\""));
    } else if (domainRows && placement == nullptr) {
        problems.push_back(
            lineIssue(record.line, "domain rows (time_s,level,id) need the scenario's topology section"));
    } else {
        const std::size_t columns = domainRows ? 3 : 2;
        while (reader.next(record)) {
            if (record.fields.size() != columns) {
                problems.push_back(lineIssue(record.line, fmt::format("expected {} fields ({}), got {}", columns,
                                                                      domainRows ? "time_s,level,id" : "time_s,group",
                                                                      record.fields.size())));
                continue;
            }
            const std::string_view timeText = trimmed(record.fields[0]);
            double timeS = 0.0;
            const auto timeEnd = timeText.data() + timeText.size();
            const auto [timePtr, timeErr] = std::from_chars(timeText.data(), timeEnd, timeS);
            if (timeText.empty() || timeErr != std::errc() || timePtr != timeEnd || !std::isfinite(timeS) ||
                timeS < 0.0) {
                problems.push_back(lineIssue(record.line,
                                             fmt::format("time_s {} is not allowed; expected a finite number >= 0 "
                                                         "(seconds, '.' decimal)",
                                                         shown(timeText)),
                                             shown(timeText)));
                continue;
            }
            if (!domainRows) {
                if (const auto group = indexField(record, trimmed(record.fields[1]), "group", groups, problems))
                    failures.push_back({timeS, *group});
                continue;
            }
            const std::string_view levelText = trimmed(record.fields[1]);
            const auto level = parseDomainLevel(levelText);
            if (!level) {
                problems.push_back(lineIssue(record.line,
                                             fmt::format("level {} is not a known value; allowed: {}",
                                                         shown(levelText), domainLevelNames()),
                                             shown(levelText)));
                continue;
            }
            const auto domain =
                indexField(record, trimmed(record.fields[2]), "id", placement->domainCount(*level), problems);
            if (!domain)
                continue;
            for (const int g : placement->groupsIn(*level, *domain))
                failures.push_back({timeS, g});
        }
    }
    if (!problems.empty())
        throw FailureTraceError(withOrigin(std::move(problems), origin));
    std::stable_sort(failures.begin(), failures.end(),
                     [](const TraceFailure& a, const TraceFailure& b) { return a.timeS < b.timeS; });
    return failures;
}

std::vector<TraceFailure> loadFailureTrace(const std::string& path, int groups, const ClusterPlacement* placement)
{
    return parseFailureTrace(readInputFile(path, InputFileKind::FailureTrace), groups, path, placement);
}

}  // namespace spare
