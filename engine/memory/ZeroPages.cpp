#include "engine/memory/ZeroPages.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <new>
#include <utility>

#include <sys/mman.h>
#include <unistd.h>

namespace spare {

namespace {
// Below this a mapping's page granularity and system calls cost more than they save.
constexpr std::size_t kMapFromBytes = 256 * 1024;
}

ZeroPages::ZeroPages(std::size_t bytes) : bytes_(bytes)
{
    if (bytes == 0)
        return;
    if (bytes >= kMapFromBytes) {
        void* block = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (block == MAP_FAILED)
            throw std::bad_alloc();
        data_ = block;
        mapped_ = true;
        return;
    }
    data_ = std::calloc(bytes, 1);
    if (data_ == nullptr)
        throw std::bad_alloc();
}

ZeroPages::~ZeroPages() { release(); }

ZeroPages::ZeroPages(const ZeroPages& other) : ZeroPages(other.bytes_)
{
    if (bytes_ > 0)
        std::memcpy(data_, other.data_, bytes_);
}

ZeroPages& ZeroPages::operator=(const ZeroPages& other)
{
    if (this != &other)
        *this = ZeroPages(other);
    return *this;
}

ZeroPages::ZeroPages(ZeroPages&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)),
      bytes_(std::exchange(other.bytes_, 0)),
      mapped_(std::exchange(other.mapped_, false))
{
}

ZeroPages& ZeroPages::operator=(ZeroPages&& other) noexcept
{
    if (this != &other) {
        release();
        data_ = std::exchange(other.data_, nullptr);
        bytes_ = std::exchange(other.bytes_, 0);
        mapped_ = std::exchange(other.mapped_, false);
    }
    return *this;
}

void ZeroPages::clear(std::size_t bytes)
{
    bytes = std::min(bytes, bytes_);
    if (bytes == 0)
        return;
    // A private anonymous mapping reads as zero again after MADV_DONTNEED (whole pages: the tail of
    // the last one is zeroed by hand).
    const auto pageBytes = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
    const std::size_t whole = mapped_ ? bytes / pageBytes * pageBytes : 0;
    if (whole > 0 && madvise(data_, whole, MADV_DONTNEED) == 0)
        std::memset(static_cast<char*>(data_) + whole, 0, bytes - whole);
    else
        std::memset(data_, 0, bytes);
}

void ZeroPages::release() noexcept
{
    if (data_ == nullptr)
        return;
    if (mapped_)
        munmap(data_, bytes_);
    else
        std::free(data_);
    data_ = nullptr;
}

}  // namespace spare
