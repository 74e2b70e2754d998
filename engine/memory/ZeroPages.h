#pragma once

#include <cstddef>

namespace spare {

// A block of bytes that reads as zero until written. Large blocks are anonymous mappings: the system
// supplies a page when it is first written, so a run that touches a few entries of a million-entry
// array pays for those pages only, in time and in resident memory (the address space is reserved
// whole, which is what RLIMIT_AS and MemoryEstimate count). Small blocks come from calloc.
class ZeroPages {
public:
    ZeroPages() = default;
    explicit ZeroPages(std::size_t bytes);  // std::bad_alloc when the system refuses
    ~ZeroPages();
    ZeroPages(const ZeroPages& other);  // copies every byte: O(size)
    ZeroPages& operator=(const ZeroPages& other);
    ZeroPages(ZeroPages&& other) noexcept;
    ZeroPages& operator=(ZeroPages&& other) noexcept;

    void* data() const { return data_; }
    std::size_t bytes() const { return bytes_; }
    // The first `bytes` bytes (all when larger) back to zero; a mapping hands those pages back to the
    // system.
    void clear(std::size_t bytes = static_cast<std::size_t>(-1));

private:
    void release() noexcept;

    void* data_ = nullptr;
    std::size_t bytes_ = 0;
    bool mapped_ = false;
};

}  // namespace spare
