#pragma once

#include <QImage>

#include <chrono>

// Mean wall time in ms of `draw(image)` into one image of `size`, over `reps` calls after one warm-up
// (the figure a benchmark's summary line prints).
template <typename Draw>
double meanDrawMs(Draw&& draw, QSize size, int reps)
{
    QImage image(size, QImage::Format_RGB32);
    draw(image);
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < reps; ++i)
        draw(image);
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count() / reps;
}
