#pragma once

#include <memory>
#include <ostream>
#include <string>
#include <string_view>

namespace spare {

// Writes `content` to `path` atomically: a temp file in the same folder, fsync, rename over `path`.
// Readers see the old file or the whole new one, never a half. Throws std::runtime_error naming the
// path and the errno text; the temp file is removed on any error.
void writeFileAtomically(const std::string& path, std::string_view content);

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
    void commit();  // throws std::runtime_error on any I/O error (then the temp is removed)

    const std::string& path() const { return path_; }
    const std::string& tempPath() const { return tempPath_; }
    bool committed() const { return committed_; }

private:
    class FdStreamBuf;
    void discard() noexcept;

    std::string path_;
    std::string tempPath_;
    int fd_ = -1;
    std::unique_ptr<FdStreamBuf> buffer_;
    std::unique_ptr<std::ostream> stream_;
    bool committed_ = false;
};

}  // namespace spare
