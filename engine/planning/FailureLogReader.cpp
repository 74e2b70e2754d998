#include "engine/planning/FailureLogReader.h"

#include "engine/base/InputError.h"
#include "engine/base/RunControl.h"
#include "engine/planning/FailureLogPreview.h"

#include <fmt/core.h>
#include <fmt/format.h>

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <limits>
#include <numeric>
#include <string_view>

namespace spare {

namespace {

constexpr std::size_t kChunkBytes = std::size_t{1} << 20;
constexpr std::size_t kMaxExamples = 10;
constexpr std::string_view kBom = "\xEF\xBB\xBF";

bool isBlank(char c) { return c == ' ' || c == '\t'; }

std::string_view trimmed(std::string_view text)
{
    while (!text.empty() && isBlank(text.front()))
        text.remove_prefix(1);
    while (!text.empty() && isBlank(text.back()))
        text.remove_suffix(1);
    return text;
}

// The length of the valid UTF-8 sequence at text[0], or 0 when it is not one (overlong forms, surrogates
// and code points above U+10FFFF are not).
std::size_t utf8Length(std::string_view text)
{
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
    const unsigned char lead = byte(0);
    if (lead < 0x80)
        return 1;
    const std::size_t length = lead >= 0xC2 && lead <= 0xDF ? 2 : lead >= 0xE0 && lead <= 0xEF ? 3
                               : lead >= 0xF0 && lead <= 0xF4                                  ? 4
                                                                                               : 0;
    if (length == 0 || text.size() < length)
        return 0;
    for (std::size_t i = 1; i < length; ++i)
        if ((byte(i) & 0xC0) != 0x80)
            return 0;
    const unsigned char second = byte(1);
    if ((lead == 0xE0 && second < 0xA0) || (lead == 0xED && second > 0x9F) || (lead == 0xF0 && second < 0x90) ||
        (lead == 0xF4 && second > 0x8F))
        return 0;
    return length;
}

// A value as quoted in a message: at most 60 bytes, control bytes and invalid UTF-8 shown as '?'.
std::string excerpt(std::string_view text)
{
    const std::string_view head = text.substr(0, 60);
    std::string out;
    for (std::size_t i = 0; i < head.size();) {
        const std::size_t length = utf8Length(head.substr(i));
        const bool control = length == 1 && static_cast<unsigned char>(head[i]) < 0x20;
        if (length == 0 || control) {
            out.push_back('?');
            ++i;
        } else {
            out.append(head.substr(i, length));
            i += length;
        }
    }
    return text.size() > 60 ? out + "..." : out;
}

// An open file descriptor, closed on every path out. Opened non-blocking, so that a FIFO without a writer
// does not block the open (reads wait in poll, which checks the stop flag).
class FileHandle {
public:
    explicit FileHandle(const std::string& path) : fd_(::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK)) {}
    ~FileHandle()
    {
        if (fd_ >= 0)
            ::close(fd_);
    }
    FileHandle(const FileHandle&) = delete;
    FileHandle& operator=(const FileHandle&) = delete;
    int fd() const { return fd_; }

private:
    int fd_;
};

// One pass over the file: splits it into lines (quoted newlines stay inside), then each line into
// fields, and sorts every line into the counts.
class LogParser {
public:
    // With `preview`, only splits the header and the first `previewRows` rows into it.
    LogParser(const std::string& path, const FailureLogOptions& options, FailureLogPreview* preview = nullptr,
              std::size_t previewRows = 0)
        : options_(options), preview_(preview), previewRows_(previewRows)
    {
        log_.path = path;
        log_.resolutionS = std::numeric_limits<double>::infinity();
        if (options.locationPattern)
            log_.levelNames = options.locationPattern->levelNames();
    }

    // The file's bytes in order, then finish().
    void feed(const char* data, std::size_t size);
    void finish();
    FailureLog take() { return std::move(log_); }
    bool previewFull() const { return preview_ && log_.counts.headerLines > 0 && preview_->rows.size() >= previewRows_; }

private:
    // What is wrong with the current row, and in which field.
    struct Problem {
        std::size_t column = 0;  // 0-based; npos: the row as a whole
        std::string text;
        std::string value{};  // the field's text, when one is at fault
    };

