#pragma once

#include <cstdint>
#include <string>

namespace spare {

// The largest input files the engine reads, per kind (process-wide; spare-cli --max-scenario-size and
// --max-trace-size change them). Scenario and layout files are small JSON; a failure trace may be big.
struct InputFileLimits {
    std::uint64_t scenarioBytes = 64ull << 20;  // scenario and layout JSON
    std::uint64_t traceBytes = 1ull << 30;      // failure-trace CSV
};

InputFileLimits& inputFileLimits();

enum class InputFileKind {
    Scenario,      // named "scenario file", limit scenarioBytes (--max-scenario-size)
    Layout,        // named "layout file", limit scenarioBytes (--max-scenario-size)
    FailureTrace,  // named by its key "failures.trace", limit traceBytes (--max-trace-size)
    Placement,     // named by its key "topology.placement", limit scenarioBytes (--max-scenario-size)
};

// Reads a whole input file: the one way scenarios, layouts, failure traces and placements are opened.
// Before reading anything it throws the kind's InputError (ScenarioError, LayoutError, FailureTraceError,
// TopologyError), naming the kind (the key or file role), the path and the problem, when the path is not a regular
// file (a directory, device, FIFO or socket: /dev/zero never ends) or is larger than the kind's limit
// (the message names the flag that changes it); also when it cannot be opened or read, or grows past
// the limit while being read. Symbolic links are followed.
std::string readInputFile(const std::string& path, InputFileKind kind);

}  // namespace spare
