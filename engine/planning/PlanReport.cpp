#include "engine/planning/PlanReport.h"

#include "engine/base/ShellWord.h"
#include "engine/base/WholeNumber.h"

#include <fmt/core.h>
#include <fmt/format.h>

#include <string>
#include <vector>

namespace spare {

using nlohmann::json;

namespace {

json candidateJson(const PlanCandidateState& c)
{
    return {{"policy", policyName(c.candidate.policy)},
            {"redundancy", c.candidate.redundancy},
            {"checkpoint_interval_steps", checkpointIntervalText(c.candidate.checkpointIntervalSteps)},
            {"replicates", c.observations},
            {"ttt_ratio_mean", c.mean},
            {"ttt_ratio_ci95", {c.mean - c.halfWidth, c.mean + c.halfWidth}},
            {"in_race", c.alive},
            {"eliminated_at", c.eliminatedAt}};
}

// A probability as a percentage with the digits it needs: 95%, 99.9%, never 100% for one below 1.
std::string percentText(double share)
{
    for (int digits = 0;; ++digits) {
        const std::string text = fmt::format("{:.{}f}", share * 100.0, digits);
        if (share >= 1.0 || parseWholeNumber<double>(text).value_or(0.0) < 100.0 || digits >= 15)
            return text + "%";
    }
}

std::string guaranteeText(const PlanPolicyResult& p, const PlanSpec& spec)
{
    if (p.candidates.size() < 2)
        return "one candidate: nothing to select";
    if (p.cappedAtMaxReplicates)
        return fmt::format("no guarantee: stopped at {} replicates (--max-replicates) with {} candidates still in",
                           spec.maxReplicates,
                           std::count_if(p.candidates.begin(), p.candidates.end(), [](const auto& c) { return c.alive; }));
    if (!p.done)
        return "undecided: the race goes on";
    return fmt::format("P(correct selection) >= {} when the best is at least {:.4g} TTT/T0 ({:.3g}% of the best "
                       "first-stage mean) better than every other candidate",
                       percentText(spec.confidence), p.delta, spec.indifference * 100.0);
}

}  // namespace

std::string planCommandLine(const PlanSpec& spec, const std::string& scenarioPath)
{
    std::vector<std::string> policies;
    for (const Policy p : spec.policies)
        policies.emplace_back(policyName(p));
    std::vector<std::string> intervals;
    for (const auto& steps : spec.checkpointIntervals)
        intervals.push_back(checkpointIntervalText(steps));
    // Runs of consecutive values as ranges: 2-16, 2,4,8.
    std::vector<std::string> rs;
    for (std::size_t i = 0; i < spec.redundancies.size();) {
        std::size_t j = i;
        while (j + 1 < spec.redundancies.size() && spec.redundancies[j + 1] == spec.redundancies[j] + 1)
            ++j;
        rs.push_back(j > i + 1 ? fmt::format("{}-{}", spec.redundancies[i], spec.redundancies[j])
                               : std::to_string(spec.redundancies[i]));
        if (j == i + 1)
            rs.push_back(std::to_string(spec.redundancies[j]));
        i = j + 1;
    }
    return fmt::format("spare-cli plan {} --policies {} --redundancy {} --checkpoint {} --confidence {} --indifference {} "
                       "--first-stage {} --batch {} --max-replicates {}",
                       shellWord(scenarioPath), fmt::join(policies, ","), fmt::join(rs, ","), fmt::join(intervals, ","),
                       spec.confidence, spec.indifference, spec.firstStage, spec.batch, spec.maxReplicates);
}

json planResultToJson(const PlanResult& result, const PlanSpec& spec)
{
    json doc;
    doc["spec"] = spec.toJson();
    doc["spec"].erase("base");
    doc["rounds"] = result.rounds;
    doc["runs"] = result.runs;
    doc["complete"] = result.complete;
    doc["policies"] = json::array();
    for (const PlanPolicyResult& p : result.policies) {
        json policy;
        policy["policy"] = policyName(p.policy);
        policy["done"] = p.done;
        policy["guaranteed"] = p.guaranteed();
        policy["guarantee"] = guaranteeText(p, spec);
        policy["confidence"] = spec.confidence;
        policy["indifference_ttt_ratio"] = p.delta;
        policy["eta"] = p.eta;
        policy["h2"] = p.h2;
        policy["replicates"] = p.replicates;
        policy["runs"] = p.runs;
        policy["full_grid_runs"] = p.fullGridRuns;
        policy["selected"] = candidateJson(p.candidates[static_cast<std::size_t>(p.selected)]);
        if (p.runnerUp >= 0) {
            policy["runner_up"] = candidateJson(p.candidates[static_cast<std::size_t>(p.runnerUp)]);
            policy["runner_up_minus_selected"] = {
                {"mean", p.differenceMean},
                {"ci95", {p.differenceMean - p.differenceHalfWidth, p.differenceMean + p.differenceHalfWidth}}};
        }
        policy["candidates"] = json::array();
        for (const PlanCandidateState& c : p.candidates)
            policy["candidates"].push_back(candidateJson(c));
        doc["policies"].push_back(policy);
    }
    return doc;
}

std::string planReportMarkdown(const PlanResult& result, const PlanSpec& spec, const std::string& command)
{
    std::string out = fmt::format("# Plan: {}\n\n", spec.base.name.empty() ? "scenario" : spec.base.name);
    out += fmt::format("Choose (r, T_c) per policy by the smallest expected TTT/T0, {} confidence, indifference "
                       "zone {:.3g}% of the best first-stage mean; Kim-Nelson fully sequential selection with common "
                       "random numbers, first stage {} replicates, then {} per round.\n\n",
                       percentText(spec.confidence), spec.indifference * 100.0, spec.firstStage, spec.batch);
    out += "| policy | chosen | TTT/T0 (95% CI) | runner-up | runner-up - chosen (95% CI) | runs | full grid |\n";
    out += "|---|---|---|---|---|---|---|\n";
    for (const PlanPolicyResult& p : result.policies) {
        const PlanCandidateState& s = p.candidates[static_cast<std::size_t>(p.selected)];
        std::string runnerUp = "-";
        std::string difference = "-";
        if (p.runnerUp >= 0) {
            const PlanCandidateState& u = p.candidates[static_cast<std::size_t>(p.runnerUp)];
            runnerUp = fmt::format("r = {}, T_c = {} ({:.4f})", u.candidate.redundancy,
                                   checkpointIntervalText(u.candidate.checkpointIntervalSteps), u.mean);
            difference = fmt::format("{:+.4f} ({:+.4f} .. {:+.4f})", p.differenceMean,
                                     p.differenceMean - p.differenceHalfWidth, p.differenceMean + p.differenceHalfWidth);
        }
        out += fmt::format("| {} | r = {}, T_c = {} | {:.4f} ({:.4f} .. {:.4f}) | {} | {} | {} | {} |\n",
                           policyDisplayName(p.policy), s.candidate.redundancy,
                           checkpointIntervalText(s.candidate.checkpointIntervalSteps), s.mean, s.mean - s.halfWidth,
                           s.mean + s.halfWidth, runnerUp, difference, p.runs,
                           p.fullGridRuns ? std::to_string(p.fullGridRuns) : std::string("-"));
    }
    out += "\n";
    for (const PlanPolicyResult& p : result.policies)
        out += fmt::format("- **{}**: {}.\n", policyDisplayName(p.policy), guaranteeText(p, spec));
    std::size_t grid = 0;
    for (const PlanPolicyResult& p : result.policies)
        grid += p.fullGridRuns;
    out += fmt::format("\n{} runs in {} rounds{}; a full grid at the same confidence (every candidate run to the most "
                       "replicates any pair needs) would take {} runs ({:.1f}x).\n",
                       result.runs, result.rounds, result.complete ? "" : " (not finished)", grid,
                       result.runs ? static_cast<double>(grid) / static_cast<double>(result.runs) : 0.0);
    out += "\n## Candidates\n\n| policy | r | T_c (steps) | replicates | TTT/T0 | 95% CI | status |\n|---|---|---|---|---|---|---|\n";
    for (const PlanPolicyResult& p : result.policies)
        for (std::size_t i = 0; i < p.candidates.size(); ++i) {
            const PlanCandidateState& c = p.candidates[i];
            const std::string status = static_cast<int>(i) == p.selected && p.done ? "chosen"
                                       : c.alive                                   ? "in the race"
                                                            : fmt::format("out at replicate {}", c.eliminatedAt);
            out += fmt::format("| {} | {} | {} | {} | {:.4f} | {:.4f} .. {:.4f} | {} |\n", policyName(p.policy),
                               c.candidate.redundancy, checkpointIntervalText(c.candidate.checkpointIntervalSteps),
                               c.observations, c.mean, c.mean - c.halfWidth, c.mean + c.halfWidth, status);
        }
    out += fmt::format("\nEvery number above is reproduced by:\n\n```sh\n{}\n```\n", command);
    return out;
}

}  // namespace spare
