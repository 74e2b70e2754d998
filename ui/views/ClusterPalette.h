#pragma once

#include "sim/Event.h"

#include <QColor>
#include <QString>

namespace spare {

// Colours, names and severities of the per-GPU states drawn by the cluster views. Every state's colour
// keeps a WCAG contrast of at least 3 against black (presentation mode's background) as well as
// against the grid's light background.
class ClusterPalette {
public:
    static constexpr int kComputeShades = 6;

    static QRgb computing(int stackPosition);
    static QRgb state(GroupState state, int stackPosition = 0);
    static QRgb failureFlash() { return qRgb(0xff, 0x17, 0x44); }
    static QRgb failedGpu() { return qRgb(0x5d, 0x10, 0x10); }
    static QRgb background() { return qRgb(0xfa, 0xfa, 0xfa); }
    static QRgb separator() { return qRgb(0xe0, 0xe0, 0xe0); }
    // Higher is more severe: folded pixels show the most severe state they cover.
    static int severity(GroupState state);
    static QString name(GroupState state);
};

}  // namespace spare
