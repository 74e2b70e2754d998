#include "engine/layout/Layout.h"

#include "engine/base/InputFile.h"
#include "engine/base/ProblemList.h"
#include "engine/layout/CyclicOverlap.h"
#include "engine/layout/DomainSeparatedOffsets.h"
#include "engine/layout/GolombOffsets.h"
#include "engine/topology/ClusterPlacement.h"

#include <fmt/core.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <stdexcept>

namespace spare {

namespace {

constexpr int maxGroups = 10'000'000;

void checkShape(int groups, int redundancy)
{
    if (groups < 2 || groups > maxGroups)
        throw LayoutError(fmt::format("groups = {} is out of range: allowed 2 .. {}", groups, maxGroups));
    if (redundancy < 1 || redundancy > groups)
        throw LayoutError(fmt::format("redundancy = {} is out of range: allowed 1 .. groups ({})", redundancy, groups));
}

std::string joined(const std::vector<int>& v)
{
    return fmt::format("{}", fmt::join(v, " "));
}

// Every problem found in a layout, reported together as issues keyed by their place ("stacks[3][1]");
// a file of millions of bad entries keeps the first ones and a count.
class LayoutProblems {
public:
    void add(std::string key, std::string problem, std::string value = {})
    {
        if (issues_.size() + 1 < kMaxListedProblems)
            issues_.push_back({{}, std::move(key), std::move(problem), std::move(value)});
        ++count_;
    }
    void throwIfAny(const std::string& origin)
    {
        if (count_ == 0)
            return;
        if (count_ > issues_.size())
            issues_.push_back({{}, {}, fmt::format("... and {} more problems", count_ - issues_.size())});
        throw LayoutError(withOrigin(std::move(issues_), origin));
    }

private:
    std::vector<InputIssue> issues_;
    size_t count_ = 0;
};

// The integer at `key`, or a problem naming the key, the value as written and the allowed range.
std::optional<long long> integerAt(const nlohmann::json& value, const std::string& key, long long low, long long high,
                                   const std::string& allowed, LayoutProblems& problems)
{
    if (!value.is_number_integer()) {
        problems.add(key, fmt::format("{} is not an integer; allowed: {}", excerpt(value.dump()), allowed),
                     excerpt(value.dump()));
        return std::nullopt;
    }
    const bool fits = value.is_number_unsigned() ? value.get<unsigned long long>() <= static_cast<unsigned long long>(high)
                                                 : value.get<long long>() >= low && value.get<long long>() <= high;
    if (!fits) {
        problems.add(key, fmt::format("{} is out of range; allowed: {}", value.dump(), allowed), value.dump());
        return std::nullopt;
    }
    return value.get<long long>();
}

}  // namespace

Layout Layout::cyclic(Kind kind, std::string name, int groups, std::vector<int> offsets, std::string note)
{
    Layout l;
    l.kind_ = kind;
    l.name_ = std::move(name);
    l.groups_ = groups;
    l.redundancy_ = static_cast<int>(offsets.size());
    l.offsets_ = std::move(offsets);
    l.note_ = std::move(note);
    l.sortedOffsets_ = l.offsets_;
    auto& sorted = l.sortedOffsets_;
    std::sort(sorted.begin(), sorted.end());
    if (sorted.front() < 0 || sorted.back() >= groups || std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end())
        throw std::logic_error(fmt::format("cyclic layout: offsets {} are not distinct in 0 .. {}", joined(l.offsets_), groups - 1));
    l.buildCyclicRows();
    l.computeOverlap();
    return l;
}

// Group w holds w + o_p (mod N): the offsets o >= N - w wrap, and they are the largest. Type t is held by
// t - o for the offsets o <= t (ascending groups: descending o), then by the wrapped t - o + N.
void Layout::buildCyclicRows()
{
    const auto r = static_cast<size_t>(redundancy_);
    const auto& sorted = sortedOffsets_;
    const auto positionOf = [&](int offset) {
        return static_cast<int>(std::find(offsets_.begin(), offsets_.end(), offset) - offsets_.begin());
    };
    cyclicStackRows_.resize((r + 1) * r);
    cyclicHolderRows_.resize((r + 1) * r);
    cyclicHolderPositionRows_.resize((r + 1) * r);
    for (size_t m = 0; m <= r; ++m) {
        for (size_t p = 0; p < r; ++p) {
            const int o = offsets_[p];
            cyclicStackRows_[m * r + p] = m > 0 && o >= sorted[r - m] ? o - groups_ : o;
        }
        for (size_t k = 0; k < r; ++k) {
            const int o = k < m ? sorted[m - 1 - k] : sorted[r - 1 - (k - m)];
            cyclicHolderRows_[m * r + k] = k < m ? -o : groups_ - o;
            cyclicHolderPositionRows_[m * r + k] = positionOf(o);
        }
    }
}

void Layout::storeRows()
{
    std::vector<int> stackRows;
    std::vector<int> holderRows;
    std::vector<int> positionRows;
    stackRows.reserve(row(groups_));
    holderRows.reserve(row(groups_));
    positionRows.reserve(row(groups_));
    for (int i = 0; i < groups_; ++i) {
        const LayoutRow s = stack(i);
        stackRows.insert(stackRows.end(), s.begin(), s.end());
        const LayoutRow h = holders(i);
        holderRows.insert(holderRows.end(), h.begin(), h.end());
        const auto p = holderPositions(i);
        positionRows.insert(positionRows.end(), p.begin(), p.end());
    }
    stacks_ = std::move(stackRows);
    holders_ = std::move(holderRows);
    holderPositions_ = std::move(positionRows);
    offsets_.clear();
    sortedOffsets_.clear();
    cyclicStackRows_.clear();
    cyclicHolderRows_.clear();
    cyclicHolderPositionRows_.clear();
}

Layout Layout::golomb(int groups, int redundancy)
{
    checkShape(groups, redundancy);
    auto chosen = golombOffsets(groups, redundancy);
    Layout l = cyclic(Kind::Golomb, "golomb", groups, std::move(chosen.offsets), std::move(chosen.note));
    l.independentLayoutExists_ = chosen.independentLayoutExists;
    return l;
}

Layout Layout::golombDomain(const ClusterPlacement& placement, int redundancy)
{
    checkShape(placement.groups(), redundancy);
    auto chosen = domainSeparatedOffsets(placement, placement.topology().domainLevel, redundancy);
    Layout l = cyclic(Kind::GolombDomain, "golomb-domain", placement.groups(), std::move(chosen.offsets),
                      std::move(chosen.note));
    l.storeRows();
    l.relabelGroups(chosen.order);
    return l;
}

Layout Layout::consecutive(int groups, int redundancy)
{
    checkShape(groups, redundancy);
    std::vector<int> offsets(static_cast<size_t>(redundancy));
    std::iota(offsets.begin(), offsets.end(), 0);
    return cyclic(Kind::Consecutive, "consecutive", groups, std::move(offsets), "");
}

Layout Layout::fromStacks(std::vector<std::vector<int>> stacks, std::string name)
{
    const int groups = static_cast<int>(stacks.size());
    if (groups < 2)
        throw LayoutError(fmt::format("stacks: {} groups given, allowed at least 2", groups));
    const int redundancy = static_cast<int>(stacks.front().size());
    checkShape(groups, redundancy);
    LayoutProblems problems;
    for (int w = 0; w < groups; ++w) {
        const auto& s = stacks[static_cast<size_t>(w)];
        if (static_cast<int>(s.size()) != redundancy)
            problems.add(fmt::format("stacks[{}]", w),
                         fmt::format("{} types; every stack must have r = {} (the size of stacks[0])", s.size(),
                                     redundancy),
                         fmt::format("{} types", s.size()));
        for (size_t j = 0; j < s.size(); ++j)
            if (s[j] < 0 || s[j] >= groups)
                problems.add(fmt::format("stacks[{}][{}]", w, j),
                             fmt::format("{} is out of range: types are 0 .. {}", s[j], groups - 1),
                             fmt::format("{}", s[j]));
    }
    problems.throwIfAny("");
    Layout l;
    l.kind_ = Kind::Custom;
    l.name_ = std::move(name);
    l.groups_ = groups;
    l.redundancy_ = redundancy;
    l.stacks_.reserve(static_cast<size_t>(groups) * static_cast<size_t>(redundancy));
    for (const auto& s : stacks)
        l.stacks_.insert(l.stacks_.end(), s.begin(), s.end());
    l.buildIndex();
    return l;
}

Layout Layout::fromJsonFile(const std::string& path)
{
    const std::string origin = fmt::format("layout file '{}'", path);
    const std::string text = readInputFile(path, InputFileKind::Layout);
    nlohmann::json doc;
    try {
        doc = nlohmann::json::parse(text);
    } catch (const nlohmann::json::exception& e) {
        throw LayoutError({{origin, {}, fmt::format("is not valid JSON: {}", e.what())}});
    }
    if (!doc.is_object() || !doc.contains("stacks") || !doc["stacks"].is_array())
        throw LayoutError({{origin, "(root)", "expected an object with \"stacks\": [[types...] per group]"}});

    LayoutProblems problems;
    for (const auto& [key, value] : doc.items())
        if (key != "stacks" && key != "name" && key != "groups" && key != "redundancy")
            problems.add(key, "unknown key (allowed: stacks, name, groups, redundancy)");
    const auto& arr = doc["stacks"];
    const long long groups = static_cast<long long>(arr.size());
    const std::string typeRange = fmt::format("0 .. {} (one type per group)", groups - 1);
    if (groups < 2 || groups > maxGroups)
        problems.add("stacks", fmt::format("{} groups given; allowed 2 .. {}", groups, maxGroups),
                     fmt::format("{} groups", groups));
    std::vector<std::vector<int>> stacks;
    for (size_t w = 0; w < arr.size(); ++w) {
        const std::string key = fmt::format("stacks[{}]", w);
        if (!arr[w].is_array()) {
            problems.add(key, fmt::format("{} is not an array of type ids", excerpt(arr[w].dump())),
                         excerpt(arr[w].dump()));
            continue;
        }
        if (w > 0 && arr[w].size() != arr[0].size())
            problems.add(key,
                         fmt::format("{} types; every stack must have r = {} (the size of stacks[0])", arr[w].size(),
                                     arr[0].size()),
                         fmt::format("{} types", arr[w].size()));
        std::vector<int> s;
        for (size_t j = 0; j < arr[w].size(); ++j)
            if (const auto type = integerAt(arr[w][j], fmt::format("{}[{}]", key, j), 0, groups - 1, typeRange, problems))
                s.push_back(static_cast<int>(*type));
        stacks.push_back(std::move(s));
    }
    const long long redundancy = arr.empty() || !arr[0].is_array() ? 0 : static_cast<long long>(arr[0].size());
    if (doc.contains("groups"))
        if (const auto given = integerAt(doc["groups"], "groups", 2, maxGroups, fmt::format("2 .. {}", maxGroups), problems);
            given && *given != groups)
            problems.add("groups", fmt::format("{} does not match the {} stacks given", *given, groups),
                         fmt::format("{}", *given));
    if (doc.contains("redundancy"))
        if (const auto given = integerAt(doc["redundancy"], "redundancy", 1, 64, "1 .. 64", problems);
            given && *given != redundancy)
            problems.add("redundancy", fmt::format("{} does not match the stack size {}", *given, redundancy),
                         fmt::format("{}", *given));
    std::string name = path;
    if (doc.contains("name")) {
        if (doc["name"].is_string())
            name = doc["name"].get<std::string>();
        else
            problems.add("name", fmt::format("{} is not a string", excerpt(doc["name"].dump())),
                         excerpt(doc["name"].dump()));
    }
    problems.throwIfAny(origin);
    try {
        return fromStacks(std::move(stacks), name);
    } catch (const LayoutError& e) {
        throw LayoutError(withOrigin(e.issues(), origin));
    }
}

Layout Layout::byName(const std::string& nameOrPath, int groups, int redundancy, const std::string& scenarioKey,
                      const ClusterPlacement* placement)
{
    try {
        if (nameOrPath == "golomb-domain") {
            if (placement == nullptr)
                throw LayoutError("layout = 'golomb-domain' needs a topology (a scenario topology section, or "
                                  "--topology / --scenario)");
            if (placement->groups() != groups)
                throw std::logic_error("golomb-domain: the placement is for another number of groups");
            return golombDomain(*placement, redundancy);
        }
        if (nameOrPath == "golomb")
            return golomb(groups, redundancy);
        if (nameOrPath == "consecutive")
            return consecutive(groups, redundancy);
        if (!std::filesystem::exists(nameOrPath))
            throw LayoutError(fmt::format("layout = '{}' is neither golomb, consecutive, golomb-domain nor an existing "
                                          "JSON layout file",
                                          nameOrPath));
        Layout l = fromJsonFile(nameOrPath);
        if (l.groups() != groups || l.redundancy() != redundancy)
            throw LayoutError(fmt::format(
                "layout file '{}' has {} groups x r = {}, but groups = {} and redundancy = {} were asked for", nameOrPath,
                l.groups(), l.redundancy(), groups, redundancy));
        return l;
    } catch (const LayoutError& e) {
        if (scenarioKey.empty())
            throw;
        throw LayoutError(issuesUnder("scenario", scenarioKey, e.issues()));
    }
}

int Layout::basePosition(int group, int type) const
{
    const LayoutRow s = stack(group);
    const auto it = std::find(s.begin(), s.end(), type);
    return it == s.end() ? -1 : static_cast<int>(it - s.begin());
}

void Layout::relabelGroups(const std::vector<int>& order)
{
    const auto r = static_cast<size_t>(redundancy_);
    std::vector<int> stacks(stacks_.size());
    for (size_t i = 0; i < order.size(); ++i)
        std::copy_n(stacks_.begin() + static_cast<std::ptrdiff_t>(i * r), r,
                    stacks.begin() + static_cast<std::ptrdiff_t>(static_cast<size_t>(order[i]) * r));
    stacks_ = std::move(stacks);
    for (auto holder = holders_.begin(); holder != holders_.end(); holder += static_cast<std::ptrdiff_t>(r)) {
        std::transform(holder, holder + static_cast<std::ptrdiff_t>(r), holder,
                       [&](int position) { return order[static_cast<size_t>(position)]; });
        std::sort(holder, holder + static_cast<std::ptrdiff_t>(r));
    }
    // Overlaps are kept (relabelling preserves them).
    indexHolderPositions();
}

void Layout::buildIndex()
{
    const auto n = static_cast<size_t>(groups_);
    const auto r = static_cast<size_t>(redundancy_);
    LayoutProblems problems;
    std::vector<int> count(n, 0);
    std::vector<int> sorted;
    for (size_t w = 0; w < n; ++w) {
        const LayoutRow s = stack(static_cast<int>(w));
        sorted.assign(s.begin(), s.end());
        std::sort(sorted.begin(), sorted.end());
        if (const auto twice = std::adjacent_find(sorted.begin(), sorted.end()); twice != sorted.end())
            problems.add(fmt::format("stacks[{}]", w),
                         fmt::format("holds type {} twice; a stack must hold r = {} distinct types", *twice,
                                     redundancy_),
                         fmt::format("{}", *twice));
        for (int t : s)
            ++count[static_cast<size_t>(t)];
    }
    for (size_t t = 0; t < n; ++t)
        if (count[t] != redundancy_)
            problems.add("stacks",
                         fmt::format("type {} is held by {} groups; every type must be held by exactly r = {}", t,
                                     count[t], redundancy_),
                         fmt::format("{}", t));
    problems.throwIfAny("");
    holders_.assign(n * r, 0);
    std::vector<size_t> fill(n, 0);
    for (size_t w = 0; w < n; ++w)
        for (int t : stack(static_cast<int>(w))) {
            const auto ti = static_cast<size_t>(t);
            holders_[ti * r + fill[ti]++] = static_cast<int>(w);
        }
    indexHolderPositions();
    computeOverlap();
}

void Layout::indexHolderPositions()
{
    holderPositions_.assign(stacks_.size(), 0);
    for (int w = 0; w < groups_; ++w) {
        const LayoutRow s = stack(w);
        for (int p = 0; p < redundancy_; ++p) {
            const LayoutRow h = holders(s[static_cast<size_t>(p)]);
            const auto k = static_cast<size_t>(std::ranges::lower_bound(h, w) - h.begin());
            holderPositions_[row(s[static_cast<size_t>(p)]) + k] = p;
        }
    }
}

void Layout::computeOverlap()
{
    if (kind_ != Kind::Custom) {
        // Cyclic: groups w and w + d share m(d) types for every w, so the offsets' differences suffice.
        const auto overlap = cyclicOverlap(offsets_, groups_);
        maxOverlap_ = overlap.maxOverlap;
        overlappingPairs_ = overlap.overlappingPairs;
        if (maxOverlap_ > 1 && note_.empty())
            note_ = fmt::format("offsets {} are not a Sidon set modulo {}: {} pairs of groups share two or more types, up to {}",
                                joined(offsets_), groups_, overlappingPairs_, maxOverlap_);
        return;
    }
    const auto n = static_cast<size_t>(groups_);
    // Overlaps between groups: count co-holders through each type's holder list.
    std::vector<int> shared(n, 0);
    std::vector<int> touched;
    maxOverlap_ = 0;
    overlappingPairs_ = 0;
    for (size_t a = 0; a < n; ++a) {
        touched.clear();
        for (int t : stack(static_cast<int>(a)))
            for (int b : holders(t))
                if (static_cast<size_t>(b) != a) {
                    if (shared[static_cast<size_t>(b)]++ == 0)
                        touched.push_back(b);
                }
        for (int b : touched) {
            const int overlap = shared[static_cast<size_t>(b)];
            maxOverlap_ = std::max(maxOverlap_, overlap);
            overlappingPairs_ += overlap >= 2 && static_cast<size_t>(b) > a;
            shared[static_cast<size_t>(b)] = 0;
        }
    }
}

}  // namespace spare
