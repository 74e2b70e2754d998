#include "ui/views/ClusterPalette.h"

#include <QCoreApplication>

#include <algorithm>

namespace spare {

QRgb ClusterPalette::computing(int stackPosition)
{
    static constexpr QRgb shades[kComputeShades] = {
        qRgb(0x2e, 0x7d, 0x32), qRgb(0x38, 0x8e, 0x3c), qRgb(0x43, 0xa0, 0x47),
        qRgb(0x66, 0xbb, 0x6a), qRgb(0x81, 0xc7, 0x84), qRgb(0xa5, 0xd6, 0xa7)};
    return shades[std::clamp(stackPosition, 0, kComputeShades - 1)];
}

namespace {

constexpr int kTypeHues = 12;
constexpr int kTypeShades = 3;

}  // namespace

QColor ClusterPalette::shardType(int type)
{
    // Hue steps of 5/12 of the circle: consecutive types sit far apart on it, and 12 types pass before
    // a hue comes back (in the next shade).
    const int hue = (type * 5) % kTypeHues;
    const int shade = (type / kTypeHues) % kTypeShades;
    static constexpr float saturation[kTypeShades] = {0.40f, 0.55f, 0.22f};
    static constexpr float value[kTypeShades] = {0.97f, 0.97f, 0.82f};
    return QColor::fromHsvF(static_cast<float>(hue) / kTypeHues, saturation[shade], value[shade]);
}

Qt::BrushStyle ClusterPalette::shardTypePattern(int type)
{
    static constexpr Qt::BrushStyle patterns[] = {Qt::NoBrush, Qt::Dense6Pattern, Qt::VerPattern};
    return patterns[(type / (kTypeHues * kTypeShades)) % 3];
}

QColor ClusterPalette::shardTypePatternColour(int type)
{
    return shardType(type).darker(170);
}

QRgb ClusterPalette::state(GroupState st, int stackPosition)
{
    switch (st) {
    case GroupState::Computing: return computing(stackPosition);
    case GroupState::Idle: return qRgb(0xb2, 0xdf, 0xdb);
    case GroupState::Failed: return qRgb(0x61, 0x61, 0x61);
    case GroupState::MaskedOut: return qRgb(0x9e, 0x9e, 0x9e);
    case GroupState::Restarting: return qRgb(0xff, 0xb3, 0x00);
    case GroupState::Checkpointing: return qRgb(0x1e, 0x88, 0xe5);
    }
    return background();
}

int ClusterPalette::severity(GroupState st)
{
    switch (st) {
    case GroupState::Idle: return 0;
    case GroupState::Computing: return 1;
    case GroupState::Checkpointing: return 2;
    case GroupState::MaskedOut: return 3;
    case GroupState::Restarting: return 4;
    case GroupState::Failed: return 5;
    }
    return 0;
}

QString ClusterPalette::name(GroupState st)
{
    switch (st) {
    case GroupState::Computing: return QCoreApplication::translate("ClusterPalette", "computing");
    case GroupState::Idle: return QCoreApplication::translate("ClusterPalette", "idle at all-reduce");
    case GroupState::Failed: return QCoreApplication::translate("ClusterPalette", "failed");
    case GroupState::MaskedOut: return QCoreApplication::translate("ClusterPalette", "masked out");
    case GroupState::Restarting: return QCoreApplication::translate("ClusterPalette", "restarting");
    case GroupState::Checkpointing: return QCoreApplication::translate("ClusterPalette", "checkpointing");
    }
    return {};
}

}  // namespace spare
