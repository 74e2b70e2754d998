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
    const std::string problem = memoryBudgetProblem(estimate, scenario, budget);
    if (!problem.empty())
        throw UsageError(
            fmt::format("{}: {}; lower cluster.groups or raise --memory-limit", scenario.name, problem));
}

}  // namespace spare::cli
