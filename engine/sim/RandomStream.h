#pragma once

#include "engine/analysis/Philox.h"

#include <cstdint>

namespace spare {

// splitmix64 finaliser: a good 64-bit mix, used to derive independent seeds.
constexpr std::uint64_t splitmix64(std::uint64_t x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

// Which random streams of a run a draw feeds. Each purpose (and each group for failures) has its own
// stream, so drawing jitter or GPU indices never shifts the failure clocks: all policies run with the
// same seed see the same failures (common random numbers).
// Domain clocks, failure categories and repair times have purposes of their own, so adding them leaves every other
// draw of a run unchanged.
enum class StreamPurpose : std::uint64_t { FailureClock = 1, Jitter = 2, FailedGpu = 3, DomainClock = 4, FailureCategory = 5,
                                          RepairTime = 6, Hosts = 7, MemoryLoss = 8 };

// Reserved stream indices of the failure-clock purposes (FailureClock, DomainClock). A clock set with
// stream offset o (group clocks: 0; domain process p: p << 32) renews clock i from stream o + i and draws
// its first lifetimes, as order statistics, from two streams of its own: the exponential spacings from
// stream firstLifetimeSpacingStream + o and the clock ids from stream firstLifetimeClockStream + o. Their
// top bits are set, which no clock stream o + i has (i < 2^31, p < 2^30).
inline constexpr std::uint64_t firstLifetimeSpacingStream = 1ull << 63;
inline constexpr std::uint64_t firstLifetimeClockStream = 3ull << 62;

// Counter-based streams: draw d of stream `index` is Philox4x32-10 of the counter (d, index) under a
// key derived from (seed, purpose) through splitmix64, a pure function of those four numbers. A
// stream therefore carries no generator state, only how many draws it has taken, and a million
// streams cost a million counters. Draws are defined bit-for-bit (no std:: distributions), so runs
// are reproducible across standard libraries and thread counts.
class RandomStreams {
public:
    RandomStreams(std::uint64_t seed, StreamPurpose purpose)
    {
        const std::uint64_t key = splitmix64(splitmix64(seed) ^ static_cast<std::uint64_t>(purpose));
        key0_ = static_cast<std::uint32_t>(key);
        key1_ = static_cast<std::uint32_t>(key >> 32);
    }

    // 64 random bits: draw `draw` of stream `index`.
    std::uint64_t bits(std::uint64_t index, std::uint64_t draw) const
    {
        const PhiloxBlock counter{{static_cast<std::uint32_t>(draw), static_cast<std::uint32_t>(draw >> 32),
                                   static_cast<std::uint32_t>(index), static_cast<std::uint32_t>(index >> 32)}};
        const PhiloxBlock out = philox4x32_10(counter, key0_, key1_);
        return (static_cast<std::uint64_t>(out.v[1]) << 32) | out.v[0];
    }
    // Uniform in (0, 1]: never 0, so log() is finite.
    double uniformOpenZero(std::uint64_t index, std::uint64_t draw) const
    {
        return static_cast<double>((bits(index, draw) >> 11) + 1) * 0x1.0p-53;
    }
    // Uniform integer in 0 .. n-1 (n >= 1), from 53 random bits (bias below 2^-30 for n < 2^23).
    int below(int n, std::uint64_t index, std::uint64_t draw) const
    {
        return static_cast<int>(static_cast<double>(bits(index, draw) >> 11) * 0x1.0p-53 * n);
    }

private:
    std::uint32_t key0_ = 0;
    std::uint32_t key1_ = 0;
};

// The single stream (index 0) of a purpose drawn once per run, such as jitter, with its draw count.
class RandomStream {
public:
    RandomStream(std::uint64_t seed, StreamPurpose purpose) : streams_(seed, purpose) {}

    double uniformOpenZero() { return streams_.uniformOpenZero(0, draws_++); }
    int below(int n) { return streams_.below(n, 0, draws_++); }

private:
    RandomStreams streams_;
    std::uint64_t draws_ = 0;
};

}  // namespace spare
