#include "engine/sim/MemoryEstimate.h"

#include "engine/base/ByteSize.h"
#include "engine/layout/BuiltInLayouts.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <numeric>
#include <system_error>

#include <sys/resource.h>
#include <unistd.h>

namespace spare {

namespace {

// Per group, the address space a run reserves: its resident memory is at most this, and at large N far
// less, since the arrays are written only where failures land (a 2,000-step run at 10^6 groups writes a
// few thousand groups' entries). Failure clocks: next firing and draw count (16 B) in 16-entry chunks
// with a 4-byte chunk index (0.25 B), and a 16-byte heap slot per clock once revealed, counted for every
// clock; the simulator's alive flags (1 B) and restart windows (8 B). Rounded up.
constexpr std::uint64_t kClockBytesPerGroup = 42;
// Rep+CKPT: one live-member count (4 B) per replica set of r groups.
constexpr std::uint64_t kReplicaSetBytes = 4;
// SPARe: the controller's flags (3 x 1.25 B), matching (4.25 B), search scratch (32 B); per unit of r its
// positions (1.25 B) and the rows of reordered stacks (4 B). Counted as 4 x (40 + 5.25 r) / 4. A cyclic
// layout (golomb, consecutive) costs nothing per group; a stored one (golomb-domain, a layout file)
// holds stacks, holders and holder positions (12 B r).
constexpr std::uint64_t kSpareQuarterBytesPerGroup = 160;
constexpr std::uint64_t kSpareQuarterBytesPerGroupAndR = 21;
constexpr std::uint64_t kStoredLayoutBytesPerGroupAndR = 12;
// A trace file is held as text twice while parsed, then as rows (measured 3.5 x the file size).
constexpr std::uint64_t kTraceBytesPerFileByte = 4;
// The process itself (code, libraries, allocator, thread stacks), measured about 6 MB.
constexpr std::uint64_t kProcessBytes = 16ull << 20;
// The placement (ClusterPlacement): per group its node list's offset, first GPU and one offset per
// level; per group and domain it lies in, the two directions of the incidence (the node level also
// the node list); per domain an offset. Its lists grow by doubling: the peak measured about the exact
// size (2 x 10^4 .. 2 x 10^5 groups), counted a quarter more.
constexpr std::uint64_t kPlacementBytesPerGroup = 40;
constexpr std::uint64_t kPlacementBytesPerGroupAndNode = 12;
constexpr std::uint64_t kPlacementBytesPerGroupAndDomain = 8;  // racks and pods
constexpr std::uint64_t kPlacementBytesPerDomain = 8;
constexpr double kPlacementGrowth = 1.25;
// A domain failure clock (DomainFailureClocks): draw count, next firing, heap slot, its domain id, and
// the domain's entry in the domain -> clock map.
constexpr std::uint64_t kDomainClockBytes = 40;
// The repair model per group: the time its nodes are ready (double), its pending spares (int), its latest
// failure and rejoin (two doubles); per failed node in flight a heap entry, at most every node of every
// group at once.
constexpr std::uint64_t kRepairBytesPerGroup = 28;
constexpr std::uint64_t kRepairBytesPerNodeInFlight = 16;

// Mean number of domains of `gpusPerDomain` GPUs a run of `gpusPerGroup` consecutive GPUs starting on a
// multiple of gpusPerGroup lies in: 1 + (M - gcd(M, D)) / D, over the slots' offsets inside a domain.
double domainsPerGroup(long long gpusPerGroup, long long gpusPerDomain)
{
    return 1.0 + static_cast<double>(gpusPerGroup - std::gcd(gpusPerGroup, gpusPerDomain)) /
                     static_cast<double>(gpusPerDomain);
}

// The placement and the domain failure clocks, built when a topology meets domain processes or a trace
// (which may hold domain rows). A placement file is assumed to use as many nodes as the contiguous rule.
std::uint64_t failureDomainBytes(const Scenario& s)
{
    if (!s.topology || s.topology->gpusPerNode < 1 || s.topology->nodesPerRack < 1 || s.topology->racksPerPod < 1)
        return 0;
    const bool trace = s.failureModel == FailureModel::Trace;
    std::array<std::uint64_t, 3> processes{};  // per level (DomainLevel order)
    if (!trace) {
        for (const DomainFailureProcess& d : s.domainFailures)
            ++processes[static_cast<std::size_t>(d.level)];
        for (const FailureCategory& c : s.failureCategories)
            if (c.level)
                ++processes[static_cast<std::size_t>(*c.level)];
    }
    if (!trace && processes == std::array<std::uint64_t, 3>{})
        return 0;
    const Topology& t = *s.topology;
    const long long gpusPerGroup = std::max(1, s.gpusPerGroup);
    const auto groups = static_cast<std::uint64_t>(std::max(0, s.groups));
    const long long gpusPerRack = static_cast<long long>(t.gpusPerNode) * t.nodesPerRack;
    const long long gpusPerPod = gpusPerRack * t.racksPerPod;
    const long long nodes = t.nodesFor(s.groups, s.gpusPerGroup);
    const long long racks = (nodes + t.nodesPerRack - 1) / t.nodesPerRack;
    const std::array<std::uint64_t, 3> domains{static_cast<std::uint64_t>(nodes), static_cast<std::uint64_t>(racks),
                                               static_cast<std::uint64_t>((racks + t.racksPerPod - 1) / t.racksPerPod)};
    const double incidences = static_cast<double>(groups) * domainsPerGroup(gpusPerGroup, t.gpusPerNode);
    const double upperIncidences = static_cast<double>(groups) * (domainsPerGroup(gpusPerGroup, gpusPerRack) +
                                                                  domainsPerGroup(gpusPerGroup, gpusPerPod));
    const double placement = static_cast<double>(groups * kPlacementBytesPerGroup) +
                             incidences * kPlacementBytesPerGroupAndNode +
                             upperIncidences * kPlacementBytesPerGroupAndDomain +
                             static_cast<double>((domains[0] + domains[1] + domains[2]) * kPlacementBytesPerDomain);
    std::uint64_t clocks = 0;
    for (std::size_t level = 0; level < domains.size(); ++level)
        clocks += processes[level] * domains[level] * kDomainClockBytes;
    return static_cast<std::uint64_t>(std::ceil(kPlacementGrowth * placement)) + clocks;
}

}  // namespace

MemoryEstimate estimateRunMemory(const Scenario& scenario, int concurrentRuns)
{
    MemoryEstimate e;
    e.concurrentRuns = std::max(1, concurrentRuns);
    e.perGroupBytes = kClockBytesPerGroup;
    const auto redundancy = static_cast<std::uint64_t>(std::max(1, scenario.redundancy));
    if (scenario.policy == Policy::Rep)
        e.perGroupBytes += (kReplicaSetBytes + redundancy - 1) / redundancy;
    if (scenario.policy == Policy::Spare) {
        e.perGroupBytes += (kSpareQuarterBytesPerGroup + kSpareQuarterBytesPerGroupAndR * redundancy + 3) / 4;
        if (!isCyclicLayoutName(scenario.layout))
            e.perGroupBytes += kStoredLayoutBytesPerGroupAndR * redundancy;
    }
    if (scenario.repair) {
        // Without a topology a failure takes one node out.
        const double nodesPerGroup =
            scenario.topology && scenario.topology->gpusPerNode >= 1
                ? domainsPerGroup(std::max(1, scenario.gpusPerGroup), scenario.topology->gpusPerNode)
                : 1.0;
        e.perGroupBytes +=
            kRepairBytesPerGroup + static_cast<std::uint64_t>(std::ceil(kRepairBytesPerNodeInFlight * nodesPerGroup));
    }
    e.failureDomainBytes = failureDomainBytes(scenario);
    if (scenario.failureModel == FailureModel::Trace && !scenario.failureTrace.empty()) {
        std::error_code error;
        const auto size = std::filesystem::file_size(scenario.failureTrace, error);
        if (!error)  // an unreadable trace is reported by its loader
            e.traceBytes = kTraceBytesPerFileByte * static_cast<std::uint64_t>(size);
    }
    e.perRunBytes =
        static_cast<std::uint64_t>(std::max(0, scenario.groups)) * e.perGroupBytes + e.failureDomainBytes + e.traceBytes;
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

std::string memoryBudgetProblem(const MemoryEstimate& estimate, const Scenario& scenario, std::uint64_t budget)
{
    if (estimate.bytes <= budget)
        return {};
    // Every term of the sum, so that the figures add up: the process itself, then the runs.
    std::string run = fmt::format("{} groups x {}", scenario.groups, formatByteSize(estimate.perGroupBytes));
    if (estimate.failureDomainBytes > 0)
        run += fmt::format(" + {} for the failure domains", formatByteSize(estimate.failureDomainBytes));
    if (estimate.traceBytes > 0)
        run += fmt::format(" + {} for the failure trace", formatByteSize(estimate.traceBytes));
    const std::uint64_t runsBytes = static_cast<std::uint64_t>(estimate.concurrentRuns) * estimate.perRunBytes;
    return fmt::format("the run needs about {} ({} for the program itself + {} run{} at once x {} each: {}), over "
                       "the memory budget of {}",
                       formatByteSize(estimate.bytes), formatByteSize(estimate.bytes - runsBytes),
                       estimate.concurrentRuns, estimate.concurrentRuns == 1 ? "" : "s",
                       formatByteSize(estimate.perRunBytes), run, formatByteSize(budget));
}

}  // namespace spare
