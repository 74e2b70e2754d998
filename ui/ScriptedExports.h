#pragma once

#include "engine/sim/Scenario.h"

#include <QString>

namespace spare {

struct StudioOptions;

// --export-report / --export-chart: a function of a scenario, no window involved. Computes the
// analysis (AnalysisRequest::interactiveDefaults, the same grid the Analysis tab shows) in this
// thread, then writes the report folder or one chart.
class ScriptedExports {
public:
    // Exit code: 0 written, 1 I/O or computation error, 2 bad input (chart name, --out extension).
    // Messages go to stderr; nothing is written on a bad input.
    static int run(const Scenario& scenario, const StudioOptions& options);
};

}  // namespace spare
