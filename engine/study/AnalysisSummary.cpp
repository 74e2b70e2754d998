#include "engine/study/AnalysisSummary.h"

#include "engine/analysis/ClosedForms.h"
#include "engine/study/AnalysisFigures.h"

#include <fmt/format.h>

#include <map>
#include <vector>

namespace spare {
namespace {

std::string percent(double fraction)
{
    return fmt::format("{:.2f}%", 100.0 * fraction);
}

std::string joined(const std::vector<std::string>& items, const std::string& separator)
{
    std::string text;
    for (std::size_t i = 0; i < items.size(); ++i)
        text += (i ? separator : "") + items[i];
    return text;
}

// The charts a report holds, and one sentence per reason any other is left out.
std::string chartsSection(const AnalysisRequest& request, const std::string& chartFormats)
{
    std::string text = fmt::format("Charts in charts/ ({}): {}.\n\n", chartFormats,
                                   joined(AnalysisFigures::available(request), ", "));
    std::map<std::string, std::vector<std::string>> leftOut;
    for (const std::string& chart : AnalysisFigures::names())
        if (const std::string why = AnalysisFigures::unavailable(chart, request); !why.empty())
            leftOut[why].push_back(chart);
    for (const auto& [why, charts] : leftOut)
        text += fmt::format("Left out: {}, as {}.\n\n", joined(charts, " and "), why);
    return text;
}

// Why a policy has no best r yet: its grid is not all simulated, or no run finished within the cap.
std::string noBest(const AnalysisRequest& request, const AnalysisResults& results, Policy policy)
{
    const int done = AnalysisFigures::redundanciesDone(request, results.headline, policy);
    if (done < static_cast<int>(request.redundancies.size()))
        return fmt::format("not known yet ({} of {} r values simulated)", done, request.redundancies.size());
    return "none (no run finished before the T0 cap)";
}

}  // namespace

std::optional<double> AnalysisSummary::gainOverReplication(const AnalysisRequest& request, const AnalysisResults& results)
{
    const auto spare = AnalysisFigures::best(request, results.headline, Policy::Spare);
    const auto rep = AnalysisFigures::best(request, results.headline, Policy::Rep);
    if (!spare || !rep)
        return std::nullopt;
    return 1.0 - spare->tttRatio.mean / rep->tttRatio.mean;
}

std::string AnalysisSummary::oneLine(const AnalysisRequest& request, const AnalysisResults& results)
{
    std::vector<std::string> parts;
    for (Policy policy : request.policies)
        if (const auto best = AnalysisFigures::best(request, results.headline, policy))
            parts.push_back(fmt::format("{} best r = {:g}: TTT/T0 {:.2f}, availability {}, ETTR {:.3f}",
                                        policyDisplayName(policy), best->x, best->tttRatio.mean,
                                        percent(best->availability.mean), best->ettr.mean));
        else
            parts.push_back(fmt::format("{} best r: {}", policyDisplayName(policy), noBest(request, results, policy)));
    if (const auto gain = gainOverReplication(request, results))
        parts.push_back("gain of SPARe over Rep " + percent(*gain));
    parts.push_back(fmt::format("r* = {}", optimalRedundancy(request.scenario.groups)));
    return joined(parts, "; ");
}

std::string AnalysisSummary::markdown(const AnalysisRequest& request, const AnalysisResults& results,
                                      const std::string& chartFormats)
{
    const Scenario& s = request.scenario;
    std::string text = fmt::format("# SPARe Studio report: {}\n\n", s.name);
    text += fmt::format("N = {} groups, {} steps simulated per run, {} seeds per point (seed {} on), "
                        "system MTBF {:g} s, restart {:g} s, checkpoint write {:g} s.\n\n",
                        s.groups, request.simulatedScenario().steps, request.seeds, s.seed, s.systemMtbfS, s.restartS,
                        s.checkpointWriteS);
    if (results.cancelled)
        text += "**The computation was cancelled: the figures below cover the points finished.**\n\n";
    text += "| policy | best r | TTT/T0 (mean ± sd) | T0/TTT | availability | ETTR (mean ± sd) |\n"
            "|---|---|---|---|---|---|\n";
    for (Policy policy : request.policies)
        if (const auto best = AnalysisFigures::best(request, results.headline, policy))
            text += fmt::format("| {} | {:g} | {:.3f} ± {:.3f} | {:.3f} | {} | {:.3f} ± {:.3f} |\n",
                                policyDisplayName(policy), best->x, best->tttRatio.mean, best->tttRatio.sd,
                                1.0 / best->tttRatio.mean, percent(best->availability.mean), best->ettr.mean,
                                best->ettr.sd);
        else
            text += fmt::format("| {} | {} | | | | |\n", policyDisplayName(policy), noBest(request, results, policy));
    text += '\n';
    if (const auto gain = gainOverReplication(request, results))
        text += fmt::format("Gain of SPARe+CKPT over Rep+CKPT (1 - TTT_SPARe / TTT_Rep at each best r): **{}**.\n\n",
                            percent(*gain));
    const int rStar = optimalRedundancy(s.groups);
    text += fmt::format("Model: r* = {}, J(r*) = {:.3f} (closed form, docs/method.md section 6).\n\n", rStar,
                        tttRatioModel(s.groups, rStar, s.systemMtbfS, s.checkpointWriteS, s.restartS));
    text += chartsSection(request, chartFormats);
    text += "Reproduce a point: `spare-cli simulate scenario.json --policy spare --redundancy R --seed S`.\n";
    return text;
}

}  // namespace spare
