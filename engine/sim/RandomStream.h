#pragma once

#include <cstdint>
#include <random>

namespace spare {

// splitmix64 finaliser: a good 64-bit mix, used to derive independent seeds.
constexpr std::uint64_t splitmix64(std::uint64_t x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

// Which random stream of a run a generator feeds. Each purpose (and each group for failures) gets its
// own generator, so drawing jitter or GPU indices never shifts the failure clocks: all policies run
// with the same seed see the same failures (common random numbers).
enum class StreamPurpose : std::uint64_t { FailureClock = 1, Jitter = 2, FailedGpu = 3 };

// A std::mt19937_64 seeded from (seed, purpose, index) through splitmix64, with the draws the
// simulator needs. Draws are defined bit-for-bit (no std:: distributions), so runs are reproducible
// across standard libraries.
class RandomStream {
public:
    RandomStream(std::uint64_t seed, StreamPurpose purpose, std::uint64_t index = 0)
        : engine_(splitmix64(splitmix64(splitmix64(seed) ^ static_cast<std::uint64_t>(purpose)) ^ index))
    {
    }

    // Uniform in (0, 1]: never 0, so log() is finite.
    double uniformOpenZero() { return static_cast<double>((engine_() >> 11) + 1) * 0x1.0p-53; }
    // Uniform integer in 0 .. n-1 (n >= 1), from 53 random bits (bias below 2^-30 for n < 2^23).
    int below(int n)
    {
        return static_cast<int>(static_cast<double>(engine_() >> 11) * 0x1.0p-53 * n);
    }

private:
    std::mt19937_64 engine_;
};

}  // namespace spare
