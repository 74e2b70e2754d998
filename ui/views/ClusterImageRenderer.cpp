#include "ui/views/ClusterImageRenderer.h"

#include "ui/views/ClusterPalette.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace spare {

namespace {

// Cells at least this many pixels wide/high get a one-pixel separator (smaller ones would look striped).
constexpr double kSeparatorCell = 10.0;

bool groupIsOut(GroupState st)
{
    return st == GroupState::Failed || st == GroupState::MaskedOut || st == GroupState::Restarting;
}

QRgb groupColor(const PlaybackState& state, int g, bool flashing)
{
    const GroupState st = state.snapshot().groupStates[static_cast<std::size_t>(g)];
    if (flashing && st == GroupState::Failed)
        return ClusterPalette::failureFlash();
    return ClusterPalette::state(st, state.computePosition(g));
}

QRgb failedGpuColor(bool flashing)
{
    return flashing ? ClusterPalette::failureFlash() : ClusterPalette::failedGpu();
}

}  // namespace

QRgb ClusterImageRenderer::cellColor(const PlaybackState& state, int group, int gpu, bool flashing)
{
    const auto g = static_cast<std::size_t>(group);
    if (gpu == state.snapshot().failedGpus[g] && groupIsOut(state.snapshot().groupStates[g]))
        return failedGpuColor(flashing);
    return groupColor(state, group, flashing);
}

void ClusterImageRenderer::render(QImage& image, const PlaybackState& state, const ClusterViewport& vp,
                                  const std::vector<std::uint8_t>& flashing)
{
    if (image.format() != QImage::Format_RGB32 && image.format() != QImage::Format_ARGB32_Premultiplied)
        image = image.convertToFormat(QImage::Format_RGB32);
    const int width = image.width();
    const int height = image.height();
    const int groups = state.groups();
    const int gpus = state.gpusPerGroup();
    const QRgb background = ClusterPalette::background();
    auto isFlashing = [&](int g) { return !flashing.empty() && flashing[static_cast<std::size_t>(g)] != 0; };
    const std::vector<GroupState>& groupStates = state.snapshot().groupStates;
    const std::vector<int>& failedGpus = state.snapshot().failedGpus;

    // Horizontal extent of the grid and the separator columns, computed once.
    const int x0 = std::clamp(static_cast<int>(std::floor(vp.originX)), 0, width);
    const int x1 = std::clamp(static_cast<int>(std::ceil(vp.originX + gpus * vp.cellWidth)), 0, width);
    std::vector<std::uint8_t> separatorColumn(static_cast<std::size_t>(width), 0);
    if (vp.cellWidth >= kSeparatorCell)
        for (int x = x0; x < x1; ++x) {
            const double inCell = std::fmod(x - vp.originX, vp.cellWidth);
            separatorColumn[static_cast<std::size_t>(x)] = inCell >= vp.cellWidth - 1.0;
        }

    int previousFirst = -1, previousLast = -1;
    for (int y = 0; y < height; ++y) {
        auto* line = reinterpret_cast<QRgb*>(image.scanLine(y));
        const double top = (y - vp.originY) / vp.cellHeight;
        const double bottom = (y + 1 - vp.originY) / vp.cellHeight;
        const int first = std::max(0, static_cast<int>(std::floor(top)));
        const int last = std::min(groups, static_cast<int>(std::ceil(bottom)));  // exclusive
        if (first >= last || x0 >= x1) {
            std::fill(line, line + width, background);
            previousFirst = -1;
            continue;
        }
        const bool separatorRow
            = vp.cellHeight >= kSeparatorCell && (y - vp.originY) - first * vp.cellHeight >= vp.cellHeight - 1.0;
        if (separatorRow) {
            std::fill(line, line + width, background);
            std::fill(line + x0, line + x1, ClusterPalette::separator());
            previousFirst = -1;
            continue;
        }
        // Same groups as the row above: same pixels.
        if (first == previousFirst && last == previousLast) {
            std::memcpy(line, image.scanLine(y - 1), static_cast<std::size_t>(width) * sizeof(QRgb));
            continue;
        }
        int worst = first;
        for (int g = first + 1; g < last; ++g)
            if (ClusterPalette::severity(groupStates[static_cast<std::size_t>(g)])
                > ClusterPalette::severity(groupStates[static_cast<std::size_t>(worst)]))
                worst = g;
        const QRgb base = groupColor(state, worst, isFlashing(worst));
        std::fill(line, line + x0, background);
        std::fill(line + x1, line + width, background);
        for (int x = x0; x < x1; ++x)
            line[x] = separatorColumn[static_cast<std::size_t>(x)] ? ClusterPalette::separator() : base;
        // The failed GPU of each group in range: at least one pixel wide, most severe wins.
        for (int g = first; g < last; ++g) {
            const int gpu = failedGpus[static_cast<std::size_t>(g)];
            if (gpu < 0 || !groupIsOut(groupStates[static_cast<std::size_t>(g)]))
                continue;
            const double left = vp.originX + gpu * vp.cellWidth;
            const int c0 = std::clamp(static_cast<int>(std::floor(left)), 0, width);
            const int c1 = std::clamp(std::max(c0 + 1, static_cast<int>(std::ceil(left + vp.cellWidth))), 0, width);
            std::fill(line + c0, line + c1, failedGpuColor(isFlashing(g)));
        }
        previousFirst = first;
        previousLast = last;
    }
}

}  // namespace spare
