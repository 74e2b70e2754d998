#include "engine/base/InputFile.h"

#include "engine/base/ByteSize.h"
#include "engine/base/InputError.h"

#include <fmt/format.h>

#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace spare {

namespace {

const char* fileTypeName(mode_t mode)
{
    if (S_ISDIR(mode))
        return "a directory";
    if (S_ISCHR(mode))
        return "a character device";
    if (S_ISBLK(mode))
        return "a block device";
    if (S_ISFIFO(mode))
        return "a FIFO";
    if (S_ISSOCK(mode))
        return "a socket";
    return "not a regular file";
}

// Closes the descriptor on every path out of readInputFile.
class FileDescriptor {
public:
    explicit FileDescriptor(int fd) : fd_(fd) {}
    FileDescriptor(const FileDescriptor&) = delete;
    FileDescriptor& operator=(const FileDescriptor&) = delete;
    ~FileDescriptor()
    {
        if (fd_ >= 0)
            ::close(fd_);
    }
    int get() const { return fd_; }

private:
    int fd_;
};

}  // namespace

InputFileLimits& inputFileLimits()
{
    static InputFileLimits limits;
    return limits;
}

std::string readInputFile(const std::string& path, InputFileKind kind)
{
    const InputFileLimits& limits = inputFileLimits();
    const bool trace = kind == InputFileKind::FailureTrace;
    const std::uint64_t maxBytes = trace ? limits.traceBytes : limits.scenarioBytes;
    const char* limitFlag = trace ? "--max-trace-size" : "--max-scenario-size";
    const char* what = trace                                ? "failures.trace"
                       : kind == InputFileKind::Layout      ? "layout file"
                       : kind == InputFileKind::Placement   ? "topology.placement"
                                                            : "scenario file";
    // Each kind keeps the error type its loader is documented to throw (all are InputErrors). A file
    // named by a scenario key is an issue of that key, whose value is the path.
    const auto fail = [&](const std::string& problem) {
        const bool atKey = trace || kind == InputFileKind::Placement;
        const std::vector<InputIssue> issues{
            {atKey ? std::string() : what, atKey ? what : std::string(), fmt::format("{}: {}", path, problem), path}};
        switch (kind) {
        case InputFileKind::Scenario: throw ScenarioError(issues);
        case InputFileKind::Layout: throw LayoutError(issues);
        case InputFileKind::FailureTrace: throw FailureTraceError(issues);
        case InputFileKind::Placement: throw TopologyError(issues);
        }
        throw InputError(issues);
    };
    const auto checkStat = [&](const struct stat& st) {
        if (!S_ISREG(st.st_mode))
            fail(fmt::format("is {}; a regular file is needed", fileTypeName(st.st_mode)));
        if (static_cast<std::uint64_t>(st.st_size) > maxBytes)
            fail(fmt::format("is {}, over the limit of {} ({} to change)",
                             formatByteSize(static_cast<std::uint64_t>(st.st_size)), formatByteSize(maxBytes), limitFlag));
    };
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0)
        fail(fmt::format("cannot open: {}", std::strerror(errno)));
    checkStat(st);
    // O_NONBLOCK: a FIFO swapped in after the check must not block the open.
    const FileDescriptor fd(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC));
    if (fd.get() < 0)
        fail(fmt::format("cannot open: {}", std::strerror(errno)));
    if (::fstat(fd.get(), &st) != 0)
        fail(fmt::format("cannot read: {}", std::strerror(errno)));
    checkStat(st);

    std::string content;
    content.reserve(static_cast<std::size_t>(st.st_size));
    char buffer[1 << 16];
    for (;;) {
        const ssize_t got = ::read(fd.get(), buffer, sizeof buffer);
        if (got < 0) {
            if (errno == EINTR)
                continue;
            fail(fmt::format("cannot read: {}", std::strerror(errno)));
        }
        if (got == 0)
            break;
        if (content.size() + static_cast<std::size_t>(got) > maxBytes)
            fail(fmt::format("grew past the limit of {} while being read ({} to change)", formatByteSize(maxBytes),
                             limitFlag));
        content.append(buffer, static_cast<std::size_t>(got));
    }
    return content;
}

}  // namespace spare
