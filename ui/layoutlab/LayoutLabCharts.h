#pragma once

#include "ui/charts/ChartSpec.h"
#include "ui/layoutlab/LayoutCandidate.h"

#include <QColor>
#include <QStringList>
#include <QVector>

#include <optional>

namespace spare {

// The layout lab's charts as ChartSpecs (drawn by QtChartRenderer, written by ChartExporter like every
// chart) and the colours and words the lab's views share with them.
class LayoutLabCharts {
public:
    static constexpr int kMatrixBlocks = 200;  // overlap-matrix export: at most this many blocks a side

    // "layout-tradeoff", "overlap-matrix"
    static QStringList names();
    static std::optional<ChartSpec> build(const QString& name, const QVector<LayoutCandidate>& candidates,
                                          LayoutCandidate::Role shown, const LayoutLabSettings& settings);

    // S_bar against mu per layout with the S_bar lower bound as a function of mu. Its CSV: layout,
    // independent, max_overlap, mu, mu_ci_low, mu_ci_high, s_bar, s_bar_ci_low, s_bar_ci_high, ttt_ratio_model.
    static ChartSpec tradeoff(const QVector<LayoutCandidate>& candidates, const LayoutLabSettings& settings);
    // The overlap heat map of one layout, max per block; its CSV: one row per block.
    static ChartSpec overlapMatrix(const LayoutCandidate& candidate);
    // The candidates a comparison shows: the custom layout only when it differs from the other two.
    static QVector<LayoutCandidate> distinct(const QVector<LayoutCandidate>& candidates);
    // The trade in words, with the current numbers (HTML).
    static QString tradeoffExplanation(const QVector<LayoutCandidate>& candidates);

    // Heat-map colours and legend names for 0 .. r shared types.
    static QVector<QColor> overlapColors(int redundancy);
    static QStringList overlapNames(int redundancy);
    // Groups x types grid: 0 = not held, 1 + base position otherwise.
    static QVector<QColor> holdingColors(int redundancy);
    static QStringList holdingNames(int redundancy);
    static QColor roleColor(LayoutCandidate::Role role);
};

}  // namespace spare
