#include "ui/charts/NiceTicks.h"

#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace spare {
namespace {

// The smallest 1, 2, 2.5 or 5 x 10^k at or above `raw`.
double niceStep(double raw, bool integer)
{
    const double decade = std::pow(10.0, std::floor(std::log10(raw)));
    for (double f : {1.0, 2.0, 2.5, 5.0, 10.0})
        if (f * decade >= raw * (1.0 - 1e-9) && (!integer || f != 2.5 || decade >= 10.0))
            return f * decade;
    return 10.0 * decade;
}

int decimalsFor(double step)
{
    for (int d = 0; d < 10; ++d) {
        const double scaled = step * std::pow(10.0, d);
        if (std::abs(scaled - std::round(scaled)) < 1e-6 * scaled)
            return d;
    }
    return 10;
}

}  // namespace

NiceTicks NiceTicks::forRange(double dataLo, double dataHi, bool integer, int targetTicks, double upperBound)
{
    NiceTicks t;
    if (!(std::isfinite(dataLo) && std::isfinite(dataHi)) || dataLo > dataHi) {
        dataLo = 0.0;
        dataHi = 1.0;
    }
    dataHi = std::min(dataHi, upperBound);
    dataLo = std::min(dataLo, dataHi);
    if (integer) {
        const double lo = std::floor(dataLo);
        const double hi = std::max(std::ceil(dataHi), lo + 1.0);
        t.step = std::max(1.0, niceStep((hi - lo) / targetTicks, true));
        t.anchor = std::ceil(lo / t.step) * t.step;
        const double pad = std::max(0.5, (hi - lo) * 0.02);
        t.lo = lo - pad;
        t.hi = hi + pad;
        t.decimals = 0;
        return t;
    }
    double span = dataHi - dataLo;
    if (span <= 0.0)
        span = std::max(std::abs(dataHi) * 0.2, 1.0);
    t.step = niceStep(span / targetTicks, false);
    // A little room so curves do not run along the frame; non-negative data (ratios, counts) keeps a
    // zero floor instead of a negative one.
    const double room = span * 0.02;
    t.lo = std::floor((dataLo - room) / t.step) * t.step;
    if (dataLo >= 0.0)
        t.lo = std::max(0.0, t.lo);
    t.hi = std::min(std::ceil((dataHi + room) / t.step) * t.step, upperBound);
    if (t.hi <= t.lo)
        t.hi = t.lo + t.step;
    t.anchor = t.lo;
    t.decimals = decimalsFor(t.step);
    return t;
}

void NiceTicks::applyTo(QValueAxis* axis) const
{
    // Never pass through a state with a tiny interval over a huge range (Qt Charts would lay out
    // thousands of ticks): a coarser interval goes in before the range, a finer one after it.
    const bool coarser = axis->tickType() != QValueAxis::TicksDynamic || step >= axis->tickInterval();
    axis->setTickType(QValueAxis::TicksDynamic);
    if (coarser)
        axis->setTickInterval(step);
    axis->setRange(lo, hi);
    axis->setTickAnchor(anchor);
    if (!coarser)
        axis->setTickInterval(step);
    axis->setLabelFormat(decimals == 0 ? QStringLiteral("%.0f") : QStringLiteral("%.") + QString::number(decimals) + QStringLiteral("f"));
}

}  // namespace spare