    void endLine();
    void readHeader(std::string_view line);
    void readRow(std::string_view line);
    // Splits into fields_ (unquoted fields trimmed); a problem names the field it is in.
    std::optional<Problem> split(std::string_view line);
    std::size_t columnIndex(const std::string& name, const char* role) const;
    void badRow(const Problem& problem);
    [[noreturn]] void fail(const std::string& message) const { fail({}, message); }
    // A problem at `place` in the log ("line 4, column 2 (loc)"), with the field's text when one is at fault.
    [[noreturn]] void fail(const std::string& place, const std::string& message, const std::string& value = {}) const
    {
        throw InputError({{log_.path, place, message, value}});
    }
    std::string where(std::size_t column) const
    {
        return column == std::string::npos
                   ? fmt::format("line {}", lineStart_)
                   : fmt::format("line {}, column {} ({})", lineStart_, column + 1, excerpt(header_[column]));
    }

    const FailureLogOptions& options_;
    FailureLogPreview* preview_;
    std::size_t previewRows_;
    FailureLog log_;

    // The line being assembled.
    std::string line_;
    std::size_t physicalLine_ = 1;  // the line the next byte is on
    std::size_t lineStart_ = 1;     // the line the current line started on
    std::size_t lineBytes_ = 0;     // its length so far (comments are counted, not kept)
    bool inQuotes_ = false;
    bool fieldStart_ = true;        // only blanks since the line's start or the last comma
    bool afterQuote_ = false;       // the last byte closed a quoted field
    bool comment_ = false;          // a '#' line: quotes in it mean nothing
    bool atFileStart_ = true;
    bool afterCr_ = false;          // the last byte was a CR that ended a line
    std::size_t quotedLineEnds_ = 0;  // line ends inside quotes in the current line

    // Once the header is read.
    std::vector<std::string> header_;
    std::size_t timeColumn_ = 0;
    std::size_t locationColumn_ = std::string::npos;
    std::vector<std::pair<std::size_t, const FailureLogFilter*>> filters_;

