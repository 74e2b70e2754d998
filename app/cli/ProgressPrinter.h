#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>

namespace spare::cli {

// Progress of a long job on stderr, with the elapsed time and an estimate of the time left: on a
// terminal one line rewritten in place, otherwise (logs, pipes) one line per 10% and one at the end.
// Thread-safe (sweeps report from oneTBB workers, possibly out of order).
std::function<void(std::uint64_t done, std::uint64_t total)> stderrProgress(std::string label,
                                                                            std::string unit = "runs");

// "42 s", "3 min 05 s", "2 h 07 min", "3 d 04 h".
std::string formatDuration(double seconds);

}  // namespace spare::cli
