#pragma once

#include "engine/topology/DomainLevel.h"

#include <nlohmann/json_fwd.hpp>

#include <string>
#include <vector>

namespace spare {

class ClusterPlacement;
class Layout;

// How a layout's holders fall into the failure domains of one level. A domain failure takes out every
// group with a node in the domain; a type is lost when all r of its holders are taken out.
struct LayoutDomainReport {
    DomainLevel level = DomainLevel::Rack;
    int domains = 0;  // domains of the level holding at least one group
    int groups = 0;
    int redundancy = 0;
    std::vector<int> holderDomains;      // per type: distinct domains its holders have nodes in
    std::vector<int> maxHoldersInDomain; // per type: most of its holders one domain failure takes out
    // [k] = types whose worst domain takes out k of their holders (k = 0 .. r); [1] counts the separated ones.
    std::vector<long long> typesByMaxHoldersInDomain;
    int worstTypesLost = 0;          // most types one domain failure removes completely
    int worstTypesLostDomain = -1;   // a domain that does (-1 when none removes any)
    int worstHoldersLost = 0;        // most holders of one type one domain failure takes out
    int worstHoldersLostDomain = -1;
    int worstHoldersLostType = -1;

    // Every type's holders lie in distinct domains (no domain holds two holders of one type).
    bool separated() const { return worstHoldersLost <= 1; }
};

LayoutDomainReport layoutDomainReport(const Layout& layout, const ClusterPlacement& placement, DomainLevel level);

// {"level", "domains", "separated", "types_not_separated", "worst_types_lost", ...}: the report for JSON,
// with the per-type arrays.
nlohmann::json domainReportJson(const LayoutDomainReport& report);

}  // namespace spare
