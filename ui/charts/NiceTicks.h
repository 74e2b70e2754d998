#pragma once

class QValueAxis;

namespace spare {

// Round axis ticks: a step of 1, 2 or 5 x 10^k, a range on whole steps and labels with just the
// decimals that step needs ("0 50 100", "0 0.25 0.5" not "0 0 1"). Integer axes step by whole numbers
// and pad at least half a unit so points on the first and last value are not cut in half.
struct NiceTicks {
    double lo = 0.0;
    double hi = 1.0;
    double step = 0.2;
    double anchor = 0.0;  // the first labelled tick
    int decimals = 1;

    // dataLo..dataHi (finite, lo <= hi) with about `targetTicks` intervals; `upperBound` caps the top
    // (availability never above 100%).
    static NiceTicks forRange(double dataLo, double dataHi, bool integer, int targetTicks = 6,
                              double upperBound = 1e300);
    void applyTo(QValueAxis* axis) const;
};

}  // namespace spare
