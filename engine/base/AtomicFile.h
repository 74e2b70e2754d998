#pragma once

#include <memory>
#include <ostream>
#include <string>
#include <string_view>

namespace spare {

// Writes `content` to `path` atomically: a temp file in the same folder, fsync, rename over `path`.
// Readers see the old file or the whole new one, never a half. A symlink is followed and its target
// replaced; a device node or FIFO (/dev/null, a pipe) is written in place, never replaced. Throws
// OutputFileError naming the path and the errno text; the temp file is removed on any error and when
// SIGINT or SIGTERM ends the process.
void writeFileAtomically(const std::string& path, std::string_view content);

// Throws OutputFileError unless `path` can be written: not empty, not a directory, and (unless it is
// a device node or FIFO) its folder, after following symlinks, exists and is writable. Lets a command
// fail before it computes anything.
void checkOutputPath(const std::string& path);

// Streaming form: write through stream(), then commit() (flush, fsync, rename). Destroyed without
// commit() (error, cancel, exception), it removes the temp file and leaves `path` untouched.
// The stream uses the classic "C" locale whatever the global one is.
class AtomicFileWriter {
public:
    explicit AtomicFileWriter(std::string path);  // creates the temp file; throws on failure
    ~AtomicFileWriter();
    AtomicFileWriter(const AtomicFileWriter&) = delete;
    AtomicFileWriter& operator=(const AtomicFileWriter&) = delete;

    std::ostream& stream();
    void write(std::string_view chunk);
    void commit();  // throws OutputFileError on any I/O error (then the temp is removed)

    const std::string& path() const { return path_; }
    // Empty when writing in place to a device node or FIFO.
    const std::string& tempPath() const { return tempPath_; }
    bool committed() const { return committed_; }

private:
    class FdStreamBuf;
    void discard() noexcept;

    std::string path_;
    std::string targetPath_;  // path_ with symlinks followed: what the rename replaces
    std::string tempPath_;
    int tempTicket_ = -1;     // TempFileCleanup registration
    int fd_ = -1;
    std::unique_ptr<FdStreamBuf> buffer_;
    std::unique_ptr<std::ostream> stream_;
    bool committed_ = false;
};

}  // namespace spare
