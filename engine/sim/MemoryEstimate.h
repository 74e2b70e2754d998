#pragma once

#include "engine/sim/Scenario.h"

#include <cstdint>
#include <string>

namespace spare {

// What a simulation will hold in memory, estimated from the scenario alone before any work, so that
// the CLI and the GUI can refuse a run that would not fit (the same rule in both).
struct MemoryEstimate {
    std::uint64_t perGroupBytes = 0;  // one run's bytes per group (failure clocks, policy state, repair)
    std::uint64_t failureDomainBytes = 0;  // the placement on the topology and the domain failure clocks
    std::uint64_t traceBytes = 0;     // one run's copy of a failure trace (trace model only)
    std::uint64_t perRunBytes = 0;    // groups x perGroupBytes + failureDomainBytes + traceBytes
    int concurrentRuns = 1;           // runs alive at once (a sweep's worker threads)
    std::uint64_t bytes = 0;          // the estimate: concurrentRuns x perRunBytes + the process itself
};

// The peak memory of `concurrentRuns` simultaneous runs of `scenario` (its policy and r), as the address
// space they reserve (docs/simulator-model.md, "Memory"): 42 bytes per group for the failure clocks and
// the simulator's per-group state, plus 40 + 5.25 r for SPARe's controller (and 12 r for a stored layout;
// golomb and consecutive cost nothing per group). Resident memory stays below it, far below at large N,
// where a run writes only the entries its failures reach. A failure trace costs about 4 x its file size
// while it is loaded. With a topology and domain processes (or a trace), the placement and one clock per
// domain and process; with a repair section, its per-group state and one heap entry per node that can be
// in repair. Event writers stream and are not counted.
MemoryEstimate estimateRunMemory(const Scenario& scenario, int concurrentRuns = 1);

// The default budget: half of physical memory, and at most half of the address-space limit
// (RLIMIT_AS) when one is set.
std::uint64_t defaultMemoryBudget();

// Empty when the estimate fits the budget; otherwise one line naming both with every term of the sum,
// e.g. "the run needs about 2.2 GB (16 MB for the program itself + 1 run at once x 2.2 GB each: 10000000
// groups x 236 B), over the memory budget of 1.0 GB".
std::string memoryBudgetProblem(const MemoryEstimate& estimate, const Scenario& scenario, std::uint64_t budget);

}  // namespace spare