    std::vector<std::string> fields_;
    std::vector<std::string_view> levels_;
    std::size_t lastKeptLine_ = 0;
    double lastKeptS_ = -std::numeric_limits<double>::infinity();
};

void LogParser::feed(const char* data, std::size_t size)
{
    std::size_t i = 0;
    if (atFileStart_ && size > 0) {
        atFileStart_ = false;
        if (std::string_view(data, size).substr(0, kBom.size()) == kBom)
            i = kBom.size();
    }
    const auto lineEnd = [](char c) { return c == '\n' || c == '\r'; };
    while (i < size) {
        // A line ends at LF, CRLF or a lone CR: the LF after a CR belongs to that line end.
        if (afterCr_) {
            afterCr_ = false;
            if (data[i] == '\n') {
                if (inQuotes_)
                    line_.push_back('\n');
                ++i;
                continue;
            }
        }
        if (lineBytes_ == 0 && data[i] == '#')
            comment_ = true;
        std::size_t j = i;
        if (comment_)
            j = std::find_if(data + i, data + size, lineEnd) - data;
        else
            while (j < size && !lineEnd(data[j]) && data[j] != '"' && (inQuotes_ || data[j] != ','))
                ++j;
        lineBytes_ += j - i;
        if (lineBytes_ > options_.maxLineBytes)
            fail(fmt::format("line {} is longer than {} bytes; allowed: lines up to {} bytes (a CSV failure log "
                             "with a header row and one failure per line)",
                             lineStart_, options_.maxLineBytes, options_.maxLineBytes));
        if (!comment_ && j > i) {
            const std::string_view span(data + i, j - i);
            line_.append(span);
            fieldStart_ = fieldStart_ && trimmed(span).empty();
            afterQuote_ = false;
        }
        if (j == size)
            return;
        ++lineBytes_;
        const char c = data[j];
        i = j + 1;
        if (lineEnd(c)) {
            ++physicalLine_;
            afterCr_ = c == '\r';
            if (inQuotes_) {
                line_.push_back(c);
                ++quotedLineEnds_;
            } else {
                endLine();
            }
            continue;
        }
        line_.push_back(c);
        if (c == ',') {
            fieldStart_ = true;
            continue;
        }
        // A quote opens a quoted field only at the field's start (or right after its closing quote: a ""
        // escape); elsewhere it is a stray quote that split() reports, and the line still ends at its newline.
        if (inQuotes_) {
            inQuotes_ = false;
            afterQuote_ = true;
        } else if (fieldStart_ || afterQuote_) {
            inQuotes_ = true;
            afterQuote_ = false;
        }
        fieldStart_ = false;
    }
}

void LogParser::finish()
{
    if (lineBytes_ > 0)
        endLine();
}

void LogParser::endLine()
{
    const std::string_view line = line_;
    ++log_.counts.lines;
    if (comment_)
        ++log_.counts.commentLines;
    else if (trimmed(line).empty())
        ++log_.counts.emptyLines;
    else if (log_.counts.headerLines == 0)
        readHeader(line);
    else
        readRow(line);
    line_.clear();
    lineBytes_ = 0;
    quotedLineEnds_ = 0;
    comment_ = false;
    inQuotes_ = false;
    fieldStart_ = true;
    afterQuote_ = false;
    lineStart_ = physicalLine_;
}

std::optional<LogParser::Problem> LogParser::split(std::string_view line)
{
    fields_.clear();
    std::size_t pos = 0;
    while (true) {
        std::string& field = fields_.emplace_back();
        const std::size_t column = fields_.size() - 1;
        while (pos < line.size() && isBlank(line[pos]))
            ++pos;
        if (pos < line.size() && line[pos] == '"') {
            ++pos;
            while (true) {
                const std::size_t quote = line.find('"', pos);
                if (quote == std::string_view::npos)
                    return Problem{column, "a quoted field is not closed"};
                field.append(line.substr(pos, quote - pos));
                pos = quote + 1;
                if (pos < line.size() && line[pos] == '"') {
                    field.push_back('"');
                    ++pos;
                } else {
                    break;
                }
            }
            while (pos < line.size() && isBlank(line[pos]))
                ++pos;
            if (pos < line.size() && line[pos] != ',')
                return Problem{column, "text after the closing quote of a quoted field"};
        } else {
            const std::size_t comma = std::min(line.find(',', pos), line.size());
            const std::string_view text = trimmed(line.substr(pos, comma - pos));
            if (text.find('"') != std::string_view::npos)
                return Problem{column, fmt::format("'{}' has a quote inside an unquoted field (quote the whole field "
                                                   "and double the quote)",
                                                   excerpt(text))};
            field.assign(text);
            pos = comma;
        }
        if (pos == line.size())
            return std::nullopt;
        ++pos;  // the comma
    }
}

std::size_t LogParser::columnIndex(const std::string& name, const char* role) const
{
    const auto found = std::find(header_.begin(), header_.end(), name);
    if (found == header_.end()) {
        std::vector<std::string> names;
        for (const std::string& column : header_)
            names.push_back(fmt::format("'{}'", excerpt(column)));
        fail(fmt::format("{} '{}': no such column in the header (line {}); allowed: {}", role, excerpt(name),
                         lineStart_, fmt::join(names, ", ")));
    }
    if (std::find(found + 1, header_.end(), name) != header_.end())
        fail(fmt::format("{} '{}': the header (line {}) has two columns of that name", role, excerpt(name),
                         lineStart_));
    return static_cast<std::size_t>(found - header_.begin());
}

void LogParser::readHeader(std::string_view line)
{
    if (const auto problem = split(line))
        fail(fmt::format("line {} (the header), column {}: {}", lineStart_, problem->column + 1, problem->text));
    for (const std::string& name : fields_)
        header_.emplace_back(trimmed(name));
    ++log_.counts.headerLines;
    if (preview_) {
        preview_->columns = header_;
        return;
    }
    timeColumn_ = columnIndex(options_.timeColumn, "--time-column");
    for (const FailureLogFilter& filter : options_.filters)
        filters_.emplace_back(columnIndex(filter.column, "--where"), &filter);
    if (!options_.locationColumn.empty())
        locationColumn_ = columnIndex(options_.locationColumn, "--location-column");
}

void LogParser::badRow(const Problem& problem)
{
    const std::string place = where(problem.column);
    // A quote left open swallows the lines after it: skipping that row would silently drop them all. (A
    // line end that closes the file inside quotes swallows nothing.)
    const std::size_t swallowed =
        quotedLineEnds_ - (!line_.empty() && (line_.back() == '\n' || line_.back() == '\r') ? 1 : 0);
    if (swallowed > 0)
        fail(place,
             fmt::format("{}; this row runs inside quotes from line {} to line {} ({} lines): a closing quote is "
                         "likely missing; allowed: a quoted field closed on its own line (a row spanning lines is "
                         "not skipped, even with --skip-bad-rows)",
                         problem.text, lineStart_, lineStart_ + swallowed, swallowed + 1),
             problem.value);
    if (options_.badRows == FailureLogOptions::BadRows::Error)
        fail(place, problem.text, problem.value);
    ++log_.counts.malformedRows;
    if (log_.counts.malformedExamples.size() < kMaxExamples)
        log_.counts.malformedExamples.push_back(fmt::format("{}: {}", place, problem.text));
}

void LogParser::readRow(std::string_view line)
{
    if (preview_) {
        if (preview_->rows.size() < previewRows_) {
            if (split(line))
                fields_.assign(1, std::string(line));
            preview_->rows.push_back(fields_);
            preview_->rowLines.push_back(lineStart_);
        }
        return;
    }
    if (auto problem = split(line)) {
        if (problem->column >= header_.size())
            problem->column = std::string::npos;
        return badRow(*problem);
    }
    if (fields_.size() != header_.size())
        return badRow({std::string::npos, fmt::format("{} fields where the header has {} columns", fields_.size(),
                                                      header_.size())});
    for (const auto& [column, filter] : filters_)
        if ((std::find(filter->values.begin(), filter->values.end(), fields_[column]) == filter->values.end()) !=
            filter->exclude) {
            ++log_.counts.filteredOut;
            return;
        }
    const std::string& timeText = fields_[timeColumn_];
    const auto instant = options_.timeFormat.read(timeText);
    if (!instant)
        return badRow({timeColumn_,
                       fmt::format("'{}' is not a time in {}: {}", excerpt(timeText), options_.timeFormat.spec(),
                                   options_.timeFormat.whyNotATime(timeText)),
                       excerpt(timeText)});
    if ((options_.fromS && instant->seconds < *options_.fromS) || (options_.toS && instant->seconds > *options_.toS)) {
        ++log_.counts.outsideWindow;
        return;
    }
    if (options_.locationPattern && !options_.locationPattern->matchInto(fields_[locationColumn_], levels_))
        return badRow({locationColumn_,
                       fmt::format("'{}' does not match the location pattern '{}'", excerpt(fields_[locationColumn_]),
                                   options_.locationPattern->text()),
                       excerpt(fields_[locationColumn_])});
    if (log_.counts.failures == options_.maxFailures)
        fail(fmt::format("line {}: more than {} failures in the window; allowed: at most {} (narrow the window or "
                         "filter the rows)",
                         lineStart_, options_.maxFailures, options_.maxFailures));
    if (instant->seconds < lastKeptS_) {
        if (options_.requireSorted)
            fail(where(timeColumn_),
                 fmt::format("'{}' is earlier than the failure on line {}; allowed: rows in time order "
                             "(--require-sorted)",
                             excerpt(timeText), lastKeptLine_),
                 excerpt(timeText));
        ++log_.counts.unsortedRows;
    }
    lastKeptS_ = instant->seconds;
    lastKeptLine_ = lineStart_;
    ++log_.counts.failures;
    log_.timesS.push_back(instant->seconds);
    log_.resolutionS = std::min(log_.resolutionS, instant->resolutionS);
    if (options_.locationPattern)
        log_.locations.emplace_back(levels_.begin(), levels_.end());
}

// Sorts the failures by time (stable: ties keep their log order), locations alongside.
void sortByTime(FailureLog& log)
{
    std::vector<std::size_t> order(log.timesS.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&log](std::size_t a, std::size_t b) { return log.timesS[a] < log.timesS[b]; });
    std::vector<double> times(order.size());
    std::vector<std::vector<std::string>> locations(log.locations.size());
    for (std::size_t i = 0; i < order.size(); ++i) {
        times[i] = log.timesS[order[i]];
        if (!locations.empty())
            locations[i] = std::move(log.locations[order[i]]);
    }
    log.timesS = std::move(times);
    log.locations = std::move(locations);
}

