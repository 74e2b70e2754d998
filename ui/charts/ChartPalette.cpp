#include "ui/charts/ChartPalette.h"

#include <array>

namespace spare {
namespace {

const QColor kBlack(0x00, 0x00, 0x00);
const QColor kOrange(0xe6, 0x9f, 0x00);
const QColor kSkyBlue(0x56, 0xb4, 0xe9);
const QColor kBluishGreen(0x00, 0x9e, 0x73);
const QColor kBlue(0x00, 0x72, 0xb2);
const QColor kVermillion(0xd5, 0x5e, 0x00);
const QColor kReddishPurple(0xcc, 0x79, 0xa7);

const std::array kSeries{kBlue, kVermillion, kBluishGreen, kOrange, kReddishPurple, kSkyBlue, kBlack};

}  // namespace

QColor ChartPalette::policy(Policy policy)
{
    switch (policy) {
    case Policy::Spare: return kBlue;
    case Policy::Rep: return kVermillion;
    case Policy::Ckpt: return kReddishPurple;
    case Policy::Elastic: return kBluishGreen;
    case Policy::Rebalance: return kOrange;
    }
    return kBlack;
}

QColor ChartPalette::model()
{
    return kBlack;
}

QColor ChartPalette::monteCarlo()
{
    return kBluishGreen;
}

QColor ChartPalette::bestSimulated(Policy policy)
{
    return policy == Policy::Spare ? kSkyBlue : kOrange;
}

QColor ChartPalette::series(int index)
{
    return kSeries[static_cast<std::size_t>(index) % kSeries.size()];
}

int ChartPalette::seriesCount()
{
    return static_cast<int>(kSeries.size());
}

}  // namespace spare
