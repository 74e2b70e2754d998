#include "ui/campaign/CampaignColorScale.h"

#include <algorithm>
#include <cmath>

namespace spare {

namespace {

// A sequential palette (pale yellow to dark blue), interpolated at t in [0, 1].
QColor paletteAt(double t)
{
    static const QColor stops[] = {QColor(0xff, 0xf7, 0xbc), QColor(0x7f, 0xcd, 0xbb), QColor(0x41, 0xb6, 0xc4),
                                   QColor(0x22, 0x5e, 0xa8), QColor(0x0c, 0x2c, 0x84)};
    const double position = std::clamp(t, 0.0, 1.0) * (std::size(stops) - 1);
    const auto i = std::min(static_cast<std::size_t>(position), std::size(stops) - 2);
    const double f = position - static_cast<double>(i);
    const auto mix = [f](int a, int b) { return static_cast<int>(std::lround(a + (b - a) * f)); };
    return QColor(mix(stops[i].red(), stops[i + 1].red()), mix(stops[i].green(), stops[i + 1].green()),
                  mix(stops[i].blue(), stops[i + 1].blue()));
}

}  // namespace

CampaignColorScale::CampaignColorScale(CampaignMetric::Kind metric, const QVector<double>& values)
    : discrete_(metric == CampaignMetric::Kind::BestR)
{
    QVector<double> finite;
    for (double v : values)
        if (std::isfinite(v))
            finite.append(v);
    std::sort(finite.begin(), finite.end());
    if (finite.isEmpty())
        return;
    if (discrete_) {
        finite.erase(std::unique(finite.begin(), finite.end()), finite.end());
        edges_ = finite;
    } else {
        // Quantile bins: a few extreme cells (r = 2 at a short MTBF) do not wash out the rest.
        high_ = finite.back();
        for (int i = 0; i < kLevels; ++i) {
            const double edge = finite[static_cast<qsizetype>(i) * finite.size() / kLevels];
            if (edges_.isEmpty() || edge > edges_.back())
                edges_.append(edge);
        }
    }
    for (qsizetype i = 0; i < edges_.size(); ++i) {
        colors_.append(paletteAt(edges_.size() == 1 ? 0.5 : static_cast<double>(i) / static_cast<double>(edges_.size() - 1)));
        const double upper = i + 1 < edges_.size() ? edges_[i + 1] : high_;
        names_.append(discrete_ ? CampaignMetric::format(metric, edges_[i])
                                : QStringLiteral("%1-%2").arg(CampaignMetric::format(metric, edges_[i], 3),
                                                               CampaignMetric::format(metric, upper, 3)));
    }
}

int CampaignColorScale::level(double value) const
{
    if (!std::isfinite(value) || edges_.isEmpty())
        return -1;
    const auto above = std::upper_bound(edges_.begin(), edges_.end(), value);
    return static_cast<int>(std::max<qsizetype>(0, above - edges_.begin() - 1));
}

QColor CampaignColorScale::color(double value) const
{
    const int l = level(value);
    return l < 0 ? QColor(0xdd, 0xdd, 0xdd) : colors_[l];
}

}  // namespace spare
