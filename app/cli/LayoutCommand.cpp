#include "app/cli/CliCommand.h"
#include "app/cli/CliOptions.h"
#include "app/cli/DomainOptions.h"

#include "engine/layout/Layout.h"
#include "engine/layout/LayoutDomainReport.h"
#include "engine/layout/LayoutJson.h"
#include "engine/sim/ScenarioJson.h"

#include <fmt/core.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include <optional>

namespace spare::cli {

namespace {

void printDomainReport(const LayoutDomainReport& report)
{
    const char* level = domainLevelName(report.level);
    const long long separatedTypes = report.typesByMaxHoldersInDomain[1];
    fmt::print("domains      {} {}s hold groups\n", report.domains, level);
    fmt::print("separated    {}: {} of {} types have their {} holders in {} distinct {}s\n",
               report.separated() ? "yes" : "NO", separatedTypes, report.groups, report.redundancy, report.redundancy,
               level);
    if (report.worstHoldersLostDomain >= 0)
        fmt::print("worst loss   one {} failure takes out up to {} {} of one type ({} {}, type {})\n", level,
                   report.worstHoldersLost, report.worstHoldersLost == 1 ? "holder" : "holders", level,
                   report.worstHoldersLostDomain, report.worstHoldersLostType);
    if (report.worstTypesLost > 0)
        fmt::print("types lost   one {} failure removes up to {} types completely ({} {})\n", level,
                   report.worstTypesLost, level, report.worstTypesLostDomain);
    else
        fmt::print("types lost   no single {} failure removes a type completely\n", level);
    std::vector<std::string> counts;
    for (std::size_t k = 1; k < report.typesByMaxHoldersInDomain.size(); ++k)
        if (report.typesByMaxHoldersInDomain[k] > 0)
            counts.push_back(fmt::format("{}: {} types", k, report.typesByMaxHoldersInDomain[k]));
    fmt::print("by worst {}  holders in one {}: {}\n", level, level, fmt::join(counts, ", "));
}

CommandAction setupLayout(CLI::App& sub)
{
    auto opts = std::make_shared<LayoutOptions>();
    auto domains = std::make_shared<DomainOptions>();
    auto json = std::make_shared<bool>(false);
    addLayoutOptions(sub, *opts);
    addDomainOptions(sub, *domains,
                     "report how the layout's holders fall into failure domains; needed by --layout golomb-domain");
    // With --scenario, N, r and the layout not given here are the scenario's.
    CLI::Option* groupsFlag = sub.get_option("--groups")->required(false);
    CLI::Option* redundancyFlag = sub.get_option("--redundancy")->required(false);
    CLI::Option* layoutFlag = sub.get_option("--layout");
    sub.add_flag("--json", *json, "Print JSON instead of a table");
    return [opts, domains, json, groupsFlag, redundancyFlag, layoutFlag] {
        std::string layoutKey;
        bool hasTopology = !domains->topologyPath.empty();
        std::vector<std::string> fromScenario;
        if (!domains->scenarioPath.empty()) {
            const Scenario scenario = loadScenarioFile(domains->scenarioPath);
            hasTopology = scenario.topology.has_value();
            if (groupsFlag->count() == 0) {
                opts->groups = scenario.groups;
                fromScenario.push_back(fmt::format("N = {}", scenario.groups));
            }
            if (redundancyFlag->count() == 0) {
                opts->redundancy = scenario.redundancy;
                fromScenario.push_back(fmt::format("r = {}", scenario.redundancy));
            }
            if (layoutFlag->count() == 0) {
                opts->layout = scenario.layout;
                layoutKey = "cluster.layout";
            }
        } else if (groupsFlag->count() == 0 || redundancyFlag->count() == 0) {
            throw UsageError(fmt::format("{} is required (or --scenario FILE, whose cluster section names N, r and the layout)",
                                         groupsFlag->count() == 0 ? "--groups" : "--redundancy"));
        }
        try {
            checkGroupsAndRedundancy(*opts);
        } catch (const UsageError& error) {
            if (fromScenario.empty())
                throw;
            throw UsageError(fmt::format("{} ({} from --scenario {})", error.what(), fmt::join(fromScenario, ", "),
                                         domains->scenarioPath));
        }
        // A scenario without a topology still names N, r and the layout; only the domain report needs one.
        const auto placement =
            hasTopology || !domains->level.empty() ? placementFor(*domains, opts->groups) : std::nullopt;
        const Layout layout = Layout::byName(opts->layout, opts->groups, opts->redundancy, layoutKey,
                                             placement ? &*placement : nullptr);
        std::optional<LayoutDomainReport> report;
        if (placement)
            report = layoutDomainReport(layout, *placement, placement->topology().domainLevel);
        if (*json) {
            fmt::print("{}\n", layoutToJson(layout, report ? &*report : nullptr).dump(2));
            return 0;
        }
        fmt::print("layout       {}\ngroups (N)   {}\nredundancy   {}\noffsets      {}\nmax overlap  {} ({})\n",
                   layout.name(), layout.groups(), layout.redundancy(), fmt::join(layout.offsets(), " "),
                   layout.maxOverlap(), layout.independent() ? "independent" : "NOT independent");
        if (!layout.independent())
            fmt::print("overlapping  {} pairs of groups share two or more types\n", layout.overlappingPairs());
        if (!layout.note().empty())
            fmt::print("note         {}\n", layout.note());
        if (report)
            printDomainReport(*report);
        const int shown = std::min(layout.groups(), 24);
        fmt::print("\n group | stack (position 0 first)\n-------+-------------------------\n");
        for (int g = 0; g < shown; ++g)
            fmt::print("{:6} | {}\n", g, fmt::join(layout.stack(g), " "));
        if (shown < layout.groups())
            fmt::print("  ...  | ({} more groups; use --json for all)\n", layout.groups() - shown);
        return 0;
    };
}

const bool registered = registerCommand({"layout", "Build and validate a stacked layout", &setupLayout});

}  // namespace

}  // namespace spare::cli
