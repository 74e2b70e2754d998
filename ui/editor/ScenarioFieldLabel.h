#pragma once

#include "engine/sim/ScenarioKeyTable.h"

#include <QString>

namespace spare {

// The editor's label for a scenario key, in words rather than the JSON name: "System MTBF m [s]"
// for failures.system_mtbf_s, "Compute T<sub>comp</sub> [s]" for workload.compute_s. Built from the
// key table (its last segment, the symbol its meaning starts with, its unit), so keys added to the
// table get a label too. Rich text.
class ScenarioFieldLabel {
public:
    static QString text(const ScenarioKeyInfo& row);
};

}  // namespace spare
