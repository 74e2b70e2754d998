#include "sim/MemoryEstimate.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <system_error>

#include <sys/resource.h>
#include <unistd.h>

namespace spare {

namespace {

// Measured (peak RSS, N = 10^3 .. 10^6, Release): 41-42 B per group for CKPT-only and Rep+CKPT (the
// failure clocks' draw count, next firing and heap slot, the simulator's flags and restart windows);
// SPARe adds 38 B + 13 B per unit of r: the layout's stacks and holders (8 B r), the controller's
// current stacks (4 B r) and one-byte positions (1 B r), its matching, loads and search scratch. The
// scratch is counted whole, although a run touches only what its searches reach. Rounded up.
constexpr std::uint64_t kClockBytesPerGroup = 44;
constexpr std::uint64_t kSpareBytesPerGroup = 40;
constexpr std::uint64_t kSpareBytesPerGroupAndR = 13;
// A trace file is held as text twice while parsed, then as rows (measured 3.5 x the file size).
constexpr std::uint64_t kTraceBytesPerFileByte = 4;
// The process itself (code, libraries, allocator, thread stacks), measured about 6 MB.
constexpr std::uint64_t kProcessBytes = 16ull << 20;

constexpr std::array<char, 5> kUnits{'K', 'M', 'G', 'T', 'P'};

}  // namespace

MemoryEstimate estimateRunMemory(const Scenario& scenario, int concurrentRuns)
{
    MemoryEstimate e;
    e.concurrentRuns = std::max(1, concurrentRuns);
    e.perGroupBytes = kClockBytesPerGroup;
    if (scenario.policy == Policy::Spare)
        e.perGroupBytes += kSpareBytesPerGroup + kSpareBytesPerGroupAndR * static_cast<std::uint64_t>(std::max(0, scenario.redundancy));
    if (scenario.failureModel == FailureModel::Trace && !scenario.failureTrace.empty()) {
        std::error_code error;
        const auto size = std::filesystem::file_size(scenario.failureTrace, error);
        if (!error)  // an unreadable trace is reported by its loader
            e.traceBytes = kTraceBytesPerFileByte * static_cast<std::uint64_t>(size);
    }
    e.perRunBytes = static_cast<std::uint64_t>(std::max(0, scenario.groups)) * e.perGroupBytes + e.traceBytes;
    e.bytes = kProcessBytes + static_cast<std::uint64_t>(e.concurrentRuns) * e.perRunBytes;
    return e;
}

std::uint64_t defaultMemoryBudget()
{
    const long pages = sysconf(_SC_PHYS_PAGES);
    const long pageSize = sysconf(_SC_PAGE_SIZE);
    std::uint64_t budget = pages > 0 && pageSize > 0
                               ? static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(pageSize) / 2
                               : (4ull << 30);
    rlimit limit{};
    if (getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY)
        budget = std::min<std::uint64_t>(budget, static_cast<std::uint64_t>(limit.rlim_cur) / 2);
    return budget;
}

std::optional<std::uint64_t> parseByteSize(std::string_view text)
{
    std::string_view rest = text;
    if (rest.empty() || !(std::isdigit(static_cast<unsigned char>(rest.front())) || rest.front() == '.'))
        return std::nullopt;
    double number = 0.0;
    try {
        std::size_t used = 0;
        number = std::stod(std::string(rest), &used);
        rest.remove_prefix(used);
    } catch (const std::exception&) {
        return std::nullopt;
    }
    double scale = 1.0;
    if (!rest.empty()) {
        const char unit = static_cast<char>(std::toupper(static_cast<unsigned char>(rest.front())));
        const auto it = std::find(kUnits.begin(), kUnits.end(), unit);
        if (it != kUnits.end()) {
            scale = std::ldexp(1.0, 10 * static_cast<int>(it - kUnits.begin() + 1));
            rest.remove_prefix(1);
            if (rest == "iB" || rest == "ib")
                rest = {};
        }
        if (rest == "B" || rest == "b")
            rest = {};
    }
    const double bytes = number * scale;
    if (!rest.empty() || !std::isfinite(bytes) || bytes < 1.0 || bytes > std::ldexp(1.0, 60))
        return std::nullopt;
    return static_cast<std::uint64_t>(bytes);
}

std::string formatByteSize(std::uint64_t bytes)
{
    if (bytes < 1024)
        return fmt::format("{} B", bytes);
    double value = static_cast<double>(bytes);
    std::size_t unit = 0;
    while (value >= 1024.0 * 1024.0 && unit + 1 < kUnits.size()) {
        value /= 1024.0;
        ++unit;
    }
    value /= 1024.0;
    return fmt::format("{:.{}f} {}B", value, value < 10.0 ? 1 : 0, kUnits[unit]);
}

std::string memoryBudgetProblem(const MemoryEstimate& estimate, const Scenario& scenario, std::uint64_t budget)
{
    if (estimate.bytes <= budget)
        return {};
    std::string what = fmt::format("{} groups x {}", scenario.groups, formatByteSize(estimate.perGroupBytes));
    if (estimate.traceBytes > 0)
        what += fmt::format(" + {} for the failure trace", formatByteSize(estimate.traceBytes));
    if (estimate.concurrentRuns > 1)
        what = fmt::format("{} runs at once, each {}", estimate.concurrentRuns, what);
    return fmt::format("the run needs about {} ({}), over the memory budget of {}", formatByteSize(estimate.bytes),
                       what, formatByteSize(budget));
}

}  // namespace spare
