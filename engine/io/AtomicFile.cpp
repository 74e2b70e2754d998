#include "io/AtomicFile.h"

#include <fmt/core.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <locale>
#include <stdexcept>
#include <streambuf>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace spare {

namespace {

std::runtime_error ioError(const std::string& what, const std::string& path, int error)
{
    return std::runtime_error(fmt::format("cannot {} {}: {}", what, path, std::strerror(error)));
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
    const std::filesystem::path target(path_);
    std::string pattern = (target.parent_path() / fmt::format(".{}.tmp-XXXXXX", target.filename().string())).string();
    fd_ = ::mkstemp(pattern.data());
    if (fd_ < 0)
        throw ioError("create a temporary file for", path_, errno);
    tempPath_ = pattern;
    ::fchmod(fd_, 0644);
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
        throw std::runtime_error(fmt::format("cannot write {}: the writer was already discarded", path_));
    stream_->flush();
    int error = buffer_->error();
    if (error == 0 && !*stream_)
        error = EIO;
    if (error == 0 && ::fsync(fd_) != 0)
        error = errno;
    if (error == 0) {
        const int fd = fd_;
        fd_ = -1;
        if (::close(fd) != 0)
            error = errno;
    }
    if (error == 0 && std::rename(tempPath_.c_str(), path_.c_str()) != 0)
        error = errno;
    if (error != 0) {
        discard();
        throw ioError("write", path_, error);
    }
    committed_ = true;
    // Make the rename itself durable; a folder that cannot be synced is not an error for the caller.
    const std::string folder = std::filesystem::path(path_).parent_path().string();
    const int dirFd = ::open(folder.empty() ? "." : folder.c_str(), O_RDONLY | O_DIRECTORY);
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
}

void writeFileAtomically(const std::string& path, std::string_view content)
{
    AtomicFileWriter writer(path);
    writer.write(content);
    writer.commit();
}

}  // namespace spare
