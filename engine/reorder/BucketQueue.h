#pragma once

#include <cstddef>
#include <vector>

namespace spare {

// Dial's monotone priority queue for small non-negative integer keys (the reduced costs of the
// reorder search are 0/1-sized). Lazy: stale entries are the caller's to skip. clear() only
// touches the buckets that were used, so a search costs O(work done), not O(key range).
class BucketQueue {
public:
    bool empty() const { return size_ == 0; }

    void push(int item, int key)
    {
        const auto k = static_cast<size_t>(key);
        if (k >= buckets_.size())
            buckets_.resize(k + 1);
        buckets_[k].push_back(item);
        if (k < current_)
            current_ = k;
        if (k + 1 > used_)
            used_ = k + 1;
        ++size_;
    }

    // Removes one item with the smallest key; the queue must not be empty.
    int pop(int& key)
    {
        while (buckets_[current_].empty())
            ++current_;
        key = static_cast<int>(current_);
        const int item = buckets_[current_].back();
        buckets_[current_].pop_back();
        --size_;
        return item;
    }

    void clear()
    {
        for (size_t k = 0; k < used_; ++k)
            buckets_[k].clear();
        used_ = 0;
        current_ = 0;
        size_ = 0;
    }

private:
    std::vector<std::vector<int>> buckets_;
    size_t used_ = 0;     // buckets [0, used_) may hold items
    size_t current_ = 0;  // no item below this key
    size_t size_ = 0;
};

}  // namespace spare
