#include "ui/analysis/AnalysisCharts.h"

#include "engine/study/AnalysisFigures.h"
#include "ui/charts/ChartPalette.h"
#include "ui/charts/TimeBreakdownChart.h"

namespace spare {
namespace {

QString text(const std::string& utf8)
{
    return QString::fromStdString(utf8);
}

QStringList texts(const std::vector<std::string>& items)
{
    QStringList list;
    for (const std::string& item : items)
        list.append(text(item));
    return list;
}

// Layouts by name order: golomb, consecutive, then the scenario's own.
QColor layoutColor(int index)
{
    static const int order[] = {0, 3, 2};  // blue, orange, bluish green
    return ChartPalette::series(order[index % 3]);
}

QColor colorOf(const FigureSeries& series)
{
    switch (series.color) {
    case FigureSeries::Color::Policy: return ChartPalette::policy(series.policy);
    case FigureSeries::Color::Model: return ChartPalette::model();
    case FigureSeries::Color::MonteCarlo: return ChartPalette::monteCarlo();
    case FigureSeries::Color::Layout: return layoutColor(series.colorIndex);
    case FigureSeries::Color::Palette: return ChartPalette::series(series.colorIndex);
    }
    return {};
}

ChartSeries::Style styleOf(FigureSeries::Style style)
{
    switch (style) {
    case FigureSeries::Style::Line: return ChartSeries::Style::Line;
    case FigureSeries::Style::DashedLine: return ChartSeries::Style::DashedLine;
    case FigureSeries::Style::Points: return ChartSeries::Style::Points;
    }
    return ChartSeries::Style::Line;
}

}  // namespace

QStringList AnalysisCharts::names()
{
    return texts(AnalysisFigures::names());
}

QStringList AnalysisCharts::available(const AnalysisRequest& request)
{
    return texts(AnalysisFigures::available(request));
}

QString AnalysisCharts::unavailable(const QString& name, const AnalysisRequest& request)
{
    return text(AnalysisFigures::unavailable(name.toStdString(), request));
}

std::optional<ChartSpec> AnalysisCharts::build(const QString& name, const AnalysisRequest& request,
                                               const AnalysisResults& results)
{
    const std::optional<AnalysisFigure> figure = AnalysisFigures::build(name.toStdString(), request, results);
    if (!figure)
        return std::nullopt;
    return chartSpec(*figure);
}

ChartSpec AnalysisCharts::chartSpec(const AnalysisFigure& figure)
{
    if (figure.barFigure)
        return TimeBreakdownChart::build(QVector<TimeBreakdownBar>(figure.bars.begin(), figure.bars.end()),
                                         text(figure.subtitle));
    ChartSpec spec;
    spec.id = text(figure.id);
    spec.title = text(figure.title);
    spec.subtitle = text(figure.subtitle);
    spec.xLabel = text(figure.xLabel);
    spec.yLabel = text(figure.yLabel);
    spec.integerX = figure.integerX;
    spec.yUpperBound = figure.yUpperBound;
    for (const FigureSeries& s : figure.series) {
        ChartSeries series;
        series.name = text(s.name);
        series.style = styleOf(s.style);
        series.color = colorOf(s);
        for (const FigurePoint& p : s.points) {
            series.points.append(QPointF(p.x, p.y));
            if (s.hasBand) {
                series.bandLow.append(p.low);
                series.bandHigh.append(p.high);
            }
        }
        spec.series.append(series);
    }
    for (const FigureMarker& m : figure.markers) {
        if (m.bestSimulated)
            spec.markers.append({text(m.label), QPointF(m.x, m.y), ChartPalette::bestSimulated(m.policy),
                                 ChartMarker::Shape::Star, QStringLiteral("r = %1").arg(m.x)});
        else
            spec.markers.append({text(m.label), QPointF(m.x, m.y), ChartPalette::model(), ChartMarker::Shape::Diamond, {}});
    }
    return spec;
}

}  // namespace spare
