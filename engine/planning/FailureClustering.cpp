#include "engine/planning/FailureClustering.h"

#include "engine/analysis/Philox.h"
#include "engine/base/InputError.h"
#include "engine/sim/RandomStream.h"

#include <fmt/core.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <unordered_map>

namespace spare {

namespace {

constexpr std::size_t kMaxFailures = std::numeric_limits<std::uint32_t>::max();
constexpr int kMaxPermutations = 100000;

// Every failure's domain id at every level (level-major: level l, row r at l * n + r). Ids count from 0
// in order of first appearance in the log, per level.
struct DomainIds {
    std::size_t levels = 0;
    std::vector<std::uint32_t> ids;
    std::vector<std::uint32_t> counts;                 // per level: number of domains
    std::vector<std::vector<std::uint32_t>> firstRow;  // per level and domain: its first row
};

DomainIds assignDomainIds(const FailureLog& log)
{
    DomainIds result;
    result.levels = log.levelNames.size();
    const std::size_t n = log.locations.size();
    result.ids.resize(n * result.levels);
    for (std::size_t l = 0; l < result.levels; ++l) {
        // A domain at level l is (its parent's id at level l - 1, its value at level l).
        std::unordered_map<std::string, std::uint32_t> known;
        known.reserve(n);
        std::vector<std::uint32_t> firstRow;
        std::string key;
        for (std::size_t r = 0; r < n; ++r) {
            const std::uint32_t parent = l == 0 ? 0 : result.ids[(l - 1) * n + r];
            key.assign(reinterpret_cast<const char*>(&parent), sizeof parent);
            key += log.locations[r][l];
            const auto [it, inserted] = known.try_emplace(key, static_cast<std::uint32_t>(firstRow.size()));
            if (inserted)
                firstRow.push_back(static_cast<std::uint32_t>(r));
            result.ids[l * n + r] = it->second;
        }
        result.counts.push_back(static_cast<std::uint32_t>(firstRow.size()));
        result.firstRow.push_back(std::move(firstRow));
    }
    return result;
}

// What one pass in time order keeps per domain: its latest failure time, and whether that failure
// had an earlier one of the domain within the window.
struct DomainState {
    double lastS = -std::numeric_limits<double>::infinity();
    bool nearPrevious = false;
};

struct Scratch {
    std::vector<std::uint32_t> order;   // the location row given to each failure time
    std::vector<DomainState> states;    // per domain of the level at hand
};

// Per level, the share of failures with another failure of the same domain within the window when
// failure time i gets location row order[i]. A failure is clustered iff the previous or the next
// failure of its domain is within the window; it is counted when the next one arrives (or at the end).
void clusteredShares(const std::vector<double>& timesS, const DomainIds& domains, double windowS,
                     Scratch& scratch, double* shares)
{
    const std::size_t n = timesS.size();
    const std::size_t levels = domains.levels;
    for (std::size_t l = 0; l < levels; ++l) {
        scratch.states.assign(domains.counts[l], DomainState{});
        DomainState* states = scratch.states.data();
        const std::uint32_t* domainOf = domains.ids.data() + l * n;  // n may be 0: no element to index
        std::size_t clustered = 0;
        for (std::size_t i = 0; i < n; ++i) {
            DomainState& state = states[domainOf[scratch.order[i]]];
            const bool near = timesS[i] - state.lastS <= windowS;
            clustered += static_cast<std::size_t>(state.nearPrevious | near);
            state.lastS = timesS[i];
            state.nearPrevious = near;
        }
        for (std::size_t d = 0; d < domains.counts[l]; ++d)
            clustered += states[d].nearPrevious;
        shares[l] = n == 0 ? 0.0 : static_cast<double>(clustered) / static_cast<double>(n);
    }
}

// Linear interpolation between order statistics (R's type 7) of sorted values.
double quantile(const std::vector<double>& sorted, double p)
{
    const double h = (static_cast<double>(sorted.size()) - 1.0) * p;
    const std::size_t below = static_cast<std::size_t>(std::floor(h));
    const std::size_t above = std::min(below + 1, sorted.size() - 1);
    return sorted[below] + (h - static_cast<double>(below)) * (sorted[above] - sorted[below]);
}

std::string domainText(const FailureLog& log, std::size_t row, std::size_t level)
{
    std::string text;
    for (std::size_t l = 0; l <= level; ++l)
        text += fmt::format("{}{}={}", l == 0 ? "" : " ", log.levelNames[l], log.locations[row][l]);
    return text;
}

std::string durationText(double seconds)
{
    if (seconds >= 3600.0 && std::fmod(seconds, 3600.0) == 0.0)
        return fmt::format("{:g} h", seconds / 3600.0);
    if (seconds >= 60.0 && std::fmod(seconds, 60.0) == 0.0)
        return fmt::format("{:g} min", seconds / 60.0);
    return fmt::format("{:g} s", seconds);
}

void checkOptions(const FailureLog& log, const FailureClusteringOptions& options)
{
    if (log.levelNames.empty() || log.locations.size() != log.timesS.size())
        throw InputError(fmt::format("failure clustering of '{}': the log has no failure locations; allowed: a log "
                                     "read with a location column and pattern", log.path));
    for (std::size_t r = 0; r < log.locations.size(); ++r)
        if (log.locations[r].size() != log.levelNames.size())
            throw InputError(fmt::format("failure clustering of '{}': failure {} has {} location levels; allowed: {}",
                                         log.path, r, log.locations[r].size(), log.levelNames.size()));
    if (!std::is_sorted(log.timesS.begin(), log.timesS.end()))
        throw InputError(fmt::format("failure clustering of '{}': the failure times are not sorted; allowed: "
                                     "ascending times", log.path));
    if (log.timesS.size() >= kMaxFailures)
        throw InputError(fmt::format("failure clustering of '{}': {} failures; allowed: fewer than {}", log.path,
                                     log.timesS.size(), kMaxFailures));
    if (!std::isfinite(options.windowS) || options.windowS <= 0.0)
        throw InputError(fmt::format("clustering window {} s is out of range; allowed: a finite window > 0 s",
                                     options.windowS));
    if (options.permutations < 1 || options.permutations > kMaxPermutations)
        throw InputError(fmt::format("clustering permutations {} is out of range; allowed: 1 .. {}",
                                     options.permutations, kMaxPermutations));
    if (options.control.threads < 0)
        throw InputError(fmt::format("clustering threads {} is out of range; allowed: 0 (all cores) or more",
                                     options.control.threads));
}

}  // namespace

FailureClustering clusterFailures(const FailureLog& log, const FailureClusteringOptions& options)
{
    checkOptions(log, options);
    const std::size_t n = log.timesS.size();
    const DomainIds domains = assignDomainIds(log);
    const std::size_t levels = domains.levels;

    FailureClustering result;
    result.failures = n;
    result.windowS = options.windowS;
    result.permutations = options.permutations;

    Scratch observed;
    observed.order.resize(n);
    std::iota(observed.order.begin(), observed.order.end(), std::uint32_t{0});
    std::vector<double> observedShares(levels);
    clusteredShares(log.timesS, domains, options.windowS, observed, observedShares.data());

    // shares[p * levels + l]: permutation p's share at level l. Permutation p shuffles with its own
    // Philox stream, so the values do not depend on which thread ran it.
    const std::size_t permutations = static_cast<std::size_t>(options.permutations);
    std::vector<double> shares(permutations * levels);
    const std::uint64_t key = splitmix64(options.seed ^ 0x636C7573746572ull);  // "cluster"
    tbb::enumerable_thread_specific<Scratch> scratches;
    tbb::task_arena arena(options.control.resolvedThreads());
    arena.execute([&] {
        tbb::parallel_for(std::size_t{0}, permutations, [&](std::size_t p) {
            Scratch& scratch = scratches.local();
            scratch.order.resize(n);
            std::iota(scratch.order.begin(), scratch.order.end(), std::uint32_t{0});
            PhiloxStream stream(key, p);
            for (std::size_t i = n; i > 1; --i)
                std::swap(scratch.order[i - 1], scratch.order[stream.uniform(static_cast<std::uint32_t>(i))]);
            clusteredShares(log.timesS, domains, options.windowS, scratch, shares.data() + p * levels);
        });
    });

    std::vector<double> column(permutations);
    for (std::size_t l = 0; l < levels; ++l) {
        FailureClusteringLevel level;
        level.name = log.levelNames[l];
        level.domains = domains.counts[l];
        std::vector<std::size_t> perDomain(domains.counts[l], 0);
        for (std::size_t r = 0; r < n; ++r)
            ++perDomain[domains.ids[l * n + r]];
        if (n > 0) {
            const auto most = std::max_element(perDomain.begin(), perDomain.end());  // first among equals
            level.mostHitFailures = *most;
            level.mostHitDomain = domainText(log, domains.firstRow[l][most - perDomain.begin()], l);
        }
        level.observedShare = observedShares[l];
        for (std::size_t p = 0; p < permutations; ++p)
            column[p] = shares[p * levels + l];
        std::sort(column.begin(), column.end());
        level.baselineMean = std::accumulate(column.begin(), column.end(), 0.0) / static_cast<double>(permutations);
        level.baselineLow = quantile(column, 0.025);
        level.baselineHigh = quantile(column, 0.975);
        level.excessShare = level.observedShare - level.baselineMean;
        result.levels.push_back(std::move(level));
    }
    return result;
}

RackShareSuggestion suggestRackShare(const FailureClustering& clustering, std::string_view rackLevel)
{
    const auto it = std::find_if(clustering.levels.begin(), clustering.levels.end(),
                                 [&](const FailureClusteringLevel& level) { return level.name == rackLevel; });
    if (it == clustering.levels.end()) {
        std::string names;
        for (const FailureClusteringLevel& level : clustering.levels)
            names += (names.empty() ? "" : ", ") + level.name;
        throw InputError(fmt::format("rack level '{}' is not a level of the location pattern; allowed: {}", rackLevel,
                                     names));
    }
    RackShareSuggestion suggestion;
    suggestion.level = it->name;
    suggestion.share = std::round(std::clamp(it->excessShare, 0.0, 0.9) * 100.0) / 100.0;
    suggestion.evidence = fmt::format(
        "{:.1f}% of failures fall within {} of another in the same rack against {:.1f}% ({:.1f}-{:.1f}%) if "
        "independent: suggested failures rack share {:.2f}",
        it->observedShare * 100.0, durationText(clustering.windowS), it->baselineMean * 100.0,
        it->baselineLow * 100.0, it->baselineHigh * 100.0, suggestion.share);
    return suggestion;
}

}  // namespace spare
