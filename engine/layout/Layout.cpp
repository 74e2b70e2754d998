#include "layout/Layout.h"

#include "io/InputFile.h"

#include "layout/GolombRulers.h"
#include "layout/SidonOffsets.h"

#include <fmt/core.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <numeric>

namespace spare {

namespace {

void checkShape(int groups, int redundancy)
{
    if (groups < 2)
        throw LayoutError(fmt::format("groups = {} is out of range: allowed 2 .. 10000000", groups));
    if (groups > 10'000'000)
        throw LayoutError(fmt::format("groups = {} is out of range: allowed 2 .. 10000000", groups));
    if (redundancy < 1 || redundancy > groups)
        throw LayoutError(fmt::format("redundancy = {} is out of range: allowed 1 .. groups ({})", redundancy, groups));
}

std::string joined(const std::vector<int>& v)
{
    return fmt::format("{}", fmt::join(v, " "));
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
    l.stacks_.reserve(static_cast<size_t>(groups) * l.offsets_.size());
    for (int w = 0; w < groups; ++w)
        for (int o : l.offsets_)
            l.stacks_.push_back(static_cast<int>((static_cast<long long>(w) + o) % groups));
    l.buildIndex();
    return l;
}

Layout Layout::golomb(int groups, int redundancy)
{
    checkShape(groups, redundancy);
    const auto ruler = optimalGolombRuler(redundancy);
    const int length = ruler.empty() ? 0 : ruler.back();
    if (!ruler.empty() && groups > 2 * length - 1)
        return cyclic(Kind::Golomb, "golomb", groups, {ruler.begin(), ruler.end()},
                      fmt::format("optimal Golomb ruler of length {}", length));
    if (auto sidon = findSidonOffsets(groups, redundancy))
        return cyclic(Kind::Golomb, "golomb", groups, std::move(*sidon),
                      ruler.empty() ? fmt::format("no optimal ruler tabulated for r = {}; Sidon offsets modulo {} found by search",
                                                  redundancy, groups)
                                    : fmt::format("N = {} <= 2L - 1 = {}; Sidon offsets modulo {} found by search", groups,
                                                  2 * length - 1, groups));
    // No independent layout found: fall back to distinct offsets and say so.
    std::vector<int> offsets(ruler.begin(), ruler.end());
    if (ruler.empty() || length >= groups) {
        offsets.resize(static_cast<size_t>(redundancy));
        std::iota(offsets.begin(), offsets.end(), 0);
    }
    return cyclic(Kind::Golomb, "golomb", groups, std::move(offsets),
                  fmt::format("no Sidon set of {} offsets modulo {} was found: the layout is not independent "
                              "(two groups may share more than one type)",
                              redundancy, groups));
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
    Layout l;
    l.kind_ = Kind::Custom;
    l.name_ = std::move(name);
    l.groups_ = groups;
    l.redundancy_ = redundancy;
    l.stacks_.reserve(static_cast<size_t>(groups) * static_cast<size_t>(redundancy));
    for (int w = 0; w < groups; ++w) {
        const auto& s = stacks[static_cast<size_t>(w)];
        if (static_cast<int>(s.size()) != redundancy)
            throw LayoutError(fmt::format("stacks[{}] has {} types; every stack must have r = {} (the size of stacks[0])",
                                          w, s.size(), redundancy));
        for (size_t j = 0; j < s.size(); ++j) {
            if (s[j] < 0 || s[j] >= groups)
                throw LayoutError(fmt::format("stacks[{}][{}] = {} is out of range: types are 0 .. {}", w, j, s[j], groups - 1));
        }
        l.stacks_.insert(l.stacks_.end(), s.begin(), s.end());
    }
    l.buildIndex();
    return l;
}

Layout Layout::fromJsonFile(const std::string& path)
{
    const std::string text = readInputFile(path, InputFileKind::Layout);
    nlohmann::json doc;
    try {
        doc = nlohmann::json::parse(text);
    } catch (const nlohmann::json::exception& e) {
        throw LayoutError(fmt::format("layout file '{}' is not valid JSON: {}", path, e.what()));
    }
    if (!doc.is_object() || !doc.contains("stacks") || !doc["stacks"].is_array())
        throw LayoutError(fmt::format("layout file '{}': expected an object with \"stacks\": [[types...] per group]", path));
    for (const auto& [key, value] : doc.items()) {
        if (key != "stacks" && key != "name" && key != "groups" && key != "redundancy")
            throw LayoutError(fmt::format("layout file '{}': unknown key \"{}\" (allowed: stacks, name, groups, redundancy)", path, key));
    }
    std::vector<std::vector<int>> stacks;
    const auto& arr = doc["stacks"];
    for (size_t w = 0; w < arr.size(); ++w) {
        if (!arr[w].is_array())
            throw LayoutError(fmt::format("layout file '{}': stacks[{}] must be an array of type ids", path, w));
        std::vector<int> s;
        for (size_t j = 0; j < arr[w].size(); ++j) {
            const auto& v = arr[w][j];
            if (!v.is_number_integer())
                throw LayoutError(fmt::format("layout file '{}': stacks[{}][{}] must be an integer type id", path, w, j));
            const auto x = v.get<long long>();
            if (x < 0 || x > 10'000'000)
                throw LayoutError(fmt::format("layout file '{}': stacks[{}][{}] = {} is out of range: types are 0 .. {}",
                                              path, w, j, x, arr.size() - 1));
            s.push_back(static_cast<int>(x));
        }
        stacks.push_back(std::move(s));
    }
    std::string name = path;
    if (doc.contains("name")) {
        if (!doc["name"].is_string())
            throw LayoutError(fmt::format("layout file '{}': \"name\" must be a string", path));
        name = doc["name"].get<std::string>();
    }
    try {
        Layout l = fromStacks(std::move(stacks), name);
        if (doc.contains("groups") && (!doc["groups"].is_number_integer() || doc["groups"].get<long long>() != l.groups()))
            throw LayoutError(fmt::format("\"groups\" does not match the {} stacks given", l.groups()));
        if (doc.contains("redundancy") &&
            (!doc["redundancy"].is_number_integer() || doc["redundancy"].get<long long>() != l.redundancy()))
            throw LayoutError(fmt::format("\"redundancy\" does not match the stack size {}", l.redundancy()));
        return l;
    } catch (const LayoutError& e) {
        throw LayoutError(fmt::format("layout file '{}': {}", path, e.what()));
    }
}

Layout Layout::byName(const std::string& nameOrPath, int groups, int redundancy)
{
    if (nameOrPath == "golomb")
        return golomb(groups, redundancy);
    if (nameOrPath == "consecutive")
        return consecutive(groups, redundancy);
    std::ifstream probe(nameOrPath);
    if (!probe)
        throw LayoutError(fmt::format("layout = '{}' is neither golomb, consecutive nor a readable JSON layout file",
                                      nameOrPath));
    Layout l = fromJsonFile(nameOrPath);
    if (l.groups() != groups || l.redundancy() != redundancy)
        throw LayoutError(fmt::format("layout file '{}' has {} groups x r = {}, but groups = {} and redundancy = {} were asked for",
                                      nameOrPath, l.groups(), l.redundancy(), groups, redundancy));
    return l;
}

std::span<const int> Layout::stack(int group) const
{
    return {stacks_.data() + static_cast<size_t>(group) * static_cast<size_t>(redundancy_), static_cast<size_t>(redundancy_)};
}

std::span<const int> Layout::holders(int type) const
{
    return {holders_.data() + static_cast<size_t>(type) * static_cast<size_t>(redundancy_), static_cast<size_t>(redundancy_)};
}

int Layout::basePosition(int group, int type) const
{
    const auto s = stack(group);
    const auto it = std::find(s.begin(), s.end(), type);
    return it == s.end() ? -1 : static_cast<int>(it - s.begin());
}

void Layout::buildIndex()
{
    const auto n = static_cast<size_t>(groups_);
    const auto r = static_cast<size_t>(redundancy_);
    std::vector<int> count(n, 0);
    for (size_t w = 0; w < n; ++w) {
        const auto s = stack(static_cast<int>(w));
        std::vector<int> sorted(s.begin(), s.end());
        std::sort(sorted.begin(), sorted.end());
        if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end())
            throw LayoutError(fmt::format("stack of group {} holds type {} twice; a stack must hold r = {} distinct types",
                                          w, *std::adjacent_find(sorted.begin(), sorted.end()), redundancy_));
        for (int t : s)
            ++count[static_cast<size_t>(t)];
    }
    for (size_t t = 0; t < n; ++t)
        if (count[t] != redundancy_)
            throw LayoutError(fmt::format("type {} is held by {} groups; every type must be held by exactly r = {}",
                                          t, count[t], redundancy_));
    holders_.assign(n * r, 0);
    std::vector<size_t> fill(n, 0);
    for (size_t w = 0; w < n; ++w)
        for (int t : stack(static_cast<int>(w))) {
            const auto ti = static_cast<size_t>(t);
            holders_[ti * r + fill[ti]++] = static_cast<int>(w);
        }

    // Largest overlap between two groups: count co-holders through each type's holder list.
    std::vector<int> shared(n, 0);
    std::vector<int> touched;
    maxOverlap_ = 0;
    for (size_t a = 0; a < n; ++a) {
        touched.clear();
        for (int t : stack(static_cast<int>(a)))
            for (int b : holders(t))
                if (static_cast<size_t>(b) != a) {
                    if (shared[static_cast<size_t>(b)]++ == 0)
                        touched.push_back(b);
                }
        for (int b : touched) {
            maxOverlap_ = std::max(maxOverlap_, shared[static_cast<size_t>(b)]);
            shared[static_cast<size_t>(b)] = 0;
        }
    }
    if (kind_ != Kind::Custom && maxOverlap_ > 1 && note_.empty())
        note_ = fmt::format("offsets {} are not a Sidon set modulo {}: groups share up to {} types",
                            joined(offsets_), groups_, maxOverlap_);
}

}  // namespace spare
