#pragma once

#include "ui/playback/PlaybackState.h"

#include <QImage>

#include <cstdint>
#include <vector>

namespace spare {

// Maps the N x M grid (row = group, column = GPU) to pixels: GPU c of group g covers
// [originX + c * cellWidth, +cellWidth) x [originY + g * cellHeight, +cellHeight).
struct ClusterViewport {
    double cellWidth = 1.0;
    double cellHeight = 1.0;
    double originX = 0.0;
    double originY = 0.0;
};

// Draws the whole cluster into a QImage with level of detail: each pixel row/column covers a range of
// groups/GPUs and shows the most severe state in it, so the cost is O(pixels + groups), not O(GPUs).
// No per-GPU objects. `flashing` (N entries, may be empty) marks groups whose failure is being animated.
class ClusterImageRenderer {
public:
    static void render(QImage& image, const PlaybackState& state, const ClusterViewport& viewport,
                       const std::vector<std::uint8_t>& flashing = {});
    // Colour of one GPU cell at full detail (the reference the folded drawing must agree with).
    static QRgb cellColor(const PlaybackState& state, int group, int gpu, bool flashing);
};

}  // namespace spare
