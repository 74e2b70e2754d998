#pragma once

#include "engine/topology/ClusterPlacement.h"

#include <CLI/CLI.hpp>

#include <optional>
#include <string>

namespace spare::cli {

// The --topology / --scenario / --domain-level trio shared by layout and montecarlo.
struct DomainOptions {
    std::string topologyPath;
    std::string scenarioPath;
    std::string level;
};

// `purpose` ends the --topology help: what the command does with the failure domains.
void addDomainOptions(CLI::App& sub, DomainOptions& opts, const std::string& purpose);
// The placement of `groups` groups from --topology or --scenario (nullopt when neither is given), at the
// level --domain-level names (default: the file's topology.domain_level).
std::optional<ClusterPlacement> placementFor(const DomainOptions& opts, int groups);

}  // namespace spare::cli
