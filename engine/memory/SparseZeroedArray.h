#pragma once

#include "engine/memory/ZeroPages.h"
#include "engine/memory/ZeroedArray.h"

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace spare {

// n values of a trivially copyable T, all zero at first, for arrays written at a few scattered places:
// entries live in chunks of 16, and a chunk takes the next free slot of a packed pool when one of its
// entries is first written. k scattered writes then hold about k chunks (16 k entries) instead of k
// pages, which is what keeps a run that touches a few thousand of a million groups from spending its
// time in page faults. Reads of unwritten chunks see a shared zero chunk. References from write()
// stay valid until clear() (the pool never moves).
template <typename T>
    requires std::is_trivially_copyable_v<T>
class SparseZeroedArray {
public:
    static constexpr std::size_t kChunk = 16;

    SparseZeroedArray() = default;
    explicit SparseZeroedArray(std::size_t n)
        : chunkOf_((n + kChunk - 1) / kChunk), pool_((chunkOf_.size() + 1) * kChunk * sizeof(T)), size_(n)
    {
    }

    std::size_t size() const { return size_; }
    T operator[](std::size_t i) const { return pool()[static_cast<std::size_t>(chunkOf_[i / kChunk]) * kChunk + i % kChunk]; }
    T& write(std::size_t i)
    {
        std::uint32_t& chunk = chunkOf_[i / kChunk];
        if (chunk == 0)
            chunk = nextChunk_++;
        return pool()[static_cast<std::size_t>(chunk) * kChunk + i % kChunk];
    }
    // Every value back to zero, every chunk back to the pool.
    void clear()
    {
        chunkOf_.clear();
        pool_.clear(static_cast<std::size_t>(nextChunk_) * kChunk * sizeof(T));
        nextChunk_ = 1;
    }

private:
    T* pool() const { return static_cast<T*>(pool_.data()); }

    ZeroedArray<std::uint32_t> chunkOf_;  // 0: not written (the zero chunk)
    ZeroPages pool_;                      // chunk 0 stays zero
    std::uint32_t nextChunk_ = 1;
    std::size_t size_ = 0;
};

}  // namespace spare
