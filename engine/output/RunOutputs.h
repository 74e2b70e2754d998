#pragma once

#include "engine/output/ChromeTraceWriter.h"
#include "engine/output/CsvEventWriter.h"
#include "engine/sim/RunMetrics.h"
#include "engine/sim/Simulator.h"

#include <optional>
#include <string>

namespace spare {

// Files one run writes while it is simulated; an empty path skips that file.
struct RunOutputs {
    std::string chromeTracePath;  // Chrome trace-event JSON (Perfetto)
    ChromeTraceOptions chromeTrace;
    std::string eventsCsvPath;    // CsvEventWriter columns
    std::size_t eventsCsvMaxRows = CsvEventWriter::kDefaultMaxRows;
};

// Runs the simulator with the engine's writers attached (the one path behind `spare-cli simulate
// --trace --events` and the GUI's run export). Every file appears whole or not at all. Returns nullopt
// when limits.cancel was raised during the run; then nothing is written.
std::optional<RunMetrics> runWithOutputs(const Simulator& simulator, const RunOutputs& outputs,
                                         const SimulationLimits& limits = {});

}  // namespace spare
