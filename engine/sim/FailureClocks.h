#pragma once

#include "sim/FailureTrace.h"
#include "sim/RandomStream.h"
#include "sim/Scenario.h"

#include <cstdint>
#include <queue>
#include <vector>

namespace spare {

// One failure clock per group (docs/method.md, section 5). Random models: a renewal process per group,
// Weibull(k, scale = N m / Gamma(1 + 1/k)) or exponential (mean N m) by inverse CDF, group g's n-th
// lifetime coming from draw n of counter-based stream g (sim/RandomStream.h), so every policy run with
// the same seed sees the same lifetimes. A group costs its draw count, its next firing and a heap slot.
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
    // n-th lifetime is draw n of stream streamOffset + i of (seed, purpose). model: Weibull or Exponential.
    FailureClocks(int clocks, FailureModel model, double meanS, double weibullShape, std::uint64_t seed,
                  StreamPurpose purpose, std::uint64_t streamOffset);
    // Trace clocks: `trace` rows (any order) with groups in 0..groups-1.
    FailureClocks(int groups, const std::vector<TraceFailure>& trace);

    int groups() const { return static_cast<int>(next_.size()); }
    // When group g's clock fires next (+inf when a trace has no more failures for it).
    double next(int group) const { return next_[static_cast<std::size_t>(group)]; }
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
    double lifetime(int group);  // the group's next draw
    double lifetimeFromDraw(std::size_t group, std::uint64_t draw) const;
    void schedule(int group, double timeS);
    void buildHeap();

    // A heap entry: 16 bytes per group (the lifetime index is read from the clock when it is popped).
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

    FailureModel model_ = FailureModel::Weibull;
    double scaleS_ = 0.0;     // Weibull scale or exponential mean (+inf: never fires)
    std::uint64_t streamOffset_ = 0;
    double inverseShape_ = 1.0;
    RandomStreams streams_{0, StreamPurpose::FailureClock};  // random models: stream g is group g's
    std::vector<std::uint64_t> draws_;             // random models: lifetimes drawn per group
    std::vector<std::vector<double>> traceTimes_;  // trace model, per group ascending
    std::vector<std::size_t> traceCursor_;
    std::vector<double> next_;
    std::priority_queue<Pending, std::vector<Pending>, Later> heap_;
};

}  // namespace spare
