#include "engine/planning/RegimeContender.h"

#include "engine/base/InputError.h"
#include "engine/sim/PreparedRun.h"

#include <fmt/core.h>

#include <algorithm>
#include <sstream>
#include <string_view>

namespace spare {

namespace {

constexpr std::string_view kMemorySuffix = "-memory";

}  // namespace

RegimeContender parseRegimeContender(const std::string& name, const char* argument)
{
    RegimeContender c;
    c.name = name;
    std::string policy = name;
    if (policy.size() > kMemorySuffix.size() && policy.ends_with(kMemorySuffix)) {
        c.memoryTier = true;
        policy.resize(policy.size() - kMemorySuffix.size());
    }
    const std::optional<Policy> parsed = parsePolicy(policy);
    if (!parsed)
        throw InputError({{{}, argument,
                           fmt::format("\"{}\" is not a contender; allowed: spare, rep, ckpt, elastic, rebalance, each "
                                       "optionally with -memory",
                                       name.substr(0, 60))}});
    c.policy = *parsed;
    return c;
}

std::vector<RegimeContender> parseRegimeContenders(const std::string& list, const char* argument)
{
    std::vector<RegimeContender> contenders;
    std::stringstream stream(list);
    std::string name;
    while (std::getline(stream, name, ','))
        contenders.push_back(parseRegimeContender(name, argument));
    if (contenders.size() < 2 || contenders.size() > 6)
        throw InputError(fmt::format("{} {}: {} contenders; allowed: 2 .. 6", argument, list.substr(0, 60),
                                     contenders.size()));
    return contenders;
}

std::vector<RegimeContender> allRegimeContenders()
{
    std::vector<RegimeContender> all;
    for (const Policy p : kPolicies)
        for (const bool memory : {false, true})
            all.push_back({fmt::format("{}{}", policyName(p), memory ? kMemorySuffix : ""), p, memory});
    return all;
}

std::string contenderDisplayName(const RegimeContender& contender)
{
    return fmt::format("{}{}", policyDisplayName(contender.policy), contender.memoryTier ? " + memory" : "");
}

bool contenderNeedsExactSemantics(const RegimeContender& contender)
{
    return contender.memoryTier || policyNeedsExactSemantics(contender.policy);
}

bool lineupNeedsExactSemantics(const std::vector<RegimeContender>& lineup)
{
    return std::any_of(lineup.begin(), lineup.end(), contenderNeedsExactSemantics);
}

ContenderSettings contenderSettings(const Scenario& base, const RegimeContender& contender,
                                    const std::vector<RegimeContender>& lineup, bool sameRedundancy)
{
    ContenderSettings settings;
    settings.policy = contender.policy;
    settings.memoryTier = contender.memoryTier;
    settings.exactSemantics = lineupNeedsExactSemantics(lineup);
    if (contender.policy != Policy::Spare)
        settings.layout = "consecutive";
    if (!policyUsesRedundancy(contender.policy))
        settings.redundancy = 1;
    else if (contender.policy == Policy::Rep && !sameRedundancy)
        settings.redundancy = resolvedRepRedundancy(base);
    return settings;
}

Scenario withContenderSettings(const Scenario& base, const ContenderSettings& settings)
{
    Scenario lane = base;
    lane.policy = settings.policy;
    if (!settings.memoryTier)
        lane.memoryCheckpoint.reset();
    else if (!lane.memoryCheckpoint)
        lane.memoryCheckpoint = MemoryCheckpoint{};
    if (settings.exactSemantics)
        lane.checkpointSemantics = CheckpointSemantics::Exact;
    if (settings.layout)
        lane.layout = *settings.layout;
    if (settings.redundancy)
        lane.redundancy = *settings.redundancy;
    return lane;
}

Scenario contenderScenario(const Scenario& base, const RegimeContender& contender,
                           const std::vector<RegimeContender>& lineup, bool sameRedundancy)
{
    return withContenderSettings(base, contenderSettings(base, contender, lineup, sameRedundancy));
}

}  // namespace spare
