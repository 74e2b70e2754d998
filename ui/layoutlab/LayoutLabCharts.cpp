#include "ui/layoutlab/LayoutLabCharts.h"

#include "engine/analysis/ClosedForms.h"
#include "engine/layout/Layout.h"
#include "engine/layout/LayoutOverlap.h"

#include <algorithm>
#include <cmath>

namespace spare {
namespace {

QString number(double value)
{
    return QString::number(value, 'g', 10);
}

QString optionalNumber(const std::optional<double>& value)
{
    return value ? number(*value) : QString();
}

QString describe(const LayoutCandidate& c)
{
    return c.independent() ? QStringLiteral("%1 (independent)").arg(c.name)
                           : QStringLiteral("%1 (max overlap %2)").arg(c.name).arg(c.maxOverlap());
}

// First group of block i when n groups are cut into `blocks` blocks (cell a is in block a * blocks / n).
int blockStart(int i, int n, int blocks)
{
    return static_cast<int>((static_cast<std::int64_t>(i) * n + blocks - 1) / blocks);
}

// "+7.2%" for a ratio of 1.072.
QString signedPercent(double ratio)
{
    const double percent = 100.0 * (ratio - 1.0);
    return QStringLiteral("%1%2%").arg(percent >= 0.0 ? QStringLiteral("+") : QString()).arg(percent, 0, 'f', 1);
}

const LayoutCandidate* find(const QVector<LayoutCandidate>& candidates, LayoutCandidate::Role role)
{
    const auto it = std::find_if(candidates.begin(), candidates.end(), [role](const auto& c) { return c.role == role; });
    return it == candidates.end() ? nullptr : &*it;
}

}  // namespace

QStringList LayoutLabCharts::names()
{
    return {QStringLiteral("layout-tradeoff"), QStringLiteral("overlap-matrix")};
}

std::optional<ChartSpec> LayoutLabCharts::build(const QString& name, const QVector<LayoutCandidate>& candidates,
                                                LayoutCandidate::Role shown, const LayoutLabSettings& settings)
{
    if (name == names()[0])
        return tradeoff(candidates, settings);
    const LayoutCandidate* c = find(candidates, shown);
    if (name == names()[1] && c)
        return overlapMatrix(*c);
    return std::nullopt;
}

QVector<LayoutCandidate> LayoutLabCharts::distinct(const QVector<LayoutCandidate>& candidates)
{
    QVector<LayoutCandidate> out;
    for (const LayoutCandidate& c : candidates)
        if (std::none_of(out.begin(), out.end(), [&c](const LayoutCandidate& kept) { return kept.key == c.key; }))
            out.append(c);
    return out;
}

ChartSpec LayoutLabCharts::tradeoff(const QVector<LayoutCandidate>& candidates, const LayoutLabSettings& settings)
{
    ChartSpec spec;
    spec.id = names()[0];
    spec.title = QStringLiteral("Failures endured vs stack depth, by layout");
    spec.subtitle = QStringLiteral("N = %1, r = %2; Monte-Carlo %3 trials, seed %4 (mu exact for consecutive offsets)")
                        .arg(settings.groups)
                        .arg(settings.redundancy)
                        .arg(settings.trials)
                        .arg(settings.seed);
    spec.xLabel = QStringLiteral("mu: failures endured before a wipe-out");
    spec.yLabel = QStringLiteral("S_bar: mean stack number while failures are masked");
    spec.table.columns = {QStringLiteral("layout"),       QStringLiteral("independent"),   QStringLiteral("max_overlap"),
                          QStringLiteral("mu"),           QStringLiteral("mu_ci_low"),     QStringLiteral("mu_ci_high"),
                          QStringLiteral("s_bar"),        QStringLiteral("s_bar_ci_low"),  QStringLiteral("s_bar_ci_high"),
                          QStringLiteral("ttt_ratio_model")};
    double lowMu = INFINITY;
    double highMu = -INFINITY;
    for (const LayoutCandidate& c : distinct(candidates)) {
        const LayoutFigures& f = c.figures;
        const bool known = f.mu && f.sbar;
        spec.table.rows.append({c.name, c.independent() ? QStringLiteral("true") : QStringLiteral("false"),
                                QString::number(c.maxOverlap()), optionalNumber(f.mu),
                                f.mu ? number(f.muCi.low) : QString(), f.mu ? number(f.muCi.high) : QString(),
                                optionalNumber(f.sbar), f.sbar ? number(f.sbarCi.low) : QString(),
                                f.sbar ? number(f.sbarCi.high) : QString(), optionalNumber(f.tttRatio)});
        if (!known)
            continue;
        ChartSeries s;
        s.name = describe(c);
        s.points = {QPointF(*f.mu, *f.sbar)};
        s.style = ChartSeries::Style::Points;
        s.color = roleColor(c.role);
        spec.series.append(s);
        lowMu = std::min(lowMu, *f.mu);
        highMu = std::max(highMu, *f.mu);
    }
    if (lowMu <= highMu) {
        ChartSeries bound;
        bound.name = QStringLiteral("S_bar lower bound at mu");
        bound.style = ChartSeries::Style::DashedLine;
        bound.color = QColor(Qt::darkGray);
        const double from = std::max(1.0, lowMu * 0.9);
        const double to = std::min(static_cast<double>(settings.groups - 1), highMu * 1.1);
        constexpr int kSamples = 80;
        for (int i = 0; i <= kSamples; ++i) {
            const double mu = from + (to - from) * i / kSamples;
            bound.points.append(QPointF(mu, sbarLowerBound(settings.groups, mu)));
        }
        spec.series.append(bound);
    }
    return spec;
}

ChartSpec LayoutLabCharts::overlapMatrix(const LayoutCandidate& c)
{
    const int n = c.layout->groups();
    const int blocks = std::min(n, kMatrixBlocks);
    ChartSpec spec;
    spec.id = names()[1];
    spec.title = QStringLiteral("Overlap matrix: types each pair of groups shares");
    spec.subtitle = QStringLiteral("%1 layout, N = %2, r = %3: max overlap %4, %5 pairs share two or more%6")
                        .arg(c.name)
                        .arg(n)
                        .arg(c.layout->redundancy())
                        .arg(c.maxOverlap())
                        .arg(c.pairsSharingSeveral())
                        .arg(blocks < n ? QStringLiteral(" (max per block of about %1 x %1)").arg(n / blocks) : QString());
    spec.xLabel = QStringLiteral("group");
    spec.yLabel = QStringLiteral("group");
    ChartHeatMap& map = spec.heatMap;
    map.rows = blocks;
    map.columns = blocks;
    const std::vector<int> values = c.overlap->blockMaxima({0, n, 0, n}, blocks, blocks);
    map.values = QVector<int>(values.begin(), values.end());
    const int levels = std::max(2, c.maxOverlap() + 1);
    map.levelColors = overlapColors(c.layout->redundancy()).mid(0, levels);
    map.levelNames = overlapNames(c.layout->redundancy()).mid(0, levels);
    map.xMax = n;
    map.yMax = n;
    spec.table.columns = {QStringLiteral("row_first"), QStringLiteral("row_last"), QStringLiteral("column_first"),
                          QStringLiteral("column_last"), QStringLiteral("max_shared")};
    for (int i = 0; i < blocks; ++i)
        for (int j = 0; j < blocks; ++j)
            spec.table.rows.append({QString::number(blockStart(i, n, blocks)), QString::number(blockStart(i + 1, n, blocks) - 1),
                                    QString::number(blockStart(j, n, blocks)), QString::number(blockStart(j + 1, n, blocks) - 1),
                                    QString::number(values[static_cast<std::size_t>(i * blocks + j)])});
    return spec;
}

QString LayoutLabCharts::tradeoffExplanation(const QVector<LayoutCandidate>& candidates)
{
    const LayoutCandidate* golomb = find(candidates, LayoutCandidate::Role::Golomb);
    const LayoutCandidate* consecutive = find(candidates, LayoutCandidate::Role::Consecutive);
    if (!golomb || !consecutive)
        return {};
    const int r = golomb->layout->redundancy();
    QString text = QStringLiteral(
                       "<p><b>Why Golomb offsets.</b> In the consecutive layout neighbouring groups share %1 types, "
                       "so a wipe-out needs %2 failed groups in a row: that is rare, and more failures are endured "
                       "before one. But a failed group's types can only move to those few neighbours, which then "
                       "stack deeper. With Golomb offsets every difference occurs once, so any two groups share at "
                       "most one type: a failed group's %2 types go to %2 different groups and S_bar stays at its "
                       "lower bound.</p>")
                       .arg(r - 1)
                       .arg(r);
    const LayoutFigures& g = golomb->figures;
    const LayoutFigures& c = consecutive->figures;
    if (!(g.mu && g.sbar && c.mu && c.sbar && g.tttRatio && c.tttRatio))
        return text + QStringLiteral("<p>The Monte-Carlo is measuring mu and S_bar...</p>");
    return text + QStringLiteral(
                      "<p>Here consecutive endures mu = %2 failures against %3 for golomb (%1) and stacks S_bar = %5 "
                      "against %6 (%4; lower bound %7). Every step pays S_bar stacks of compute, while endured failures "
                      "only space out the restarts: the model TTT/T0 is %8 for golomb and %9 for consecutive.</p>")
                      .arg(signedPercent(*c.mu / *g.mu))
                      .arg(*c.mu, 0, 'f', 1)
                      .arg(*g.mu, 0, 'f', 1)
                      .arg(signedPercent(*c.sbar / *g.sbar))
                      .arg(*c.sbar, 0, 'f', 3)
                      .arg(*g.sbar, 0, 'f', 3)
                      .arg(g.sbarBound.value_or(1.0), 0, 'f', 3)
                      .arg(*g.tttRatio, 0, 'f', 3)
                      .arg(*c.tttRatio, 0, 'f', 3);
}

QVector<QColor> LayoutLabCharts::overlapColors(int redundancy)
{
    QVector<QColor> colors{QColor(Qt::white), QColor(0x9e, 0xca, 0xe1)};
    // Two or more shared types: orange to dark red.
    const QColor from(0xfd, 0x8d, 0x3c);
    const QColor to(0x67, 0x00, 0x0d);
    const int heavy = std::max(1, redundancy - 2);
    for (int k = 2; k <= redundancy; ++k) {
        const double t = static_cast<double>(k - 2) / heavy;
        colors.append(QColor::fromRgbF(from.redF() + t * (to.redF() - from.redF()), from.greenF() + t * (to.greenF() - from.greenF()),
                                       from.blueF() + t * (to.blueF() - from.blueF())));
    }
    return colors;
}

QStringList LayoutLabCharts::overlapNames(int redundancy)
{
    QStringList names;
    for (int k = 0; k <= redundancy; ++k)
        names << (k == 1 ? QStringLiteral("1 shared type") : QStringLiteral("%1 shared types").arg(k));
    return names;
}

QVector<QColor> LayoutLabCharts::holdingColors(int redundancy)
{
    QVector<QColor> colors{QColor(Qt::white)};
    for (int j = 0; j < redundancy; ++j)
        colors.append(QColor::fromHsv((j * 360 / std::max(redundancy, 1) + 200) % 360, 170, 200));
    return colors;
}

QStringList LayoutLabCharts::holdingNames(int redundancy)
{
    QStringList names{QStringLiteral("not held")};
    for (int j = 0; j < redundancy; ++j)
        names << QStringLiteral("held at stack position %1 (offset o_%1)").arg(j);
    return names;
}

QColor LayoutLabCharts::roleColor(LayoutCandidate::Role role)
{
    switch (role) {
    case LayoutCandidate::Role::Golomb: return {0x1f, 0x77, 0xb4};
    case LayoutCandidate::Role::Consecutive: return {0xd6, 0x27, 0x28};
    case LayoutCandidate::Role::Custom: return {0x2c, 0xa0, 0x2c};
    }
    return {};
}

}  // namespace spare
