#include "engine/layout/LayoutDomainReport.h"

#include "engine/layout/Layout.h"
#include "engine/topology/ClusterPlacement.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace spare {

LayoutDomainReport layoutDomainReport(const Layout& layout, const ClusterPlacement& placement, DomainLevel level)
{
    LayoutDomainReport report;
    report.level = level;
    report.groups = layout.groups();
    report.redundancy = layout.redundancy();
    const auto n = static_cast<std::size_t>(layout.groups());
    report.holderDomains.assign(n, 0);
    report.maxHoldersInDomain.assign(n, 0);
    // One domain at a time: count each type's holders among the domain's groups.
    std::vector<int> count(n, 0);
    std::vector<int> touched;
    for (int d = 0; d < placement.domainCount(level); ++d) {
        const auto groups = placement.groupsIn(level, d);
        if (groups.empty())
            continue;
        ++report.domains;
        touched.clear();
        for (int g : groups)
            for (int t : layout.stack(g))
                if (count[static_cast<std::size_t>(t)]++ == 0)
                    touched.push_back(t);
        int lost = 0;
        for (int t : touched) {
            const auto ti = static_cast<std::size_t>(t);
            const int held = count[ti];
            count[ti] = 0;
            ++report.holderDomains[ti];
            report.maxHoldersInDomain[ti] = std::max(report.maxHoldersInDomain[ti], held);
            lost += held == layout.redundancy();
            if (held > report.worstHoldersLost) {
                report.worstHoldersLost = held;
                report.worstHoldersLostDomain = d;
                report.worstHoldersLostType = t;
            }
        }
        if (lost > report.worstTypesLost) {
            report.worstTypesLost = lost;
            report.worstTypesLostDomain = d;
        }
    }
    report.typesByMaxHoldersInDomain.assign(static_cast<std::size_t>(layout.redundancy()) + 1, 0);
    for (int held : report.maxHoldersInDomain)
        ++report.typesByMaxHoldersInDomain[static_cast<std::size_t>(held)];
    return report;
}

nlohmann::json domainReportJson(const LayoutDomainReport& report)
{
    const long long separatedTypes = report.typesByMaxHoldersInDomain.size() > 1 ? report.typesByMaxHoldersInDomain[1] : 0;
    return {{"level", domainLevelName(report.level)},
            {"domains", report.domains},
            {"separated", report.separated()},
            {"types_not_separated", report.groups - separatedTypes},
            {"worst_types_lost", report.worstTypesLost},
            {"worst_types_lost_domain", report.worstTypesLostDomain},
            {"worst_holders_lost", report.worstHoldersLost},
            {"worst_holders_lost_domain", report.worstHoldersLostDomain},
            {"worst_holders_lost_type", report.worstHoldersLostType},
            {"types_by_max_holders_in_domain", report.typesByMaxHoldersInDomain},
            {"holder_domains", report.holderDomains},
            {"max_holders_in_domain", report.maxHoldersInDomain}};
}

}  // namespace spare
