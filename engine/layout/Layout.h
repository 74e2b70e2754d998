#pragma once

#include "engine/base/InputError.h"
#include "engine/layout/LayoutRow.h"

#include <algorithm>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace spare {

class ClusterPlacement;

// A stacked layout: N groups, each holding a stack of r distinct shard types in base order;
// every type is held by exactly r groups. Immutable once built. Cyclic layouts (golomb, consecutive)
// keep only their offsets and (r + 1) x r tables from which every row is computed, so a million-group
// layout costs a few kilobytes; custom and golomb-domain layouts are stored flat (N x r).
class Layout {
public:
    enum class Kind { Golomb, Consecutive, GolombDomain, Custom };

    // The paper's layout: group w holds (w + o_j) mod N for the offsets of an optimal Golomb ruler
    // when N >= 2L + 1, else offsets forming a Sidon set modulo N (table, constructions, search). When
    // none is known, the cyclic layout with the fewest pairs of groups sharing two or more types;
    // note() says which, and whether an independent layout exists.
    static Layout golomb(int groups, int redundancy);
    // The golomb layout taken across failure domains: the r holders of every type lie in r distinct
    // domains of placement.topology().domainLevel whenever that is possible, with pairwise overlap <= 1
    // where such offsets are found (DomainSeparatedOffsets); note() says which, or why not. Not cyclic in
    // the group ids (offsets() is empty): the cyclic layout runs over the groups in domain order.
    static Layout golombDomain(const ClusterPlacement& placement, int redundancy);
    // Teaching layout: group w holds w, w+1, .., w+r-1 (mod N).
    static Layout consecutive(int groups, int redundancy);
    // Any layout given as explicit stacks; validated (r distinct types per group, each held r times).
    static Layout fromStacks(std::vector<std::vector<int>> stacks, std::string name);
    // {"stacks": [[...], ...]} (optionally "name", "groups", "redundancy"); throws LayoutError listing
    // every problem with its key path.
    static Layout fromJsonFile(const std::string& path);
    // "golomb", "consecutive", "golomb-domain" (needs `placement`) or a path to a JSON layout file. A
    // non-empty scenarioKey (the scenario key that named the file, e.g. "cluster.layout") prefixes every
    // message with "scenario: <key>: ".
    static Layout byName(const std::string& nameOrPath, int groups, int redundancy, const std::string& scenarioKey = "",
                         const ClusterPlacement* placement = nullptr);

    Kind kind() const { return kind_; }
    const std::string& name() const { return name_; }
    int groups() const { return groups_; }
    int redundancy() const { return redundancy_; }

    // Types of group g in base order (position 0 first).
    LayoutRow stack(int group) const
    {
        if (offsets_.empty())
            return {stacks_.data() + row(group), 0, static_cast<size_t>(redundancy_)};
        return {cyclicStackRows_.data() + static_cast<size_t>(wrappedOffsets(group)) * static_cast<size_t>(redundancy_),
                group, static_cast<size_t>(redundancy_)};
    }
    // Groups holding type t (r entries, ascending).
    LayoutRow holders(int type) const
    {
        if (offsets_.empty())
            return {holders_.data() + row(type), 0, static_cast<size_t>(redundancy_)};
        return {cyclicHolderRows_.data() + cyclicHolderRow(type), type, static_cast<size_t>(redundancy_)};
    }
    // Base position of type t in the stack of each of holders(t), in the same order.
    std::span<const int> holderPositions(int type) const
    {
        if (offsets_.empty())
            return {holderPositions_.data() + row(type), static_cast<size_t>(redundancy_)};
        return {cyclicHolderPositionRows_.data() + cyclicHolderRow(type), static_cast<size_t>(redundancy_)};
    }
    // Base position of type t in group g's stack, or -1 when g does not hold t.
    int basePosition(int group, int type) const;

    // Offsets for the cyclic layouts (empty for custom ones).
    const std::vector<int>& offsets() const { return offsets_; }
    // Largest number of types two distinct groups share.
    int maxOverlap() const { return maxOverlap_; }
    // True when any two groups share at most one type (the paper's independence condition).
    bool independent() const { return maxOverlap_ <= 1; }
    // Unordered pairs of distinct groups sharing two or more types (0 when independent).
    long long overlappingPairs() const { return overlappingPairs_; }
    // Golomb layouts: whether an independent cyclic layout exists for this N and r (true when this one is;
    // false when proved impossible; empty when none was found but absence is not proved). Others: empty.
    std::optional<bool> independentLayoutExists() const { return independentLayoutExists_; }
    // Where the offsets came from or why independence could not be reached (empty when nothing to say).
    const std::string& note() const { return note_; }

private:
    Layout() = default;
    // Group w holds (w + offsets[j]) mod N.
    static Layout cyclic(Kind kind, std::string name, int groups, std::vector<int> offsets, std::string note);
    size_t row(int index) const { return static_cast<size_t>(index) * static_cast<size_t>(redundancy_); }
    // Cyclic: how many of group g's offsets wrap past N (always the largest ones), and the table row of
    // type t's holders, chosen by how many offsets are <= t.
    int wrappedOffsets(int group) const
    {
        if (group < groups_ - sortedOffsets_.back())
            return 0;
        return redundancy_ - static_cast<int>(std::lower_bound(sortedOffsets_.begin(), sortedOffsets_.end(), groups_ - group) -
                                              sortedOffsets_.begin());
    }
    size_t cyclicHolderRow(int type) const
    {
        const auto unwrapped = type >= sortedOffsets_.back()
                                   ? sortedOffsets_.size()
                                   : static_cast<size_t>(std::upper_bound(sortedOffsets_.begin(), sortedOffsets_.end(), type) -
                                                         sortedOffsets_.begin());
        return unwrapped * static_cast<size_t>(redundancy_);
    }
    void buildCyclicRows();
    void storeRows();       // a cyclic layout becomes a stored one (stacks_, holders_, holderPositions_)
    void buildIndex();      // checks a custom layout, fills holders_, then computeOverlap()
    void indexHolderPositions();  // holderPositions_ from stacks_ and holders_
    void relabelGroups(const std::vector<int>& order);  // group order[i] takes group i's stack
    void computeOverlap();  // maxOverlap_, overlappingPairs_ (and the note for non-Sidon cyclic offsets)

    Kind kind_ = Kind::Custom;
    std::string name_;
    int groups_ = 0;
    int redundancy_ = 0;
    // Stored layouts (offsets_ empty), groups_ * redundancy_ each (types == groups).
    std::vector<int> stacks_;
    std::vector<int> holders_;
    std::vector<int> holderPositions_;
    // Cyclic layouts: (r + 1) x r rows. Stack row c: the offsets, the c largest less N. Holder row m
    // (m offsets <= t): -o for those m, descending, then N - o for the others, descending; and the
    // position of each offset used.
    std::vector<int> offsets_;
    std::vector<int> sortedOffsets_;
    std::vector<int> cyclicStackRows_;
    std::vector<int> cyclicHolderRows_;
    std::vector<int> cyclicHolderPositionRows_;
    int maxOverlap_ = 0;
    long long overlappingPairs_ = 0;
    std::optional<bool> independentLayoutExists_;
    std::string note_;
};

}  // namespace spare
