#include "app/cli/MemoryBudget.h"

#include "app/cli/CliCommand.h"
#include "engine/base/ByteSize.h"

#include <fmt/core.h>

namespace spare::cli {

void addMemoryLimitOption(CLI::App& sub, std::string& limitText)
{
    sub.add_option("--memory-limit", limitText,
                   fmt::format("Refuse a run whose estimated memory is above this, e.g. 512M, 8G (default: half "
                               "of physical memory, here {})",
                               formatByteSize(defaultMemoryBudget())));
}

void requireMemoryFits(const MemoryEstimate& estimate, const Scenario& scenario, const std::string& limitText)
{
    std::uint64_t budget = defaultMemoryBudget();
    if (!limitText.empty()) {
        const auto parsed = parseByteSize(limitText);
        if (!parsed)
            throw UsageError(fmt::format("--memory-limit {} is malformed: allowed a size from 1 byte to 1 EB, "
                                         "e.g. 512M, 8G, 1.5T or a number of bytes",
                                         limitText));
        budget = *parsed;
    }
    if (estimate.bytes <= budget)
        return;
    // Every term of the sum, so that the figures add up: the process itself, then the runs.
    std::string run = fmt::format("{} groups x {}", scenario.groups, formatByteSize(estimate.perGroupBytes));
    if (estimate.failureDomainBytes > 0)
        run += fmt::format(" + {} for the failure domains", formatByteSize(estimate.failureDomainBytes));
    if (estimate.traceBytes > 0)
        run += fmt::format(" + {} for the failure trace", formatByteSize(estimate.traceBytes));
    const std::uint64_t runsBytes = static_cast<std::uint64_t>(estimate.concurrentRuns) * estimate.perRunBytes;
    throw UsageError(fmt::format("{}: the run needs about {} ({} for the program itself + {} run{} at once x {} each: "
                                 "{}), over the memory budget of {}; lower cluster.groups or raise --memory-limit",
                                 scenario.name, formatByteSize(estimate.bytes),
                                 formatByteSize(estimate.bytes - runsBytes), estimate.concurrentRuns,
                                 estimate.concurrentRuns == 1 ? "" : "s", formatByteSize(estimate.perRunBytes), run,
                                 formatByteSize(budget)));
}

}  // namespace spare::cli
