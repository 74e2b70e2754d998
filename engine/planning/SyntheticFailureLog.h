#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace spare {

enum class GapDistribution { Exponential, Weibull, Lognormal };
// "%m/%d/%Y %H:%M" (UTC, minute resolution: ties appear), "2025-01-02T13:45:07Z", or whole epoch seconds.
enum class SyntheticTimeFormat { MdyMinute, Iso8601, Epoch };

// A machine room of cols x rows racks; a rack holds cages x slots x nodes. A rack is (col, row); a
// location is written c{col}-{row}c{cage}s{slot}n{node}, every index from 0.
struct MachineRoom {
    int cols = 4;
    int rows = 8;
    int cagesPerRack = 3;
    int slotsPerCage = 8;  // not "slots": a Qt keyword
    int nodesPerSlot = 4;
};

struct SyntheticFailureLogOptions {
    // The background failures: a renewal process from startS whose gaps have mean meanGapS.
    GapDistribution model = GapDistribution::Weibull;
    double shape = 0.7;           // Weibull shape k (scale = mean / Gamma(1 + 1/k))
    double sigma = 1.0;           // lognormal sigma (mu = ln(mean) - sigma^2 / 2)
    double meanGapS = 7200.0;
    double days = 90.0;
    std::int64_t startS = 1735689600;  // UTC epoch seconds (2025-01-01 00:00)
    // Expected share of failures that belong to a burst: a background failure, with probability
    // burstShare / (3 - 2 burstShare), is followed by 1-3 (uniform) more failures in its rack, each
    // 30 s - 5 min after the one before. Burst failures past the end are dropped.
    double burstShare = 0.0;
    MachineRoom room;
    SyntheticTimeFormat timeFormat = SyntheticTimeFormat::MdyMinute;
    int unsortedRows = 0;         // adjacent failure rows swapped: each makes one row earlier than the one before
    int blankLines = 0;
    // One "Scheduled maintenance" event per this many days (0: none): a row for every node of one slot
    // at the same time, with no job id.
    int maintenanceEveryDays = 14;
    std::uint64_t seed = 1;
};

// A CSV failure log drawn from known parameters, with the columns time, location, cause, job_id
// (empty for about one row in five). Deterministic for the options.
struct SyntheticFailureLog {
    // Ranges of the options; generate() throws InputError naming the option, its value and its range.
    static constexpr double kMinShape = 0.1, kMaxShape = 10.0;
    static constexpr double kMaxSigma = 5.0;
    static constexpr double kMinMeanGapS = 1.0, kMaxMeanGapS = 1e9;
    static constexpr double kMaxDays = 3650.0;
    static constexpr double kMaxBurstShare = 0.9;
    static constexpr int kMaxRoomSide = 1000;        // each machine-room dimension 1 .. this
    static constexpr int kMaxCount = 1000000;        // unsorted rows, blank lines
    static constexpr double kMaxExpectedRows = 1e7;  // expected failures + maintenance rows

    static SyntheticFailureLog generate(const SyntheticFailureLogOptions& options);
    // Writes csv atomically; throws OutputFileError.
    void write(const std::string& path) const;

    std::string csv;
    std::vector<double> failureTimesS;  // every failure row's true time (epoch seconds), ascending
    std::size_t burstFailures = 0;      // failures in a burst, the first of each burst included
    std::size_t maintenanceRows = 0;
    std::size_t unsortedRows = 0;
    std::size_t blankLines = 0;
};

}  // namespace spare
