#include "app/cli/DomainOptions.h"

#include "app/cli/CliCommand.h"
#include "app/cli/CliOptions.h"

#include "engine/sim/ScenarioJson.h"
#include "engine/sim/TopologyFile.h"

#include <fmt/core.h>

namespace spare::cli {

void addDomainOptions(CLI::App& sub, DomainOptions& opts, const std::string& purpose)
{
    auto* topology = sub.add_option("--topology", opts.topologyPath,
                                    "Topology JSON (a scenario's topology keys and gpus_per_group): " + purpose);
    auto* scenario = sub.add_option("--scenario", opts.scenarioPath,
                                    "Take the topology and cluster.gpus_per_group from this scenario instead");
    topology->excludes(scenario);
    sub.add_option("--domain-level", opts.level,
                   "Failure-domain level (default: the topology's domain_level)")
        ->check(choiceOf(domainLevelNames(), [](std::string_view name) { return parseDomainLevel(name).has_value(); }));
}

std::optional<ClusterPlacement> placementFor(const DomainOptions& opts, int groups)
{
    if (opts.topologyPath.empty() && opts.scenarioPath.empty()) {
        if (!opts.level.empty())
            throw UsageError("--domain-level needs --topology or --scenario");
        return std::nullopt;
    }
    TopologyFile file;
    if (!opts.topologyPath.empty()) {
        file = loadTopologyFile(opts.topologyPath);
    } else {
        const Scenario scenario = loadScenarioFile(opts.scenarioPath);
        if (!scenario.topology)
            throw UsageError(fmt::format("--scenario {}: the scenario has no topology section", opts.scenarioPath));
        file = {*scenario.topology, scenario.gpusPerGroup};
    }
    if (!opts.level.empty())
        file.topology.domainLevel = *parseDomainLevel(opts.level);
    return ClusterPlacement::fromTopology(file.topology, groups, file.gpusPerGroup);
}

}  // namespace spare::cli
