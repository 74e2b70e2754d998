#pragma once

#include <compare>
#include <cstddef>
#include <iterator>

namespace spare {

// The r ids of one row of a layout, a group's stack or a type's holders, as a read-only view: id k is
// values[k] + shift. Stored layouts point into their arrays (shift 0); cyclic layouts point into a small
// table of offset differences and shift by the group or type, so no N x r array is ever built.
class LayoutRow {
public:
    class Iterator {
    public:
        using iterator_concept = std::random_access_iterator_tag;
        using iterator_category = std::input_iterator_tag;  // yields values, not references
        using value_type = int;
        using difference_type = std::ptrdiff_t;
        using reference = int;

        Iterator() = default;
        Iterator(const int* value, int shift) : value_(value), shift_(shift) {}

        int operator*() const { return *value_ + shift_; }
        int operator[](difference_type k) const { return value_[k] + shift_; }
        Iterator& operator++() { ++value_; return *this; }
        Iterator operator++(int) { Iterator before = *this; ++value_; return before; }
        Iterator& operator--() { --value_; return *this; }
        Iterator operator--(int) { Iterator before = *this; --value_; return before; }
        Iterator& operator+=(difference_type k) { value_ += k; return *this; }
        Iterator& operator-=(difference_type k) { value_ -= k; return *this; }
        friend Iterator operator+(Iterator it, difference_type k) { return it += k; }
        friend Iterator operator+(difference_type k, Iterator it) { return it += k; }
        friend Iterator operator-(Iterator it, difference_type k) { return it -= k; }
        friend difference_type operator-(const Iterator& a, const Iterator& b) { return a.value_ - b.value_; }
        friend bool operator==(const Iterator& a, const Iterator& b) { return a.value_ == b.value_; }
        friend auto operator<=>(const Iterator& a, const Iterator& b) { return a.value_ <=> b.value_; }

    private:
        const int* value_ = nullptr;
        int shift_ = 0;
    };

    LayoutRow() = default;
    LayoutRow(const int* values, int shift, std::size_t size) : values_(values), shift_(shift), size_(size) {}

    int operator[](std::size_t k) const { return values_[k] + shift_; }
    std::size_t size() const { return size_; }
    Iterator begin() const { return {values_, shift_}; }
    Iterator end() const { return {values_ + size_, shift_}; }

private:
    const int* values_ = nullptr;
    int shift_ = 0;
    std::size_t size_ = 0;
};

}  // namespace spare
