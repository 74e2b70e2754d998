#pragma once

#include "engine/layout/Layout.h"
#include "engine/layout/LayoutDomainReport.h"

#include <nlohmann/json_fwd.hpp>

namespace spare {

// What `spare-cli layout --json` prints: the layout's properties, the domain report when there is one,
// and every group's stack.
nlohmann::json layoutToJson(const Layout& layout, const LayoutDomainReport* domains);

}  // namespace spare
