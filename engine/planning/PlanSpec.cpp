#include "engine/planning/PlanSpec.h"

#include "engine/base/InputError.h"
#include "engine/base/ProblemList.h"
#include "engine/base/ScenarioLimits.h"
#include "engine/campaign/CampaignPlan.h"
#include "engine/sim/ScenarioJson.h"

#include <fmt/core.h>
#include <fmt/format.h>

#include <algorithm>
#include <limits>

namespace spare {

using nlohmann::json;

std::string checkpointIntervalText(const std::optional<int>& steps)
{
    return steps ? std::to_string(*steps) : std::string("auto");
}

std::string PlanCandidate::label() const
{
    return fmt::format("{} r={} T_c={}{}", policyName(policy), redundancy, checkpointIntervalText(checkpointIntervalSteps),
                       checkpointIntervalSteps ? " steps" : "");
}

std::vector<PlanCandidate> PlanSpec::candidates(Policy policy) const
{
    std::vector<PlanCandidate> out;
    const std::vector<int> rs = policyUsesRedundancy(policy) ? redundancies : std::vector<int>{1};
    for (const int r : rs)
        for (const auto& interval : checkpointIntervals)
            out.push_back({policy, r, interval});
    return out;
}

Scenario PlanSpec::scenario(const PlanCandidate& candidate, int replicate) const
{
    Scenario s = base;
    s.policy = candidate.policy;
    s.redundancy = candidate.redundancy;
    s.checkpointIntervalSteps = candidate.checkpointIntervalSteps;
    s.seed = commonReplicateSeed(base.seed, replicate);
    return s;
}

std::vector<std::string> PlanSpec::validate() const
{
    std::vector<std::string> problems;
    if (policies.empty())
        problems.push_back(fmt::format("policies: empty; give at least one of {}", policyNames()));
    // Each policy's own rules (elastic and rebalance refuse the paper's checkpoint rule).
    for (const Policy policy : policies)
        for (const InputIssue& issue : validateUnderPolicy(base, policy))
            problems.push_back(fmt::format("policies: {}: {}: {}", policyName(policy), issue.keyPath, issue.problem));
    const int maxR = std::min(base.groups, ScenarioLimits::maxRedundancy);
    for (const int r : redundancies)
        if (r < 2 || r > maxR)
            problems.push_back(fmt::format("redundancy: {} is out of range; allowed: 2 .. {} (min(cluster.groups, {}))",
                                           r, maxR, ScenarioLimits::maxRedundancy));
    if (redundancies.empty() && std::any_of(policies.begin(), policies.end(), policyUsesRedundancy))
        problems.push_back("redundancy: empty; give r values for spare and rep, e.g. 2-16");
    if (checkpointIntervals.empty())
        problems.push_back("checkpoint: empty; give auto or interval steps");
    for (const auto& steps : checkpointIntervals)
        if (steps && (*steps < 1 || *steps > base.steps))
            problems.push_back(fmt::format("checkpoint: {} steps is out of range; allowed: 1 .. {} (workload.steps)",
                                           *steps, base.steps));
    if (!(confidence >= 0.5 && confidence < 1.0))
        problems.push_back(fmt::format("confidence: {} is out of range; allowed: 0.5 <= c < 1", confidence));
    if (!(indifference > 0.0 && indifference <= 0.5))
        problems.push_back(fmt::format("indifference: {} is out of range; allowed: 0 < d <= 0.5 (a share of TTT/T0)",
                                       indifference));
    if (firstStage < 5 || firstStage > 1000)
        problems.push_back(fmt::format("first_stage: {} is out of range; allowed: 5 .. 1000", firstStage));
    if (batch < 1 || batch > 1000)
        problems.push_back(fmt::format("batch: {} is out of range; allowed: 1 .. 1000", batch));
    if (maxReplicates < firstStage || maxReplicates > kMostReplicates)
        problems.push_back(fmt::format("max_replicates: {} is out of range; allowed: first_stage ({}) .. {}",
                                       maxReplicates, firstStage, kMostReplicates));
    if (!(maxTttRatio >= 1.0 && maxTttRatio <= 1e6))
        problems.push_back(fmt::format("max_ttt_ratio: {} is out of range; allowed: 1 .. 1e6 (a multiple of T0)", maxTttRatio));
    for (const Policy policy : policies) {
        const std::size_t k = candidates(policy).size();
        if (k >= 2 && !(1.0 - confidence < 1.0 - 1.0 / static_cast<double>(k)))
            problems.push_back(fmt::format("confidence: {} is too low for {} candidates of {}; allowed: above {}",
                                           confidence, k, policyName(policy), 1.0 / static_cast<double>(k)));
    }
    return problems;
}

json PlanSpec::toJson() const
{
    json doc;
    doc["base"] = scenarioToJson(base);
    doc["policies"] = json::array();
    for (const Policy p : policies)
        doc["policies"].push_back(policyName(p));
    doc["redundancies"] = redundancies;
    doc["checkpoint_intervals"] = json::array();
    for (const auto& steps : checkpointIntervals)
        doc["checkpoint_intervals"].push_back(steps ? json(*steps) : json("auto"));
    doc["confidence"] = confidence;
    doc["indifference"] = indifference;
    doc["first_stage"] = firstStage;
    doc["batch"] = batch;
    doc["max_replicates"] = maxReplicates;
    doc["max_ttt_ratio"] = maxTttRatio;
    return doc;
}

PlanSpec PlanSpec::fromJson(const json& doc, const std::string& origin)
{
    PlanSpec spec;
    const auto fail = [&](const std::string& key, const std::string& message) {
        throw InputError({{origin, key, message}});
    };
    const auto shown = [](const json& value) { return excerpt(value.dump()); };
    // Whole numbers only: a float or a string is refused, not rounded or read as 0.
    const auto integer = [&](const std::string& key, const json& value) {
        if (!value.is_number_integer() || value.get<long long>() < std::numeric_limits<int>::min() ||
            value.get<long long>() > std::numeric_limits<int>::max())
            fail(key, fmt::format("{} is not allowed; allowed: an integer (ranges below)", shown(value)));
        return value.get<int>();
    };
    const auto number = [&](const std::string& key) {
        const json& value = doc.at(key);
        if (!value.is_number())
            fail(key, fmt::format("{} is not a number", shown(value)));
        return value.get<double>();
    };
    const auto array = [&](const std::string& key) -> const json& {
        const json& value = doc.at(key);
        if (!value.is_array())
            fail(key, fmt::format("{} is not a list", shown(value)));
        return value;
    };
    try {
        if (!doc.is_object())
            fail("(root)", "not a JSON object");
        spec.base = scenarioFromJson(doc.at("base"), origin + ": base");
        spec.policies.clear();
        for (const json& name : array("policies")) {
            const auto policy = name.is_string() ? parsePolicy(name.get<std::string>()) : std::nullopt;
            if (!policy)
                fail("policies", fmt::format("{} is not a policy; allowed: {}", shown(name), policyNames()));
            spec.policies.push_back(*policy);
        }
        spec.redundancies.clear();
        for (const json& r : array("redundancies"))
            spec.redundancies.push_back(integer("redundancies", r));
        spec.checkpointIntervals.clear();
        for (const json& steps : array("checkpoint_intervals")) {
            if (steps == "auto")
                spec.checkpointIntervals.emplace_back(std::nullopt);
            else
                spec.checkpointIntervals.emplace_back(integer("checkpoint_intervals", steps));
        }
        spec.confidence = number("confidence");
        spec.indifference = number("indifference");
        spec.firstStage = integer("first_stage", doc.at("first_stage"));
        spec.batch = integer("batch", doc.at("batch"));
        spec.maxReplicates = integer("max_replicates", doc.at("max_replicates"));
        spec.maxTttRatio = number("max_ttt_ratio");
    } catch (const json::exception& e) {
        fail("(plan)", fmt::format("malformed plan file: {}", e.what()));
    }
    if (const auto problems = spec.validate(); !problems.empty())
        fail("(plan)", fmt::format("{}", fmt::join(problems, "; ")));
    return spec;
}

}  // namespace spare