// Waits until the file has bytes to read or has ended (a FIFO: until a writer wrote or left), checking
// `stop()` every 100 ms. False when stopped.
template <class Stop>
bool waitReadable(int fd, Stop& stop)
{
    pollfd request{fd, POLLIN, 0};
    while (!stop()) {
        const int ready = ::poll(&request, 1, 100);
        if (ready != 0 && !(ready < 0 && errno == EINTR))
            return true;  // readable, ended, or an error read() reports
    }
    return false;
}

// Feeds the file to the parser in chunks until its end or until `stop()` holds.
template <class Stop>
void streamFile(const std::string& path, LogParser& parser, Stop stop)
{
    FileHandle file(path);
    if (file.fd() < 0)
        throw InputError(fmt::format("{}: cannot open the failure log: {}", path, std::strerror(errno)));
    struct stat info {};
    if (::fstat(file.fd(), &info) == 0 && S_ISDIR(info.st_mode))
        throw InputError(fmt::format("{}: is a directory; allowed: a CSV failure log", path));
    // A small file gets a small buffer: zeroing a megabyte per read is most of the time a short log takes.
    const bool regular = S_ISREG(info.st_mode) && info.st_size >= 0;
    const std::size_t chunkBytes =
        regular ? std::clamp<std::size_t>(static_cast<std::size_t>(info.st_size) + 1, 4096, kChunkBytes) : kChunkBytes;
    std::vector<char> chunk(chunkBytes);
    while (waitReadable(file.fd(), stop)) {
        const ssize_t got = ::read(file.fd(), chunk.data(), chunk.size());
        if (got < 0 && (errno == EINTR || errno == EAGAIN))
            continue;
        if (got < 0)
            throw InputError(fmt::format("{}: cannot read the failure log: {}", path, std::strerror(errno)));
        if (got == 0) {
            parser.finish();
            return;
        }
        parser.feed(chunk.data(), static_cast<std::size_t>(got));
    }
}

}  // namespace

