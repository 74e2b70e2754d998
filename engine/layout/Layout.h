#pragma once

#include "io/InputError.h"

#include <span>
#include <string>
#include <vector>

namespace spare {

// Thrown for any invalid layout request or file; the message names the field, value and allowed range.
class LayoutError : public InputError {
public:
    using InputError::InputError;
};

// A stacked layout: N groups, each holding a stack of r distinct shard types in base order;
// every type is held by exactly r groups. Immutable once built; storage is flat (N x r).
class Layout {
public:
    enum class Kind { Golomb, Consecutive, Custom };

    // The paper's layout: group w holds (w + o_j) mod N for the offsets of an optimal Golomb ruler
    // when N > 2L - 1, else offsets forming a Sidon set modulo N (searched). When neither exists,
    // the table ruler is used and independent() is false; note() says why.
    static Layout golomb(int groups, int redundancy);
    // Teaching layout: group w holds w, w+1, .., w+r-1 (mod N).
    static Layout consecutive(int groups, int redundancy);
    // Any layout given as explicit stacks; validated (r distinct types per group, each held r times).
    static Layout fromStacks(std::vector<std::vector<int>> stacks, std::string name);
    // {"stacks": [[...], ...]} (optionally "name"); throws LayoutError naming the problem.
    static Layout fromJsonFile(const std::string& path);
    // "golomb", "consecutive" or a path to a JSON layout file.
    static Layout byName(const std::string& nameOrPath, int groups, int redundancy);

    Kind kind() const { return kind_; }
    const std::string& name() const { return name_; }
    int groups() const { return groups_; }
    int redundancy() const { return redundancy_; }

    // Types of group g in base order (position 0 first).
    std::span<const int> stack(int group) const;
    // Groups holding type t (r entries, ascending).
    std::span<const int> holders(int type) const
    {
        return {holders_.data() + static_cast<size_t>(type) * static_cast<size_t>(redundancy_),
                static_cast<size_t>(redundancy_)};
    }
    // Base position of type t in group g's stack, or -1 when g does not hold t.
    int basePosition(int group, int type) const;

    // Offsets for the cyclic layouts (empty for custom ones).
    const std::vector<int>& offsets() const { return offsets_; }
    // Largest number of types two distinct groups share.
    int maxOverlap() const { return maxOverlap_; }
    // True when any two groups share at most one type (the paper's independence condition).
    bool independent() const { return maxOverlap_ <= 1; }
    // Where the offsets came from or why independence could not be reached (empty when nothing to say).
    const std::string& note() const { return note_; }

private:
    Layout() = default;
    // Group w holds (w + offsets[j]) mod N.
    static Layout cyclic(Kind kind, std::string name, int groups, std::vector<int> offsets, std::string note);
    void buildIndex();  // fills holders_, checks the layout, computes maxOverlap_

    Kind kind_ = Kind::Custom;
    std::string name_;
    int groups_ = 0;
    int redundancy_ = 0;
    std::vector<int> stacks_;   // groups_ * redundancy_
    std::vector<int> holders_;  // groups_ * redundancy_ (types == groups)
    std::vector<int> offsets_;
    int maxOverlap_ = 0;
    std::string note_;
};

}  // namespace spare
