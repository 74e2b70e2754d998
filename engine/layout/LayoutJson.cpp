#include "engine/layout/LayoutJson.h"

#include <nlohmann/json.hpp>

#include <vector>

namespace spare {

nlohmann::json layoutToJson(const Layout& layout, const LayoutDomainReport* domains)
{
    nlohmann::json out;
    out["groups"] = layout.groups();
    out["redundancy"] = layout.redundancy();
    out["layout"] = layout.name();
    out["offsets"] = layout.offsets();
    out["max_overlap"] = layout.maxOverlap();
    out["independent"] = layout.independent();
    out["overlapping_pairs"] = layout.overlappingPairs();
    // true / false (proved impossible) / null (none found, absence not proved; or not a golomb layout)
    out["independent_layout_exists"] =
        layout.independentLayoutExists() ? nlohmann::json(*layout.independentLayoutExists()) : nlohmann::json();
    out["note"] = layout.note();
    if (domains)
        out["domains"] = domainReportJson(*domains);
    auto stacks = nlohmann::json::array();
    for (int g = 0; g < layout.groups(); ++g)
        stacks.push_back(std::vector<int>(layout.stack(g).begin(), layout.stack(g).end()));
    out["stacks"] = std::move(stacks);
    return out;
}

}  // namespace spare