FailureLogPreview previewFailureLog(const std::string& path, std::size_t rows)
{
    FailureLogPreview preview;
    const FailureLogOptions options;
    LogParser parser(path, options, &preview, rows);
    streamFile(path, parser, [&parser] { return parser.previewFull(); });
    if (preview.columns.empty())
        throw InputError(fmt::format("{}: no header row; allowed: a CSV file whose first line (after comments and "
                                     "blank lines) names the columns",
                                     path));
    return preview;
}

FailureLog readFailureLog(const std::string& path, const FailureLogOptions& options, const std::atomic<bool>* cancel)
{
    if (options.fromS && options.toS && !(*options.fromS < *options.toS))
        throw InputError(fmt::format("--from {} and --to {}: the window is empty; allowed: --from before --to",
                                     *options.fromS, *options.toS));
    if (options.locationColumn.empty() != !options.locationPattern)
        throw InputError("--location-column and --location-pattern: give both or neither");

    LogParser parser(path, options);
    streamFile(path, parser, [cancel] { return RunControl::raised(cancel); });
    FailureLog log = parser.take();
    const bool cancelled = RunControl::raised(cancel);

    if (log.counts.headerLines == 0 && !cancelled)
        throw InputError(fmt::format("{}: no header row; allowed: a CSV file whose first line (after comments and "
                                     "blank lines) names the columns",
                                     path));
    if (log.counts.unsortedRows > 0)
        sortByTime(log);
    for (std::size_t i = 1; i < log.timesS.size(); ++i)
        log.counts.tiedFailures += log.timesS[i] == log.timesS[i - 1] ? 1 : 0;
    if (log.timesS.empty()) {
        log.resolutionS = options.timeFormat.resolutionS();
        if (cancelled)
            return log;
        throw InputError(fmt::format(
            "{}: no failures in the window; of {} rows, {} were outside the window (--from/--to), {} filtered out "
            "(--where), {} malformed and skipped",
            path, log.counts.lines - log.counts.headerLines - log.counts.emptyLines - log.counts.commentLines,
            log.counts.outsideWindow, log.counts.filteredOut, log.counts.malformedRows));
    }
    log.windowStartS = options.fromS.value_or(log.timesS.front());
    log.windowEndS = options.toS.value_or(log.timesS.back());
    return log;
}

}  // namespace spare
