#include "engine/campaign/CampaignShardFile.h"

#include <fmt/core.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <stdexcept>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace spare {

namespace {

[[noreturn]] void fail(const std::string& path, const char* what)
{
    throw std::runtime_error(fmt::format("{}: {}: {}", path, what, std::strerror(errno)));
}

// Length of the file up to and including its last newline.
off_t completeLength(int fd, const std::string& path)
{
    struct stat info {};
    if (::fstat(fd, &info) != 0)
        fail(path, "cannot stat");
    char buffer[4096];
    off_t end = info.st_size;
    while (end > 0) {
        const off_t start = end > static_cast<off_t>(sizeof buffer) ? end - static_cast<off_t>(sizeof buffer) : 0;
        const ssize_t n = ::pread(fd, buffer, static_cast<std::size_t>(end - start), start);
        if (n != end - start)
            fail(path, "cannot read");
        for (ssize_t i = n; i-- > 0;)
            if (buffer[i] == '\n')
                return start + i + 1;
        end = start;
    }
    return 0;
}

}  // namespace

CampaignShardFile::CampaignShardFile(std::string path) : path_(std::move(path))
{
    fd_ = ::open(path_.c_str(), O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd_ < 0)
        fail(path_, "cannot open for appending");
    const off_t complete = completeLength(fd_, path_);
    struct stat info {};
    if (::fstat(fd_, &info) != 0 || (info.st_size != complete && ::ftruncate(fd_, complete) != 0)) {
        ::close(fd_);
        fail(path_, "cannot drop the unterminated last line");
    }
}

CampaignShardFile::~CampaignShardFile()
{
    ::fdatasync(fd_);
    ::close(fd_);
}

void CampaignShardFile::append(std::string_view line)
{
    const std::lock_guard lock(mutex_);
    const ssize_t written = ::write(fd_, line.data(), line.size());
    if (written != static_cast<ssize_t>(line.size()))
        fail(path_, "cannot append a result line");
    const auto now = std::chrono::steady_clock::now();
    if (now - lastSync_ >= kSyncInterval) {
        if (::fdatasync(fd_) != 0)
            fail(path_, "cannot flush");
        lastSync_ = now;
    }
}

}  // namespace spare
