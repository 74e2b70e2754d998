#pragma once

#include "engine/memory/SparseZeroedArray.h"
#include "engine/sim/FailureTrace.h"
#include "engine/sim/RandomStream.h"
#include "engine/sim/Scenario.h"

#include <cstdint>
#include <queue>
#include <vector>

namespace spare {

// One failure clock per group (docs/method.md, section 5). Random models: a renewal process per group,
// Weibull(k, scale = N m / Gamma(1 + 1/k)) or exponential (mean N m) by inverse CDF, so every policy run
// with the same seed sees the same lifetimes.
// - First lifetimes are revealed in increasing order, only when the run reaches them: the i-th smallest of
//   the n iid first lifetimes comes from exponential spacings E_i = E_(i-1) + Z_i / (n - i) (Z_i from draw
//   i of the spacing stream) as scale * E_i^(1/k) (or scale * E_i), and goes to a clock drawn uniformly
//   among those not yet revealed (rejection draws of the clock-id stream). Construction is O(1) and a
//   clock nobody reached costs nothing.
//   Under failures.start stationary the first lifetimes come from the forward-recurrence distribution
//   (density S(t) / mean: a clock met mid-life) by its inverse CDF, through the same order statistics; for
//   the exponential it is the lifetime distribution itself, so both starts give the same stream.
// - Later lifetimes: group g's n-th lifetime (n >= 1) is draw n of counter-based stream g.
// Trace model: the recorded failure instants of each group replace the random lifetimes.
//
// The clocks only fire; what a firing means (a noticed failure, a renewal while the group is out, a
// restart window starting over) is the simulator's business. It pops fired clocks in time order
// (ties by group id) and renews each from the instant the rules name.
class FailureClocks {
public:
    struct Firing {
        double timeS = 0.0;
        int group = -1;
        std::uint64_t lifetime = 0;  // which of the group's lifetimes (or trace rows) this is, from 0
    };

    // Random clocks (scenario.failureModel Weibull or Exponential), all started at time 0; mean N m, or
    // N m / share when failure categories give the per-group clocks a share of the failures.
    FailureClocks(const Scenario& scenario);
    // `clocks` random clocks of mean `meanS` (+inf: they never fire), all started at time 0: clock i's
    // n-th lifetime (n >= 1) is draw n of stream streamOffset + i of (seed, purpose); the first lifetimes
    // come from the two order-statistic streams of streamOffset (sim/RandomStream.h). model: Weibull or
    // Exponential.
    FailureClocks(int clocks, FailureModel model, double meanS, double weibullShape, std::uint64_t seed,
                  StreamPurpose purpose, std::uint64_t streamOffset, ClockStart start = ClockStart::New);
    // Trace clocks: `trace` rows (any order) with groups in 0..groups-1.
    FailureClocks(int groups, const std::vector<TraceFailure>& trace);

    int groups() const { return clocks_; }
    // True when group g's clock has a pending firing at or before timeS (reveals the first lifetimes up
    // to timeS; a clock still unrevealed then has not fired).
    bool firedBy(int group, double timeS);
    // The earliest pending firing over all groups (+inf when none).
    double earliest() const;
    // Removes and returns the earliest firing; the group's clock is idle until renew() or restore().
    Firing pop();
    // Restarts group g's clock at instant `from`: random models draw a fresh lifetime; the trace model
    // moves on to the group's first recorded failure strictly after `from`.
    void renew(int group, double from);
    // Puts a popped firing back unchanged (it stays pending until popped again).
    void restore(const Firing& firing);

private:
    bool revealed(std::size_t group) const { return model_ == FailureModel::Trace || clock_[group].draws != 0; }
    // Hands every first lifetime <= timeS to its clock.
    void revealThrough(double timeS);
    void revealNextFirstLifetime();
    void computeNextFirstLifetime();
    double lifetimeOf(double exponential) const;  // inverse CDF of 1 - exp(-exponential)
    double firstLifetimeOf(double exponential) const;  // the same for the first lifetime (failures.start)
    void schedule(int group, double timeS);

    // A heap entry: 16 bytes per revealed group (the lifetime index is read from the clock when popped).
    struct Pending {
        double timeS = 0.0;
        int group = -1;
    };
    struct Later {
        bool operator()(const Pending& a, const Pending& b) const
        {
            return a.timeS != b.timeS ? a.timeS > b.timeS : a.group > b.group;
        }
    };

    int clocks_ = 0;
    FailureModel model_ = FailureModel::Weibull;
    double scaleS_ = 0.0;  // Weibull scale or exponential mean (+inf: never fires)
    double inverseShape_ = 1.0;
    bool stationary_ = false;  // first lifetimes from the forward-recurrence distribution (Weibull only)
    RandomStreams streams_{0, StreamPurpose::FailureClock};  // random models: stream streamOffset_ + g is group g's
    std::uint64_t streamOffset_ = 0;
    // First lifetimes: how many are revealed, the running spacing sum E, the next one (+inf: none left),
    // and how many clock-id draws were taken.
    std::uint64_t firstRevealed_ = 0;
    double spacingSum_ = 0.0;
    double nextFirstS_ = 0.0;
    std::uint64_t clockIdDraws_ = 0;
    // Per group, together so that revealing a clock writes one chunk.
    struct Clock {
        double nextS = 0.0;        // a revealed group's pending firing (+inf while idle)
        std::uint64_t draws = 0;   // random models: lifetimes drawn (0: not yet revealed)
    };
    SparseZeroedArray<Clock> clock_;
    std::vector<std::vector<double>> traceTimes_;  // trace model, per group ascending
    std::vector<std::size_t> traceCursor_;
    std::priority_queue<Pending, std::vector<Pending>, Later> heap_;
};

}  // namespace spare
