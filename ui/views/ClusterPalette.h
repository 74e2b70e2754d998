#pragma once

#include "engine/sim/Event.h"

#include <QBrush>
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
    // A group coming back (repair rejoin): violet, apart from the greens of computing and the failure red.
    static QRgb rejoinFlash() { return qRgb(0xaa, 0x00, 0xff); }
    static QRgb failedGpu() { return qRgb(0x5d, 0x10, 0x10); }
    // A restart that loads the in-memory checkpoint, one that falls back to storage.
    static QRgb memoryRestore() { return qRgb(0x2e, 0x7d, 0x32); }
    static QRgb storageRestore() { return qRgb(0xef, 0x6c, 0x00); }
    // The live share of an elastic run's batch (the batch bar).
    static QRgb liveBatch() { return qRgb(0x19, 0x76, 0xd2); }
    static QRgb background() { return qRgb(0xfa, 0xfa, 0xfa); }
    static QRgb separator() { return qRgb(0xe0, 0xe0, 0xe0); }
    // The groups the stack view shows, marked in the cluster view.
    static QRgb stackRange() { return qRgb(0xc0, 0x3c, 0xb4); }
    // Group-axis marks of the hosts section: a failure-prone node, a slow node.
    static QRgb proneHost() { return qRgb(0xd3, 0x2f, 0x2f); }
    static QRgb slowHost() { return qRgb(0xf9, 0xa8, 0x25); }
    // Shard types in the stack view: 12 hues x 3 shades x 3 patterns, so 108 consecutive types never
    // share a look, and consecutive types differ in hue.
    static constexpr int kTypeLooks = 108;
    static QColor shardType(int type);
    // The pattern drawn over a type's colour (Qt::NoBrush for plain cells), in shardTypePatternColour.
    static Qt::BrushStyle shardTypePattern(int type);
    static QColor shardTypePatternColour(int type);
    // Higher is more severe: folded pixels show the most severe state they cover.
    static int severity(GroupState state);
    static QString name(GroupState state);
};

}  // namespace spare
