#pragma once

#include "engine/memory/ZeroPages.h"

#include <cstddef>
#include <type_traits>
#include <utility>

namespace spare {

// n values of a trivially copyable T, all zero (value-initialised) at first, on ZeroPages: untouched
// entries cost no time and no resident memory. Callers encode their initial state as zero.
template <typename T>
    requires std::is_trivially_copyable_v<T>
class ZeroedArray {
public:
    ZeroedArray() = default;
    explicit ZeroedArray(std::size_t n) : pages_(n * sizeof(T)), size_(n) {}
    ZeroedArray(const ZeroedArray&) = default;
    ZeroedArray& operator=(const ZeroedArray&) = default;
    ZeroedArray(ZeroedArray&& other) noexcept : pages_(std::move(other.pages_)), size_(std::exchange(other.size_, 0)) {}
    ZeroedArray& operator=(ZeroedArray&& other) noexcept
    {
        pages_ = std::move(other.pages_);
        size_ = std::exchange(other.size_, 0);
        return *this;
    }

    std::size_t size() const { return size_; }
    T& operator[](std::size_t i) { return data()[i]; }
    const T& operator[](std::size_t i) const { return data()[i]; }
    T* data() { return static_cast<T*>(pages_.data()); }
    const T* data() const { return static_cast<const T*>(pages_.data()); }
    // Every value back to zero.
    void clear() { pages_.clear(); }

private:
    ZeroPages pages_;
    std::size_t size_ = 0;
};

}  // namespace spare
