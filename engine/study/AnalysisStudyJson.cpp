#include "engine/study/AnalysisStudyJson.h"

#include "engine/study/AnalysisFigures.h"
#include "engine/study/AnalysisSummary.h"

#include <nlohmann/json.hpp>

namespace spare {
namespace {

nlohmann::json spreadJson(const SeedSpread& spread)
{
    return {{"mean", spread.mean}, {"sd", spread.sd}};
}

nlohmann::json figureJson(const AnalysisFigure& figure)
{
    nlohmann::json series = nlohmann::json::array();
    for (const FigureSeries& s : figure.series) {
        nlohmann::json x = nlohmann::json::array(), y = nlohmann::json::array();
        nlohmann::json low = nlohmann::json::array(), high = nlohmann::json::array();
        for (const FigurePoint& p : s.points) {
            x.push_back(p.x);
            y.push_back(p.y);
            if (s.hasBand) {
                low.push_back(p.low);
                high.push_back(p.high);
            }
        }
        series.push_back({{"name", s.name}, {"x", x}, {"y", y}, {"band_low", low}, {"band_high", high}});
    }
    nlohmann::json markers = nlohmann::json::array();
    for (const FigureMarker& m : figure.markers)
        markers.push_back({{"label", m.label}, {"x", m.x}, {"y", m.y}});
    return {{"title", figure.title}, {"subtitle", figure.subtitle}, {"x_label", figure.xLabel},
            {"y_label", figure.yLabel}, {"series", series},        {"markers", markers},
            {"csv", figure.csv()}};
}

}  // namespace

nlohmann::json analysisStudyToJson(const AnalysisRequest& request, const AnalysisResults& results)
{
    nlohmann::json best = nlohmann::json::object();
    for (Policy policy : request.policies)
        if (const auto point = AnalysisFigures::best(request, results.headline, policy))
            best[policyName(policy)] = {{"redundancy", point->x},
                                        {"ttt_ratio", spreadJson(point->tttRatio)},
                                        {"availability", spreadJson(point->availability)},
                                        {"ettr", spreadJson(point->ettr)}};
    nlohmann::json figures = nlohmann::json::object();
    for (const std::string& name : AnalysisFigures::available(request))
        figures[name] = figureJson(*AnalysisFigures::build(name, request, results));
    const auto gain = AnalysisSummary::gainOverReplication(request, results);
    return {{"scenario", request.scenario.name},
            {"complete", results.complete},
            {"cancelled", results.cancelled},
            {"summary", AnalysisSummary::oneLine(request, results)},
            {"summary_markdown", AnalysisSummary::markdown(request, results, "CSV")},
            {"best", best},
            {"gain_over_rep", gain ? nlohmann::json(*gain) : nlohmann::json(nullptr)},
            {"figures", figures}};
}

}  // namespace spare
