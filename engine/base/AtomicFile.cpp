#include "engine/base/AtomicFile.h"

#include "engine/base/OutputFileError.h"
#include "engine/base/TempFileCleanup.h"

#include <fmt/core.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <locale>
#include <streambuf>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace spare {

namespace {

OutputFileError ioError(const std::string& what, const std::string& path, int error)
{
    return OutputFileError(path, fmt::format("cannot {}: {}", what, std::strerror(error)), error);
}

// The file a write to `path` lands in: symlinks followed (also dangling ones, whose target is created).
std::filesystem::path followSymlinks(const std::string& path)
{
    std::filesystem::path p(path);
    for (int hop = 0; hop < 40; ++hop) {
        std::error_code error;
        if (!std::filesystem::is_symlink(p, error))
            return p;
        const std::filesystem::path link = std::filesystem::read_symlink(p, error);
        if (error)
            throw ioError("follow the symbolic link", path, error.value());
        p = link.is_absolute() ? link : p.parent_path() / link;
    }
    throw ioError("follow the symbolic link", path, ELOOP);
}

// True when `path` exists and is not a regular file: then it is written in place (or refused, for a
// directory) instead of being replaced.
bool isSpecialFile(const std::string& path, struct stat& info)
{
    return ::stat(path.c_str(), &info) == 0 && !S_ISREG(info.st_mode);
}

// The hidden temp file a write to `target` goes through before its rename.
std::string tempPrefix(const std::filesystem::path& target)
{
    return (target.parent_path() / fmt::format(".{}.tmp-", target.filename().string())).string();
}

std::string folderOf(const std::filesystem::path& file)
{
    const std::string folder = file.parent_path().string();
    return folder.empty() ? std::string(".") : folder;
}

}  // namespace

// A write-only stream buffer on a file descriptor that remembers the first errno.
class AtomicFileWriter::FdStreamBuf : public std::streambuf {
public:
    explicit FdStreamBuf(int fd) : fd_(fd), buffer_(1 << 16) { setp(buffer_.data(), buffer_.data() + buffer_.size()); }

    int error() const { return error_; }

protected:
    int_type overflow(int_type ch) override
    {
        if (!drain())
            return traits_type::eof();
        if (!traits_type::eq_int_type(ch, traits_type::eof())) {
            *pptr() = traits_type::to_char_type(ch);
            pbump(1);
        }
        return traits_type::not_eof(ch);
    }

    int sync() override { return drain() ? 0 : -1; }

private:
    bool drain()
    {
        const char* data = pbase();
        std::size_t left = static_cast<std::size_t>(pptr() - pbase());
        while (left > 0 && error_ == 0) {
            const ssize_t n = ::write(fd_, data, left);
            if (n < 0) {
                if (errno != EINTR)
                    error_ = errno;
                continue;
            }
            data += n;
            left -= static_cast<std::size_t>(n);
        }
        setp(buffer_.data(), buffer_.data() + buffer_.size());
        return error_ == 0;
    }

    int fd_;
    std::vector<char> buffer_;
    int error_ = 0;
};

AtomicFileWriter::AtomicFileWriter(std::string path) : path_(std::move(path))
{
    struct stat info {};
    if (isSpecialFile(path_, info)) {
        if (S_ISDIR(info.st_mode))
            throw ioError("write", path_, EISDIR);
        fd_ = ::open(path_.c_str(), O_WRONLY | O_CLOEXEC);
        if (fd_ < 0)
            throw ioError("open", path_, errno);
    } else {
        const std::filesystem::path target = followSymlinks(path_);
        targetPath_ = target.string();
        TempFileCleanup::TempFile temp = TempFileCleanup::create(tempPrefix(target));
        if (temp.fd < 0)
            throw ioError("create a temporary file in the folder", path_, errno);
        fd_ = temp.fd;
        tempPath_ = std::move(temp.path);
        tempTicket_ = temp.ticket;
        ::fchmod(fd_, 0644);
    }
    buffer_ = std::make_unique<FdStreamBuf>(fd_);
    stream_ = std::make_unique<std::ostream>(buffer_.get());
    stream_->imbue(std::locale::classic());
}

AtomicFileWriter::~AtomicFileWriter()
{
    if (!committed_)
        discard();
}

std::ostream& AtomicFileWriter::stream() { return *stream_; }

void AtomicFileWriter::write(std::string_view chunk) { stream_->write(chunk.data(), static_cast<std::streamsize>(chunk.size())); }

void AtomicFileWriter::commit()
{
    if (committed_)
        return;
    if (fd_ < 0)
        throw OutputFileError(path_, "cannot write: the writer was already discarded");
    stream_->flush();
    int error = buffer_->error();
    if (error == 0 && !*stream_)
        error = EIO;
    const bool inPlace = tempPath_.empty();
    if (error == 0 && !inPlace && ::fsync(fd_) != 0)
        error = errno;
    if (error == 0) {
        const int fd = fd_;
        fd_ = -1;
        if (::close(fd) != 0)
            error = errno;
    }
    if (error == 0 && !inPlace && std::rename(tempPath_.c_str(), targetPath_.c_str()) != 0)
        error = errno;
    if (error != 0) {
        discard();
        throw ioError("write", path_, error);
    }
    committed_ = true;
    TempFileCleanup::release(tempTicket_);
    if (inPlace)
        return;
    // Make the rename itself durable; a folder that cannot be synced is not an error for the caller.
    const int dirFd = ::open(folderOf(targetPath_).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dirFd >= 0) {
        ::fsync(dirFd);
        ::close(dirFd);
    }
}

void AtomicFileWriter::discard() noexcept
{
    if (fd_ >= 0) {
        ::close(fd_);
        fd_ = -1;
    }
    if (!tempPath_.empty())
        ::unlink(tempPath_.c_str());
    TempFileCleanup::release(tempTicket_);
    tempTicket_ = -1;
}

void writeFileAtomically(const std::string& path, std::string_view content)
{
    AtomicFileWriter writer(path);
    writer.write(content);
    writer.commit();
}

void checkOutputPath(const std::string& path)
{
    if (path.empty())
        throw OutputFileError(path, "empty path; allowed: a file name");
    struct stat info {};
    if (isSpecialFile(path, info)) {
        if (S_ISDIR(info.st_mode))
            throw OutputFileError(path, "is a directory; allowed: a file name");
        if (::access(path.c_str(), W_OK) != 0)
            throw ioError("write", path, errno);
        return;
    }
    const std::string folder = folderOf(followSymlinks(path));
    if (::stat(folder.c_str(), &info) != 0)
        throw OutputFileError(path, fmt::format("folder {} does not exist", folder));
    if (!S_ISDIR(info.st_mode))
        throw OutputFileError(path, fmt::format("{} is not a folder", folder));
    if (::access(folder.c_str(), W_OK | X_OK) != 0)
        throw OutputFileError(path, fmt::format("folder {} is not writable: {}", folder, std::strerror(errno)), errno);
    // access() grants root everything but a read-only mount: creating the temp file a write would use
    // (and removing it) also finds a full disk, a quota or a file system that refuses new files.
    TempFileCleanup::TempFile probe = TempFileCleanup::create(tempPrefix(followSymlinks(path)));
    if (probe.fd < 0)
        throw ioError("create a file in the folder", path, errno);
    ::close(probe.fd);
    ::unlink(probe.path.c_str());
    TempFileCleanup::release(probe.ticket);
}

}  // namespace spare
